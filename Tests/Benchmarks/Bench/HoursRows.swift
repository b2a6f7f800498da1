import Foundation
import LoopbackHTTP

// (m): what reading a place's hours costs a whole search, in instructions (callgrind): (c)'s
// 100-shop HOT PEPPER page, (g)'s 826-element Hanoi answer, and 1,000 Google places with their
// regular and current hours (issue #48: each place's hours read once a search). Full runs only.

extension Bench {
    /// The instructions of one run of each command (callgrind counts within a fraction of a
    /// percent run to run, where wall time on a shared machine moves by tens).
    mutating func hoursInstructions() throws {
        guard !options.quick else { return }
        lines += [
            "### (m) Hours in a whole search, in instructions", "",
            "One run each under callgrind (`valgrind --tool=callgrind`), and CPU seconds (GNU time): every place's "
                + "hours read for `open_now`, `hours`, `hours_state` and the time left. Reported only.", "",
            "| command | instructions | CPU (mean of 30) |", "|---|---:|---:|",
        ]
        let hotpepper = try LoopbackServer(replies: [.json(SyntheticResponse.page(total: 312, count: 100))])
        defer { hotpepper.stop() }
        try instructionsRow(
            "(c) `search --count 100 --json --refresh`",
            Command(foodlogger, ["search"] + Self.center + ["--count", "100", "--json", "--refresh"]),
            environment(server: hotpepper))

        let samples =
            ProcessInfo.processInfo.environment["FOODLOGGER_TEST_SAMPLES"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "../shared/hotpepper/samples"
        if let hanoi = FileManager.default.contents(atPath: samples + "/overpass/hanoi_826_elements_out_center.json") {
            let overpass = try LoopbackServer(replies: [.json(hanoi, contentType: "application/json")])
            defer { overpass.stop() }
            let url = overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString
            try instructionsRow(
                "(g) `search --provider osm --range 5 --limit 1000 --json --refresh` (Hanoi)",
                Command(
                    foodlogger,
                    ["search", "--provider", "osm", "--lat", "21.0287", "--lng", "105.8524", "--range", "5", "--limit", "1000"]
                        + ["--json", "--refresh"]),
                environment.merging(["FOODLOGGER_OVERPASS_URL": url]) { $1 })
        } else {
            lines.append("| (g) Hanoi | not measured: the capture is not in \(samples) | |")
        }

        let google = try LoopbackServer(replies: [.json(SyntheticResponse.googleWithHours(1000), contentType: "application/json")]
        )
        defer { google.stop() }
        try instructionsRow(
            "1,000 Google places with hours: `map --provider google --format geojson --refresh`",
            Command(foodlogger, ["map", "--provider", "google"] + Self.center + ["--format", "geojson", "--refresh"]),
            environment.merging([
                "GOOGLE_PLACES_BASE_URL": google.baseURL.appendingPathComponent("v1/").absoluteString,
                "GOOGLE_PLACES_API_KEY": Self.key,
            ]) { $1 })
        lines.append("")
    }

    /// One command's row: its instructions, and the mean CPU seconds (user + sys) of 30 runs,
    /// which stand in where callgrind cannot run the binary (valgrind 3.19 crashed on every
    /// threaded run of a dynamic release build on a 6.18 kernel).
    private mutating func instructionsRow(_ label: String, _ command: Command, _ environment: [String: String]) throws {
        let count = (try? Spawn.instructions(of: command, environment: environment)) ?? nil
        // GNU time counts CPU in hundredths of a second: the mean of 30 runs tells milliseconds apart.
        var cpu: [Double] = []
        for _ in 0..<30 {
            if let seconds = try Spawn.cpuSeconds(of: command, environment: environment, expectedStatus: 0)?.cpu {
                cpu.append(seconds)
            }
        }
        let mean = cpu.isEmpty ? "–" : String(format: "%.1f ms", cpu.reduce(0, +) / Double(cpu.count) * 1000)
        lines.append(
            "| \(label) | \(count.map { String(format: "%.1f M", Double($0) / 1e6) } ?? "not measured (valgrind missing or failed)") | \(mean) |"
        )
    }
}

extension SyntheticResponse {
    /// `count` Google places spread over 900 m, each open 11:30-22:00 every day but Monday, with
    /// the coming week's dated hours and a special day (as `currentOpeningHours` gives them).
    static func googleWithHours(_ count: Int) -> Data {
        let week = (0...6).filter { $0 != 1 }.map { day in
            #"{"open":{"day":\#(day),"hour":11,"minute":30},"close":{"day":\#(day),"hour":22,"minute":0}}"#
        }
        let dated = (21...27).filter { $0 != 21 && $0 != 25 }.map { date in
            let day = (date - 20) % 7
            let when = #""date":{"year":2026,"month":12,"day":\#(date)}"#
            return
                #"{"open":{"day":\#(day),"hour":11,"minute":30,\#(when)},"close":{"day":\#(day),"hour":22,"minute":0,\#(when)}}"#
        }
        let hours =
            #""regularOpeningHours":{"periods":[\#(week.joined(separator: ","))]},"#
            + #""currentOpeningHours":{"periods":[\#(dated.joined(separator: ","))],"#
            + #""specialDays":[{"date":{"year":2026,"month":12,"day":25}}]}"#
        let places = (1...count).map { n in
            let place = crowded(n, .spread)
            return """
                {"id":"ChIJbench\(String(format: "%014d", n))","displayName":{"text":"\(place.google)","languageCode":"ja"},\
                "primaryType":"restaurant","location":{"latitude":\(place.lat),"longitude":\(place.lng)},\(hours)}
                """
        }
        return Data(#"{"places":["#.utf8) + Data(places.joined(separator: ",").utf8) + Data("]}".utf8)
    }
}
