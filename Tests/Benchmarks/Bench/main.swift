import FoodLoggerDomain
import FoodLoggerKit
import Foundation
import LoopbackHTTP

// foodlogger-bench: one command that measures what a user feels (start-up, end-to-end time
// against the `curl | jq` a power user would write instead, paging, memory) and decoding
// throughput, checks the budgets, and records the results with the machine in Tests/Benchmarks/README.md.

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("foodlogger-bench: \(error)\n".utf8))
    exit(64)
}

do {
    // The interactive map's figures are taken first, in-process, on the main actor it runs on.
    let mapFigures = await MapExplorerFigures.measure(
        try GourmetResponseDecoder.decode(SyntheticResponse.page(total: 100, count: 100)),
        around: Coordinate(lat: SyntheticResponse.center.lat, lng: SyntheticResponse.center.lng), range: .m3000,
        columns: 200, rows: 60, moves: options.runs * 5)
    var bench = try Bench(options: options)
    let passed = Result { try bench.run(mapFigures) }
    bench.removeScratch()  // exit() runs no defer
    exit(try passed.get() || options.reportOnly ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("foodlogger-bench: \(error)\n".utf8))
    exit(70)
}

struct Bench {
    let options: Options
    let foodlogger: String
    let hello: String
    let helloNetworking: String
    /// A HOME without any key.plist, so only the environment's fake key is used.
    let home: String
    var lines: [String] = []
    var budgets: [Budget] = []
    /// Peak resident set per command, in MiB, and its median context switches (nil: not
    /// measured), for sections (e) and (j).
    var memory: [(label: String, mebibytes: Double?, switches: Int?)] = []

    static let center = ["--lat", "35.6812", "--lng", "139.7671"]
    static let key = "bench-key"

    init(options: Options) throws {
        self.options = options
        let directory = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        foodlogger = try options.binary ?? Self.buildStatic()
        hello = directory.appendingPathComponent("foodlogger-hello").path
        helloNetworking = directory.appendingPathComponent("foodlogger-hello-net").path
        for binary in [foodlogger] + (options.instructionsOnly ? [] : [hello, helloNetworking]) where access(binary, X_OK) != 0 {
            throw SpawnError(
                description: "\(binary) is not built; run: swift run -c release --scratch-path .build-bench foodlogger-bench")
        }
        home = NSTemporaryDirectory() + "foodlogger-bench-home-\(getpid())"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// The binary the README's install recipe makes (the Swift runtime and Foundation linked in),
    /// built or brought up to date in .build-static; the baselines stay ordinary dynamic builds.
    static func buildStatic() throws -> String {
        guard FileManager.default.fileExists(atPath: "Package.swift"), let swift = Command.find("swift") else {
            throw SpawnError(
                description: "run the bench from the package root with swift on PATH, or name a build with --binary PATH")
        }
        print("foodlogger-bench: swift build -c release --static-swift-stdlib --scratch-path .build-static --product foodlogger")
        _ = try Spawn.run(
            [
                Command(
                    swift,
                    [
                        "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", ".build-static",
                        "--product", "foodlogger",
                    ])
            ],
            environment: ProcessInfo.processInfo.environment)
        return FileManager.default.currentDirectoryPath + "/.build-static/release/foodlogger"
    }

    /// The bench's HOME and the commands' captured stderr: nothing is left in the temporary folder.
    func removeScratch() {
        for path in [home, Spawn.stderrFile, Spawn.stderrFile + ".rss", Spawn.stderrFile + ".cpu"] {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    var environment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"]
    }

    func environment(server: LoopbackServer) -> [String: String] {
        environment.merging(["HOTPEPPER_API_KEY": Self.key, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString]) { $1 }
    }

    /// A closure that runs `pipeline` once.
    func runner(_ pipeline: [Command], _ environment: [String: String]) -> () throws -> Double {
        { try Spawn.run(pipeline, environment: environment) }
    }

    mutating func run(_ mapFigures: MapExplorerFigures) throws -> Bool {
        let loadBefore = Machine.load()
        print("foodlogger-bench: \(options.runs) runs per command after \(options.warmups) warm-up runs; load \(loadBefore)")
        let started = Date()
        if options.instructionsOnly {
            try instructionBudgets()  // prints its own rows
            let printed = lines.count
            try hoursInstructions()
            print(lines[printed...].joined(separator: "\n"))
            let failed = budgets.filter { $0.passed == false }
            print(
                failed.isEmpty
                    ? "foodlogger-bench: every instruction budget met" : "foodlogger-bench: \(failed.count) budget(s) missed")
            return failed.isEmpty
        }
        try startUp()
        try decoding()
        try openingHours()
        interactiveMap(mapFigures)
        try endToEnd()
        try paging()
        try cachedRepeat()
        try openStreetMap()
        try instructionBudgets()
        try mergedSearch()
        try crowdedMergedSearch()
        try foodLog()
        try hoursInstructions()
        try silentServer()
        memorySection()
        let report = compose(loadBefore: loadBefore, loadAfter: Machine.load(), seconds: Date().timeIntervalSince(started))
        print(report)
        if let output = options.output {
            try BenchmarksFile.write(report, to: output)
            print("foodlogger-bench: wrote \(output)")
        }
        let failed = budgets.filter { $0.passed == false }
        print(failed.isEmpty ? "foodlogger-bench: every budget met" : "foodlogger-bench: \(failed.count) budget(s) missed")
        return failed.isEmpty
    }

    // MARK: (a) start-up

    mutating func startUp() throws {
        let commands = [
            ("foodlogger-hello (Foundation hello world)", Command(hello)),
            ("foodlogger-hello-net (the same, linked with FoundationNetworking)", Command(helloNetworking)),
            ("foodlogger --version", Command(foodlogger, ["--version"])),
            ("foodlogger search --stub … --json", Command(foodlogger, ["search", "--stub"] + Self.center + ["--json"])),
        ]
        let measured = try interleave(
            commands.map { (label: $0.0, run: runner([$0.1], environment)) },
            runs: options.runs, warmups: options.warmups)
        for (label, command) in commands { try measureMemory(label, command, environment) }
        section(
            "(a) Start-up",
            note: "Release binaries, stdout to /dev/null. Ratio: median over the hello world's median. "
                + "The second row is not a budget: it shows what linking URLSession's stack alone costs.",
            measured, baseline: measured[0])
        for candidate in measured.dropFirst(2) {
            budgets.append(
                Budget(
                    name: "(a) \(candidate.label) vs hello world",
                    measured: candidate.seconds.median / measured[0].seconds.median,
                    limit: 1.3 * options.slack, unit: "×"))
        }
    }

    // MARK: (b) decoding

    mutating func decoding() throws {
        lines += [
            "### (b) Decoding throughput", "",
            "`GourmetResponseDecoder.decode` in-process on synthetic responses shaped like the real 1.30 full response.", "",
            "| response | bytes | median per decode | p90 | shops per second |", "|---|---:|---:|---:|---:|",
        ]
        for shops in [100, 1000] {
            let data = SyntheticResponse.page(total: shops, count: shops)
            // Enough decodes per sample that each sample lasts well over the clock's resolution.
            let batch = max(1, 1000 / shops)
            var samples = Samples()
            for round in 0..<(options.warmups + options.runs) {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<batch {
                    let page = try GourmetResponseDecoder.decode(data)
                    guard page.restaurants.count == shops else {
                        throw SpawnError(description: "decoded \(page.restaurants.count) of \(shops) shops")
                    }
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(batch)
                if round >= options.warmups { samples.append(seconds) }
            }
            lines.append(
                "| \(shops) shops | \(data.count) | \(ms(samples.median)) | \(ms(samples.p90)) | "
                    + "\(Int(Double(shops) / samples.median)) |")
        }
        lines.append("")
    }

    // MARK: (g) opening hours

    /// Reading the hours of 100 shops, and telling for each whether it is open, in-process.
    mutating func openingHours() throws {
        let shops = try GourmetResponseDecoder.decode(SyntheticResponse.page(total: 100, count: 100)).restaurants
        let moment = OpeningHours.Moment(CivilTime(Date(), secondsFromGMT: HoursClock.japanOffset))
        func measure(_ work: () -> Int) -> Samples {
            var samples = Samples()
            for round in 0..<(options.warmups + options.runs) {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<10 { precondition(work() >= 0) }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / 10
                if round >= options.warmups { samples.append(seconds) }
            }
            return samples
        }
        let parse = measure { shops.filter { $0.openingHours != nil }.count }
        let hours = shops.map(\.openingHours)
        let filter = measure { hours.filter { $0?.status(at: moment).isOpen == true }.count }
        lines += [
            "### (g) Opening hours", "",
            "In-process, on the 100 shops of (b)'s response; goal: well under a millisecond each. Reported only.", "",
            "| work | median | p90 |", "|---|---:|---:|",
            "| parse the open/close texts of 100 shops | \(us(parse.median)) | \(us(parse.p90)) |",
            "| open-now status of 100 parsed shops | \(us(filter.median)) | \(us(filter.p90)) |", "",
        ]
    }

    // MARK: (h) the interactive map

    /// What a key costs on the interactive map: bytes written and the time to build and diff
    /// the next screen, on a large terminal full of markers.
    mutating func interactiveMap(_ figures: MapExplorerFigures) {
        func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
        var moves = Samples()
        figures.secondsPerMove.forEach { moves.append($0) }
        let kb = { (bytes: Int) in String(format: "%.2f KB", Double(bytes) / 1024) }
        lines += [
            "### (h) Interactive map", "",
            "In-process, the Map scene on a 200×60 screen with the 100 shops of (b)'s response (3 km range), driven by a script "
                + "of \(figures.bytesPerMove.count) Tab presses and as many pans, Shift+Left and Shift+Right in turn; goal: under 2 KB written per "
                + "move. Reported only.", "",
            "| what | median | largest |", "|---|---:|---:|",
            "| first screen | \(kb(figures.firstPaintBytes)) | |",
            "| bytes per selection move | \(kb(median(figures.bytesPerMove))) | \(kb(figures.bytesPerMove.max() ?? 0)) |",
            "| bytes per pan | \(kb(median(figures.bytesPerPan))) | \(kb(figures.bytesPerPan.max() ?? 0)) |",
            "| build and diff a frame (selection move) | \(us(moves.median)) | \(us(figures.secondsPerMove.max() ?? 0)) |", "",
        ]
    }

    // MARK: (c) end to end

    /// foodlogger against `curl -s URL | jq .results.shop` on one loopback server replaying a 100-shop page.
    mutating func endToEnd() throws {
        let server = try LoopbackServer(replies: [.json(SyntheticResponse.page(total: 312, count: 100))])
        defer { server.stop() }
        let environment = environment(server: server)
        let search = Command(foodlogger, ["search"] + Self.center + ["--count", "100", "--json", "--refresh"])
        var candidates = [(label: "foodlogger search --count 100 --json --refresh", run: runner([search], environment))]
        let tools = (curl: Command.find("curl"), jq: Command.find("jq"))
        if let curl = tools.curl, let jq = tools.jq {
            let url = GourmetRequest.url(
                for: RestaurantQuery(center: Coordinate(lat: 35.6812, lng: 139.7671), count: 100),
                key: Self.key, baseURL: server.baseURL)
            candidates.append(
                (
                    label: "curl -s URL | jq .results.shop",
                    run: runner([Command(curl, ["-s", url.absoluteString]), Command(jq, [".results.shop"])], environment)
                ))
            // Reported after the ratio's pair: the floor without the last list and the answer
            // cache, with no HOME, so nothing is written.
            let unhomed = environment.filter { $0.key != "HOME" }
            candidates.append((label: "the same with no HOME (nothing written)", run: runner([search], unhomed)))
        }
        try againstCurl(
            candidates, title: "(c) End to end: a 100-shop page from a loopback server",
            note:
                "Both ask the same server for the same URL (--refresh: every run asks, and keeps the answer, as a first search does); "
                + "ratio: foodlogger's median over curl | jq's. The third row, reported only, has no HOME: no last list, no answer kept.",
            budget: ("(c) search --count 100 vs curl | jq", 0.9), search: search, environment: environment)
    }

    /// Times foodlogger against the `curl | jq` in `candidates` (when both are installed), checks
    /// the ratio's budget and foodlogger's peak memory, section `budget.name`'s first letters.
    mutating func againstCurl(
        _ candidates: [(label: String, run: () throws -> Double)], title: String, note: String,
        budget: (name: String, limit: Double), search: Command, environment: [String: String]
    ) throws {
        let measured = try interleave(candidates, runs: options.runs, warmups: options.warmups)
        section(title, note: note, measured, baseline: measured.count > 1 ? measured[1] : nil)
        budgets.append(
            Budget(
                name: budget.name,
                measured: measured.count > 1 ? measured[0].seconds.median / measured[1].seconds.median : nil,
                limit: budget.limit * options.slack, unit: "×"))
        if measured.count < 2 { lines += ["curl or jq is not installed: the ratio was not measured.", ""] }
        let letter = budget.name.prefix(3)
        try measureMemory(measured[0].label + " (loopback)", search, environment, budget: "(e) peak RSS of \(letter)")
    }

    // MARK: (d) paging

    /// `--limit 250` (three pages) against a single page, every request answered after 100 ms.
    mutating func paging() throws {
        let total = 312
        let pages = Dictionary(
            uniqueKeysWithValues: [(1, 100), (101, 100), (201, 50)].map { start, count in
                ("\(start)/\(count)", SyntheticResponse.page(total: total, start: start, count: count))
            })
        let server = try LoopbackServer { request in
            let start = Int(request.queryValue("start") ?? "") ?? 1, count = Int(request.queryValue("count") ?? "") ?? 10
            let body = pages["\(start)/\(count)"] ?? SyntheticResponse.page(total: total, start: start, count: count)
            return Reply.json(body).delayed(by: 0.1)
        }
        defer { server.stop() }
        let environment = environment(server: server)
        let limited = Command(foodlogger, ["search"] + Self.center + ["--limit", "250", "--json", "--refresh"])
        let candidates = [
            (label: "foodlogger search --limit 250 --json --refresh", run: runner([limited], environment)),
            (
                label: "foodlogger search --count 100 --json --refresh",
                run: runner(
                    [Command(foodlogger, ["search"] + Self.center + ["--count", "100", "--json", "--refresh"])], environment)
            ),
        ]
        let measured = try interleave(candidates, runs: options.runs, warmups: min(options.warmups, 1))
        section(
            "(d) Paging: --limit 250 with 100 ms per request",
            note:
                "Three pages, all asked at once (the total comes with whichever answers first), against one page; --refresh: every run asks. "
                + "Ratio: over the single page's median.",
            measured, baseline: measured[1])
        budgets.append(
            Budget(
                name: "(d) --limit 250 vs one page", measured: measured[0].seconds.median / measured[1].seconds.median,
                limit: 1.2 * options.slack, unit: "×"))
        try measureMemory(measured[0].label + " (loopback, 100 ms)", limited, environment, budget: "(e) peak RSS of (d)")
    }

    // MARK: (i) a repeated search

    /// A search repeated within the cache's lifetime, so answered from the answer cache, against
    /// `--version`: what a repeat costs beyond starting up. The budget is on the search as a user
    /// types it (a page of 10); (c)'s 100-shop page is reported beside it, and `show 3` after it
    /// (a state folder of its own, so its last list is always the 100 shops). The server counts
    /// what it is asked, and a request after each search's first run stops the bench.
    mutating func cachedRepeat() throws {
        let server = try LoopbackServer { request in
            .json(SyntheticResponse.page(total: 312, count: Int(request.queryValue("count") ?? "") ?? 10))
        }
        defer { server.stop() }
        let environment = environment(server: server)
        let search = Command(foodlogger, ["search"] + Self.center + ["--json"])
        let hundred = Command(foodlogger, ["search"] + Self.center + ["--count", "100", "--json"])
        for first in [search, hundred] { _ = try Spawn.run([first], environment: environment) }  // asked and kept
        let shown = environment.merging(["XDG_STATE_HOME": home + "/state-of-show"]) { $1 }
        _ = try Spawn.run([hundred], environment: shown)  // from the cache: a last list of 100 shops for show 3
        let candidates = [
            (label: "foodlogger search --json (repeated: 10 shops)", run: runner([search], environment)),
            (label: "foodlogger search --count 100 --json (repeated)", run: runner([hundred], environment)),
            (label: "foodlogger --version", run: runner([Command(foodlogger, ["--version"])], environment)),
            (label: "foodlogger show 3 (after the 100-shop search)", run: runner([Command(foodlogger, ["show", "3"])], shown)),
        ]
        let measured = try interleave(candidates, runs: options.runs, warmups: options.warmups)
        guard server.requests.count == 2 else {
            throw SpawnError(description: "(i): repeated searches sent \(server.requests.count - 2) request(s); the cache missed")
        }
        section(
            "(i) A repeated search, from the answer cache",
            note:
                "Each search run once, then again and again within the cache's ten minutes: the server is asked once per search in all. "
                + "Ratio: over `--version`'s median (starting up and printing a line); budgets: 1.3 on the first row, 2.0 on the second, "
                + "1.3 on `show 3`.",
            measured, baseline: measured[2])
        budgets.append(
            Budget(
                name: "(i) cached repeat search vs --version",
                measured: measured[0].seconds.median / measured[2].seconds.median, limit: 1.3 * options.slack, unit: "×"))
        budgets.append(
            Budget(
                name: "(i) cached 100-shop repeat vs --version",
                measured: measured[1].seconds.median / measured[2].seconds.median, limit: 2.0 * options.slack, unit: "×"))
        budgets.append(
            Budget(
                name: "(i) show 3 after the 100-shop search vs --version",
                measured: measured[3].seconds.median / measured[2].seconds.median, limit: 1.3 * options.slack, unit: "×"))
    }

    // MARK: (g) OpenStreetMap

    /// The real Overpass answer around Hoàn Kiếm lake (826 elements, from shared/; the row says
    /// so when it is absent), replayed on loopback: a search with no key against `curl | jq` of
    /// the same POST.
    mutating func openStreetMap() throws {
        let samples =
            ProcessInfo.processInfo.environment["FOODLOGGER_TEST_SAMPLES"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "../shared/hotpepper/samples"
        let capture = samples + "/overpass/hanoi_826_elements_out_center.json"
        let title = "(g) OpenStreetMap: the 826-element Hanoi answer from a loopback Overpass"
        guard let body = FileManager.default.contents(atPath: capture) else {
            lines += ["### \(title)", "", "Not measured: the capture is not at \(capture) (set FOODLOGGER_TEST_SAMPLES).", ""]
            return
        }
        let server = try LoopbackServer(replies: [.json(body, contentType: "application/json")])
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
        let environment = environment.merging(["FOODLOGGER_OVERPASS_URL": url]) { $1 }
        let search = Command(
            foodlogger,
            [
                "search", "--provider", "osm", "--lat", "21.0287", "--lng", "105.8524", "--range", "5", "--limit", "1000",
                "--json",
                "--refresh",
            ])
        var candidates = [
            (
                label: "foodlogger search --provider osm --range 5 --limit 1000 --json --refresh",
                run: runner([search], environment)
            )
        ]
        let tools = (curl: Command.find("curl"), jq: Command.find("jq"))
        if let curl = tools.curl, let jq = tools.jq {
            let ql = "[out:json];nwr[amenity](around:3000,21.0287,105.8524);out center tags;"
            candidates.append(
                (
                    label: "curl -s --data-urlencode data=QL URL | jq .elements",
                    run: runner(
                        [Command(curl, ["-s", "--data-urlencode", "data=\(ql)", url]), Command(jq, [".elements"])], environment)
                ))
        }
        try againstCurl(
            candidates, title: title,
            note: "Both POST to the same server, which answers the same 217 kB body; foodlogger decodes it, reads every "
                + "place's opening hours and prints the places within 3 km nearest first. Ratio: over curl | jq's median.",
            budget: ("(g) search --provider osm vs curl | jq", 1.0), search: search, environment: environment)
    }

    // MARK: (k) a merged search

    /// `--provider hotpepper,osm` against each service alone, one loopback server answering both
    /// (HOT PEPPER's 100-shop page, and OpenStreetMap's record of the same 100 places), every
    /// request after 100 ms: the services asked at once cost about the slower one alone.
    mutating func mergedSearch() throws {
        let page = SyntheticResponse.page(total: 100, count: 100), elements = SyntheticResponse.overpass(count: 100)
        let server = try LoopbackServer { request in
            Reply.json(request.path.hasSuffix("interpreter") ? elements : page).delayed(by: 0.1)
        }
        defer { server.stop() }
        let environment = environment(server: server).merging([
            "FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString
        ]) { $1 }
        let foodlogger = foodlogger
        let search = { (provider: String) in
            Command(
                foodlogger,
                ["search", "--provider", provider] + Self.center + ["--range", "5", "--count", "100", "--json", "--refresh"])
        }
        let candidates = ["hotpepper,osm", "hotpepper", "osm"].map { provider in
            (
                label: "foodlogger search --provider \(provider) --count 100 --json --refresh",
                run: runner([search(provider)], environment)
            )
        }
        if let jq = Command.find("jq") {
            // A merge that matched fewer than all would be timing two lists side by side: jq fails the run.
            let merged =
                #".restaurants | map(select(.sources != null)) | length | if . == 100 then . else error("merged \(.) of 100") end"#
            _ = try Spawn.run([search("hotpepper,osm"), Command(jq, [merged])], environment: environment)
        }
        let measured = try interleave(candidates, runs: options.runs, warmups: min(options.warmups, 1))
        let slower = measured[1].seconds.median > measured[2].seconds.median ? measured[1] : measured[2]
        section(
            "(k) A merged search of two services",
            note: "HOT PEPPER's 100 shops and OpenStreetMap's record of the same places from one loopback server, 100 ms a "
                + "request; --refresh: every run asks. Ratio: over the slower single service's median.",
            measured, baseline: slower)
        budgets.append(
            Budget(
                name: "(k) merged search vs the slower service alone",
                measured: measured[0].seconds.median / slower.seconds.median, limit: 1.1 * options.slack, unit: "×"))
    }

    // MARK: (f) CPU while the server is silent

    /// CPU seconds per wall second of a search whose server never answers, until its timeout:
    /// what waiting costs the machine. swift-corelibs-foundation's URLSession spun here until
    /// `CurlSocketWatch` (Services/) stepped between it and libcurl; the budget keeps it fixed.
    mutating func silentServer() throws {
        let server = try LoopbackServer(replies: [.hang])
        defer { server.stop() }
        let timeout = 2.0
        let search = Command(foodlogger, ["search"] + Self.center + ["--json", "--timeout", String(timeout), "--retries", "0"])
        let usage = try Spawn.cpuSeconds(of: search, environment: environment(server: server), expectedStatus: 69)
        lines += [
            "### (f) CPU while the server is silent", "",
            "`search --timeout \(Int(timeout)) --retries 0` against a loopback server that accepts and never answers. "
                + "Budget: 0.05 CPU seconds per wall second (URLSession on Linux used to spin here: see `CurlSocketWatch`).",
            "",
            "| wall | user + sys | CPU per wall second |", "|---:|---:|---:|",
        ]
        lines.append(
            usage.map { String(format: "| %.2f s | %.2f s | %.3f |", $0.wall, $0.cpu, $0.cpu / $0.wall) }
                ?? "| not measured (no /usr/bin/time) | | |")
        budgets.append(
            Budget(
                name: "(f) CPU per wall second, silent server", measured: usage.map { $0.cpu / $0.wall },
                limit: 0.05 * options.slack,
                unit: "CPU s/s"))
        lines.append("")
        print(lines.suffix(2).joined(separator: "\n"))
    }

    // MARK: (e) memory

    /// The largest peak RSS over a few runs (memory varies little) and the median of their
    /// context switches, kept for sections (e) and (j); checked against `limit` when `budget`
    /// names it, and the switches against 200 for (c). `before` runs before each run.
    mutating func measureMemory(
        _ label: String, _ command: Command, _ environment: [String: String],
        budget: String? = nil, limit: Double = 24, before: () throws -> Void = {}
    ) throws {
        var peaks: [Int] = [], switches: [Int] = []
        for _ in 0..<min(options.runs, 5) {
            try before()
            guard let usage = try Spawn.usage(of: command, environment: environment) else { break }
            peaks.append(usage.peakKiB)
            switches.append(usage.switches)
        }
        let mebibytes = peaks.max().map { Double($0) / 1024 }
        let median = switches.isEmpty ? nil : switches.sorted()[switches.count / 2]
        memory.append((label, mebibytes, median))
        if let budget { budgets.append(Budget(name: budget, measured: mebibytes, limit: limit, unit: "MiB")) }
        if budget == "(e) peak RSS of (c)" {
            budgets.append(
                Budget(name: "(j) context switches of (c)", measured: median.map(Double.init), limit: 200, unit: "switches"))
        }
    }

    mutating func memorySection() {
        let runs = min(options.runs, 5)
        lines += [
            "### (e) Peak memory and (j) context switches", "",
            "Maximum resident set and voluntary + involuntary context switches (GNU `/usr/bin/time -f '%M %w %c'`): "
                + "the largest peak and the median switches of \(runs) runs.", "",
            "| command | peak RSS | context switches |", "|---|---:|---:|",
        ]
        lines += memory.map {
            "| `\(cell($0.label))` | \($0.mebibytes.map { String(format: "%.1f MiB", $0) } ?? "not measured (no /usr/bin/time)") | "
                + "\($0.switches.map(String.init) ?? "–") |"
        }
        lines.append("")
    }

    // MARK: report

    mutating func section(_ title: String, note: String, _ measured: [Measured], baseline: Measured?) {
        lines += [
            "### \(title)", "", note, "",
            "| command | median | p90 | ratio |", "|---|---:|---:|---:|",
        ]
        for row in measured {
            let ratio = baseline.map { String(format: "%.2f×", row.seconds.median / $0.seconds.median) } ?? "–"
            lines.append("| `\(cell(row.label))` | \(ms(row.seconds.median)) | \(ms(row.seconds.p90)) | \(ratio) |")
        }
        lines.append("")
        print(lines.suffix(measured.count + 1).joined(separator: "\n"))
    }

    func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
    func us(_ seconds: Double) -> String { String(format: "%.0f µs", seconds * 1e6) }

    func compose(loadBefore: String, loadAfter: String, seconds: Double) -> String {
        let machine = Machine.describe().map { "| \($0.0) | \($0.1) |" }
        let date = ISO8601DateFormatter().string(from: Date())
        return
            ([
                "## Results", "",
                "Measured \(date) at commit \(Spawn.output(of: "git", ["rev-parse", "--short", "HEAD"]) ?? "unknown")"
                    + " with `foodlogger-bench --runs \(options.runs) --warmups \(options.warmups)`"
                    + "\(options.quick ? " --quick" : "") in \(Int(seconds)) s. Load average before: \(loadBefore); after: \(loadAfter).",
                "", "| machine | |", "|---|---|",
            ] + machine + ["", "### Budgets", "", "| budget | measured (median) | limit | result |", "|---|---:|---:|---|"]
            + budgets.sorted { $0.name < $1.name }.map(\.row) + [""] + lines).joined(separator: "\n")
    }
}

/// Tests/Benchmarks/README.md: hand-written notes (method, profiling, before/after) around a generated
/// section the bench replaces on every run.
enum BenchmarksFile {
    static let begin = "<!-- BEGIN foodlogger-bench results: generated, do not edit -->"
    static let end = "<!-- END foodlogger-bench results -->"

    static func write(_ report: String, to path: String) throws {
        let generated = "\(begin)\n\(report)\n\(end)"
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Benchmarks\n\n\(begin)\n\(end)\n"
        if let from = text.range(of: begin), let to = text.range(of: end, range: from.upperBound..<text.endIndex) {
            text.replaceSubrange(from.lowerBound..<to.upperBound, with: generated)
        } else {
            text += "\n\(generated)\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
