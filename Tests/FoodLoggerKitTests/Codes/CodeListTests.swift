import Foundation
import LoopbackHTTP
import TestSupport
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Code list answers shaped like the service's masters (API.md §5), written for the project.
enum CodeListSeeds {
    static let genres = #"""
        {"results":{"api_version":"1.30","results_available":3,"results_returned":"3","results_start":1,
          "genre":[{"code":"G001","name":"居酒屋"},{"code":"G006","name":"イタリアン・フレンチ"},{"code":"G013","name":"ラーメン"}]}}
        """#
    static let middleAreas = #"""
        {"results":{"results_available":"2","middle_area":[
          {"code":"Y030","name":"渋谷","large_area":{"code":"Z011","name":"東京"},"service_area":{"code":"SA11","name":"東京"}},
          {"code":"Y055","name":"梅田・北新地","large_area":{"code":"Z023","name":"大阪"}}]}}
        """#
    static let smallAreas = #"""
        {"results":{"small_area":[
          {"code":"X105","name":"渋谷駅東口","middle_area":{"code":"Y030","name":"渋谷"},"large_area":{"code":"Z011","name":"東京"}},
          {"code":"XHJR","name":"長久手","middle_area":{"code":"Y995","name":"愛知県その他"}}]}}
        """#
    static let largeAreas = #"{"results":{"large_area":[{"code":"Z011","name":"東京"},{"code":"Z023","name":"大阪"}]}}"#
    static let badKey = #"{"results":{"api_version":"1.30","error":[{"code":2000,"message":"APIキーまたはIPアドレスの認証エラーです。"}]}}"#
}

@Suite struct CodeListDecoderTests {
    @Test(Samples.required, arguments: [("masters/genre.json", CodeListKind.genres, 17), ("masters/budget.json", .budgets, 13)])
    func capturedMastersAreRead(file: String, kind: CodeListKind, count: Int) throws {
        let entries = try CodeListRequest.decode(try Samples.data(file), kind: kind)
        #expect(entries.count == count, "every entry of \(file)")
        #expect(entries.allSatisfy { !$0.code.isEmpty && !$0.name.isEmpty && $0.within == nil })
    }

    @Test(Samples.required) func theStubsListsAreTheServicesOwn() throws {
        for (file, kind, stub) in [
            ("masters/genre.json", CodeListKind.genres, StubCodeLists.genres),
            ("masters/budget.json", .budgets, StubCodeLists.budgets),
        ] {
            #expect(
                try CodeListRequest.decode(try Samples.data(file), kind: kind) == stub, "\(file): same codes, names and order")
        }
    }

    @Test func areasKeepTheAreaTheyLieIn() throws {
        let middle = try CodeListRequest.decode(Data(CodeListSeeds.middleAreas.utf8), kind: .middleAreas)
        #expect(middle[0] == CodeEntry(code: "Y030", name: "渋谷", within: .init(code: "Z011", name: "東京")))
        let small = try CodeListRequest.decode(Data(CodeListSeeds.smallAreas.utf8), kind: .smallAreas)
        #expect(small.map(\.within?.code) == ["Y030", "Y995"], "a small area lies in a middle area")
    }

    @Test func errorsInsideHTTP200AndGarbageAreTheServicesFaults() {
        #expect(throws: ServiceError.rejectedKey(message: "error 2000: APIキーまたはIPアドレスの認証エラーです。", service: .hotpepper)) {
            try CodeListRequest.decode(Data(CodeListSeeds.badKey.utf8), kind: .genres)
        }
        #expect(throws: ServiceError.unreadableResponse(detail: "JSON without results.budget or results.error")) {
            try CodeListRequest.decode(Data(CodeListSeeds.genres.utf8), kind: .budgets)
        }
        #expect(throws: ServiceError.unreadableResponse(detail: "not JSON")) {
            try CodeListRequest.decode(Data("<html>".utf8), kind: .genres)
        }
    }
}

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
}

@Suite struct CodeListClientTests {
    @Test func asksTheListsEndpointWithTheKeyAndNeverShowsIt() async throws {
        let server = try LoopbackServer { _ in .json(CodeListSeeds.genres) }
        let api = HotpepperAPI(
            configuration: .init(key: FaultSeeds.canary, baseURL: server.baseURL, retry: RetryPolicy(retries: 0)))
        let genres = try await api.codeList(.genres)
        #expect(genres.map(\.code) == ["G001", "G006", "G013"])
        let request = try #require(server.requests.first)
        #expect(request.path == "/genre/v1/", "the master's endpoint: \(request.path)")
        #expect(request.queryItems.map(\.name) == ["key", "format"] && request.queryItems[1].value == "json")

        let failing = try LoopbackServer(replies: [.status(503)])
        let flaky = HotpepperAPI(
            configuration: .init(key: FaultSeeds.canary, baseURL: failing.baseURL, retry: RetryPolicy(retries: 0)))
        do {
            _ = try await flaky.codeList(.smallAreas)
            Issue.record("a 503 must fail")
        } catch {
            #expect(error.cause == .httpStatus(503) && !error.localizedDescription.contains(FaultSeeds.canary))
        }

        let portal = try LoopbackServer(replies: [.status(200, body: "<html>captive portal</html>")])
        let unreadable = HotpepperAPI(
            configuration: .init(key: FaultSeeds.canary, baseURL: portal.baseURL, retry: RetryPolicy(retries: 0)))
        do {
            _ = try await unreadable.codeList(.genres)
            Issue.record("a web page is no code list")
        } catch {
            guard case .unreadableResponse(let detail) = error.cause else { Issue.record("\(error)"); return }
            #expect(detail.contains("27 bytes starting \"<html>captive portal</html>\""), "what came, as for a search: \(detail)")
        }
    }

    @Test func aListIsAskedForOnceADay() async throws {
        let server = try LoopbackServer { _ in .json(CodeListSeeds.genres) }
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let api = HotpepperAPI(configuration: .init(key: "k", baseURL: server.baseURL, retry: RetryPolicy(retries: 0)))
        let worker = CodeListWorker(
            service: api, cache: CodeListCache(folder: folder.url, service: server.baseURL, now: { clock.now }))

        let first = try await worker.list(.genres)
        clock.advance(23 * 3600)
        #expect(try await worker.list(.genres) == first, "the same list")
        #expect(server.requests.count == 1, "the second lookup within a day makes no request")
        clock.advance(2 * 3600)
        _ = try await worker.list(.genres)
        #expect(server.requests.count == 2, "a day later it is asked for again")
        let file = "codes-genre-127-0-0-1-\(server.port).json"
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(file).path),
            "kept apart from the real service's")
        let elsewhere = CodeListCache(folder: folder.url, service: server.baseURL.appendingPathComponent("other/"))
        #expect(elsewhere.file(.genres).lastPathComponent == "codes-genre-127-0-0-1-\(server.port)-other.json", "by path too")
        let real = CodeListCache(folder: folder.url, service: HotpepperAPI.defaultBaseURL)
        #expect(real.file(.genres).lastPathComponent == "codes-genre.json", "the real service's lists keep the plain name")
    }
}

@Suite struct CodeListCacheTests {
    let clock = ManualClock()

    func cache(_ folder: TemporaryFolder) -> CodeListCache {
        CodeListCache(folder: folder.url, service: HotpepperAPI.defaultBaseURL, now: { [clock] in clock.now })
    }

    func write(_ entries: String, saved: String, in folder: TemporaryFolder) throws {
        try Data(#"{"saved":\#(saved),"entries":[\#(entries)]}"#.utf8).write(to: cache(folder).file(.genres))
    }

    var anHourAgo: String { String(clock.now.timeIntervalSinceReferenceDate - 3600) }

    @Test(arguments: ["9e15", String(Date.distantFuture.timeIntervalSinceReferenceDate), "-9e15"])
    func aListSavedInTheFutureOrLongAgoIsExpired(saved: String) throws {
        // Given a list saved at an impossible time
        let folder = try TemporaryFolder()
        try write(#"{"code":"G001","name":"居酒屋"}"#, saved: saved, in: folder)

        // When it is looked up
        // Then it is not used
        #expect(cache(folder).lookup(.genres) == nil, "saved \(saved): expired")
    }

    @Test func entriesWithEscapesOrCodesNoServiceGivesAreDropped() throws {
        // Given a fresh list with a good entry and entries no service answer could hold
        let folder = try TemporaryFolder()
        let entries = [
            #"{"code":"G001","name":"居酒屋"}"#, #"{"code":"G0\u001b[31m","name":"ラーメン"}"#,
            #"{"code":"G013","name":"ラー\u001b]0;x\u0007メン"}"#, #"{"code":"G014 ","name":"カフェ"}"#,
            #"{"code":"g015","name":"その他"}"#, #"{"code":"G016","name":""}"#,
            #"{"code":"Y005","name":"渋谷","within":{"code":"Z0\n1","name":"東京"}}"#,
        ]
        try write(entries.joined(separator: ","), saved: anHourAgo, in: folder)

        // When it is looked up
        let list = cache(folder).lookup(.genres)

        // Then only the good entry is used
        #expect(list == [CodeEntry(code: "G001", name: "居酒屋")], "\(String(describing: list))")
    }

    @Test func aListWithNothingUsableOrNotAListIsAbsent() throws {
        // Given a list whose every entry is bad, and then a file that is no list
        let folder = try TemporaryFolder()
        try write(#"{"code":"\u001b","name":"x"}"#, saved: anHourAgo, in: folder)
        #expect(cache(folder).lookup(.genres) == nil, "nothing usable: absent, so the service is asked")
        try Data("[1,2,3]".utf8).write(to: cache(folder).file(.genres))
        #expect(cache(folder).lookup(.genres) == nil, "not a saved list: absent")
    }
}

@Suite struct CodeNameTests {
    let genres = StubCodeLists.genres, budgets = StubCodeLists.budgets

    @Test(arguments: [
        ("ramen", "G013"), ("ラーメン", "G013"), ("RAMEN", "G013"), ("ｒａｍｅｎ", "G013"), ("イタリアン", "G006"),
        ("french", "G006"), ("Dining Bar", "G002"), ("dining-bar", "G002"), ("café", "G014"), ("居酒屋", "G001"),
    ])
    func genresAnswerToTheirNames(text: String, code: String) throws {
        #expect(try CodeMatching.genre(text, in: genres) == code, "\(text) is \(code)")
    }

    @Test func anUnknownGenreNamesTheClosest() {
        #expect(throws: ServiceError.unknownName(.genre, "raemn", closest: [genres[13]])) {
            try CodeMatching.genre("raemn", in: genres)
        }
        #expect(throws: ServiceError.unknownName(.genre, "zzzz", closest: [])) { try CodeMatching.genre("zzzz", in: genres) }
        // A dish the service files under a wider genre has that genre as the closest (#49)
        let washoku = try? #require(genres.first { $0.code == "G004" })
        #expect(throws: ServiceError.unknownName(.genre, "sushi", closest: washoku.map { [$0] } ?? [])) {
            try CodeMatching.genre("sushi", in: genres)
        }
    }

    @Test(arguments: [
        ("2000-3000", ["B002"]), ("2001～3000円", ["B002"]), ("2,000〜3,000円", ["B002"]), ("3000", ["B002"]),
        ("-1000", ["B009", "B010"]), ("～500円", ["B009"]), ("30001円～", ["B014"]), ("25000-", ["B013", "B014"]),
        ("2500-3500", ["B002", "B003"]), ("1000-3000", ["B011", "B001", "B002"]),
        ("2000–3000", ["B002"]), ("¥2,000−3,000", ["B002"]), ("2000ー3000", ["B002"]), ("￥3000", ["B002"]),
    ])
    func bandsOfYenTakeTheBudgetsTheyOverlap(text: String, codes: [String]) throws {
        #expect(try CodeMatching.budgets(text, in: budgets) == codes, "\(text)")
    }

    @Test func textThatIsNoBandIsNoBudget() {
        for text in ["cheap", "3000-2000", "-", "2000-3000-4000"] {
            #expect(YenBand(text) == nil, "\(text)")
        }
        #expect(throws: ServiceError.self) { try CodeMatching.budgets("cheap", in: budgets) }
    }

    @Test func namesBecomeCodesAndABudgetTakesEveryBandItSpans() async throws {
        var query = RestaurantQuery(center: Coordinate(lat: 35, lng: 139))
        query.ask(genres: ["g013", "izakaya"], budgets: ["2000-3000"], area: nil)
        #expect(query.genres == ["G013"] && query.names.genres == ["izakaya"], "a code goes straight into the query")
        let resolved = try await query.resolvingNames { kind throws(ServiceError) in
            try await HotpepperStub().codeList(kind)
        }
        #expect(resolved.genres == ["G013", "G001"] && resolved.budgets == ["B002"] && resolved.names.isEmpty)

        var wide = RestaurantQuery(keyword: "x")
        wide.ask(genres: [], budgets: ["1000-3000"], area: nil)
        let spanned = try await wide.resolvingNames { kind throws(ServiceError) in try await HotpepperStub().codeList(kind) }
        #expect(spanned.budgets == budgets[2...4].map(\.code), "three bands, which the worker keeps (BudgetBandsTests)")
    }

    @Test func anAreaNameTakesTheWidestAreaItNames() throws {
        let levels = CodeListKind.areaLevels.map { ($0, StubCodeLists.areas($0)) }
        #expect(try CodeMatching.area("渋谷", in: levels) == "Y902", "the middle area, not its small areas")
        #expect(try CodeMatching.area("東京", in: levels) == "Z901", "the large area")
        #expect(try CodeMatching.area("梅田", in: levels) == "Y904", "a side of 梅田・北新地, wider than 大阪駅・梅田")
        #expect(try CodeMatching.area("西新宿", in: levels) == "X922", "a small area")
        #expect(throws: ServiceError.self) { try CodeMatching.area("札幌", in: levels) }

        let twins = [(CodeListKind.smallAreas, [CodeEntry(code: "X001", name: "藤が丘"), CodeEntry(code: "X002", name: "藤が丘")])]
        #expect(throws: ServiceError.ambiguousName(.area, "藤が丘", matches: twins[0].1)) {
            try CodeMatching.area("藤が丘", in: twins)
        }
    }

    @Test func fullWidthCodesAreCodes() {
        var query = RestaurantQuery(keyword: "x")
        query.ask(genres: ["Ｇ０１３"], budgets: ["ｂ００２"], area: "Ｙ９０２")
        #expect(query.genres == ["G013"] && query.budgets == ["B002"] && query.area == "Y902" && query.names.isEmpty)
    }

    @Test func aKeywordFindsAreasWithinTheAreasItNamesAndCodesByTheirStart() {
        let middle = CodeEntry(code: "Y904", name: "梅田・北新地", within: .init(code: "Z902", name: "大阪"))
        let small = CodeEntry(code: "X932", name: "茶屋町・中崎町", within: .init(code: "Y904", name: "梅田・北新地"))
        #expect(small.mentions("大阪", wider: ["梅田・北新地", "大阪"]) && !small.mentions("大阪", wider: ["梅田・北新地"]))
        #expect(middle.mentions("y90") && !middle.mentions("・"), "a code's start; separators alone pick nothing")
    }

    @Test func codeShapedWordsOfAnotherKindAreNoNames() {
        #expect(CodeNameKind.genre.cannotName("G01") && CodeNameKind.genre.cannotName("X001"))
        #expect(!CodeNameKind.genre.cannotName("g013") && !CodeNameKind.genre.cannotName("ラーメン"))
        #expect(CodeNameKind.budget.cannotName("cheap") && !CodeNameKind.budget.cannotName("5000-"))
        #expect(!CodeNameKind.area.cannotName("XHJR") && CodeNameKind.area.cannotName("SS10"))
    }
}

@Suite struct CodeListLoopbackTests {
    /// The whole CLI against a loopback service answering code lists and searches.
    @Test func namesAreResolvedFromTheServicesListsThenSearched() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/genre/v1/": .json(CodeListSeeds.genres)
            case "/large_area/v1/": .json(CodeListSeeds.largeAreas)
            case "/middle_area/v1/": .json(CodeListSeeds.middleAreas)
            case "/small_area/v1/": .json(CodeListSeeds.smallAreas)
            default: .json(FaultSeeds.oneShop)
            }
        }
        let folder = try TemporaryFolder()
        let environment = [
            "HOTPEPPER_API_KEY": FaultSeeds.canary, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString,
            "XDG_CACHE_HOME": folder.path,
        ]
        let run = await CLIRun.run(["search", "--area", "渋谷", "--genre", "ramen", "--json"], environment: environment)
        #expect(run.code == .success, "\(run.stderr)")
        let search = try #require(server.requests.last)
        #expect(search.path == "/gourmet/v1/")
        #expect(
            search.queryItems.filter { ["middle_area", "genre"].contains($0.name) }.map { $0.value ?? "" } == ["Y030", "G013"])

        let again = await CLIRun.run(["search", "--area", "渋谷", "--genre", "ラーメン", "--json"], environment: environment)
        #expect(again.code == .success)
        let lists = server.requests.map(\.path).filter { $0 != "/gourmet/v1/" }
        #expect(
            lists == ["/genre/v1/", "/large_area/v1/", "/middle_area/v1/"],
            "genres, then area levels only until the name is found; the second time all from the cache: \(lists)")

        let unknown = await CLIRun.run(["search", "--area", "しぶや", "--json"], environment: environment)
        #expect(unknown.code == .usage && unknown.stdout.isEmpty)
        #expect(unknown.stderr == "foodlogger: --area 'しぶや' names no area. See 'foodlogger areas' for them all.\n")
    }

    @Test func codesNeedNoList() async throws {
        let server = try LoopbackServer { _ in .json(FaultSeeds.oneShop) }
        let run = await CLIRun.run(
            ["search", "--area", "y030", "--genre", "G013", "--budget", "B002", "--json"],
            environment: ["HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
        #expect(run.code == .success && server.requests.map(\.path) == ["/gourmet/v1/"], "one request: the search")
    }
}

@Suite struct CodeListCommandTests {
    let terminal = Terminal(stdoutIsTerminal: true, columns: 80, rows: 40)

    @Test func genresAreATableOnATerminalWithTheirEnglishNames() async {
        let run = await CLIRun.run(["genres", "--stub"], terminal: terminal)
        #expect(run.code == .success && run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines[0].contains("Code  Name") && lines.contains { $0.hasPrefix("G013  ラーメン") && $0.hasSuffix("ramen") },
            "\(run.stdout)")
        #expect(lines.contains("17 genres. Search by name or code: --genre ramen, --genre G013."))
        #expect(lines.last == Provider.hotpepper.creditLine, "the service's credit")
    }

    @Test func onANarrowTerminalTheEnglishNameIsWholeOrLeftOut() async {
        for columns in [24, 30, 40] {
            let run = await CLIRun.run(["genres", "--stub"], terminal: Terminal(stdoutIsTerminal: true, columns: columns))
            let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("G010") } ?? ""
            #expect(row.hasSuffix("international") || !row.contains("intern"), "\(columns) columns: \(row)")
        }
    }

    @Test func listsAreJSONInAPipe() async throws {
        let run = await CLIRun.run(["areas", "--stub", "--keyword", "渋谷"])
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [[String: Any]]]
        let areas = try #require(json?["areas"])
        #expect(areas.map { $0["code"] as? String } == ["Y902", "X911", "X912", "X913", "X914"], "\(run.stdout)")
        #expect(areas[0]["level"] as? String == "middle" && (areas[1]["within"] as? [String: String])?["code"] == "Y902")
        let budgets = await CLIRun.run(["budgets", "--stub", "--json"])
        #expect(budgets.stdout.hasPrefix("{\n  \"budgets\": [\n    {\n      \"code\": \"B009\",\n      \"name\": \"～500円\"\n"))
    }

    @Test func aKeywordNamingALargeAreaListsEverythingInIt() async {
        let run = await CLIRun.run(["areas", "--stub", "--keyword", "大阪", "--json"])
        let codes = (run.json?["areas"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        #expect(codes == ["Z902", "Y904", "X931", "X932", "X933", "X934"], "the small areas under 梅田・北新地 too: \(codes)")
        let one = await CLIRun.run(["areas", "--stub", "--keyword", "Z903"], terminal: terminal)
        #expect(
            one.stdout.contains("\n1 area. Search by name or code instead of a centre: --area 京都, --area Z903.\n"),
            "\(one.stdout)")
    }

    @Test func aKeywordThatKeepsNothingIsExitOne() async {
        let run = await CLIRun.run(["areas", "--stub", "--keyword", "札幌"], terminal: terminal)
        #expect(run.code == .noResults && run.stdout.isEmpty)
        #expect(run.stderr == "foodlogger: no area mentions '札幌'. Try a shorter keyword, or leave it out to list them all.\n")
    }

    @Test(arguments: [
        (["genres", "--format", "csv"], "--format csv is for restaurants"), (["genres", "ramen"], "unexpected argument 'ramen'"),
        (["areas", "渋谷"], "did you mean --keyword '渋谷'?"), (["budgets", "--keyword", "x"], "unknown option --keyword"),
        (["search", "--area", "渋谷,新宿"], "--area takes one area"),
    ])
    func misuseIsExit64(arguments: [String], words: String) async {
        let run = await CLIRun.run(arguments + ["--stub"])
        #expect(run.code == .usage && run.stderr.contains(words), "\(run.stderr)")
    }

    @Test func searchTakesNamesWithTheStub() async {
        let run = await CLIRun.run(["search", "--stub", "--near", "渋谷駅", "--genre", "ramen", "--budget", "-1000", "--json"])
        #expect(run.code == .success && run.stdout.contains("\"genre_code\": \"G013\""), "\(run.stderr)")
        let unknown = await CLIRun.run(["search", "--stub", "--near", "渋谷駅", "--genre", "rame"])
        #expect(unknown.code == .usage)
        #expect(
            unknown.stderr
                == "foodlogger: --genre 'rame' names no genre; the closest: ラーメン (ramen, G013). See 'foodlogger genres' for them all.\n"
        )
    }
}

extension CodeListCommandTests {
    @Test(arguments: Provider.allCases)
    @MainActor func theListsCreditIsTheirServices(provider: Provider) {
        let lines = CodeListPresenter.footer(.genres, count: 2, example: nil, provider: provider)
        #expect(lines.last == "\(provider.credit.text) (\(provider.credit.url))", "\(lines)")
    }
}
