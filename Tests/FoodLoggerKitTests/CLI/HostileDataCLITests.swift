import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The whole CLI in-process against a loopback server whose answer holds what the service
/// should never send: a shop placed off the Earth, one shop three times, and a name full of
/// terminal escapes. Every format still shows the rest, says once which shop it left out, and
/// writes no control character raw.
@MainActor
@Suite struct HostileDataCLITests {
    /// Three good shops (one of them three times), one at `"lat": 1e308`, one with escapes.
    static let body = #"""
        {"results":{"results_available":6,"results_start":1,"shop":[
        {"id":"J0000000001","name":"試験食堂","lat":35.6812,"lng":139.7671,"genre":{"name":"居酒屋"}},
        {"id":"J0000000666","name":"遠すぎる店","lat":1e308,"lng":139.7671,"genre":{"name":"居酒屋"}},
        {"id":"J0000000001","name":"試験食堂","lat":35.6812,"lng":139.7671,"genre":{"name":"居酒屋"}},
        {"id":"J0000000002","name":"=HYPERLINK(\"http://x\")\u001b]52;c;Zm9v\u0007\u001b[2J\u009b31m\u202eevil","lat":35.6822,"lng":139.7671,"genre":{"name":"@SUM(1+1)"}},
        {"id":"J0000000001","name":"試験食堂","lat":35.6812,"lng":139.7671,"genre":{"name":"居酒屋"}},
        {"id":"J0000000003","name":"-2+3","lat":35.6802,"lng":139.7671,"genre":{"name":"居酒屋"}}]}}
        """#

    static let warning =
        "foodlogger: warning: left out '遠すぎる店' (J0000000666): the service placed it at lat 1e+308, lng 139.7671, "
        + "which is not on the Earth.\n"

    nonisolated static let formats: [[String]] = [
        ["search", "--json"], ["search", "--format", "ndjson"], ["search", "--format", "geojson"],
        ["search", "--format", "csv"], ["search", "--format", "html"], ["search", "--format", "table"],
        ["map", "--static"], ["map", "--static", "--width", "400", "--height", "200"],
    ]

    func run(_ arguments: [String]) async throws -> FaultSeeds.Run {
        let server = try LoopbackServer(replies: [.json(Self.body)])
        return await FaultSeeds.run(
            arguments + ["--lat", "35.6812", "--lng", "139.7671", "--retries", "0"],
            environment: ["HOTPEPPER_API_KEY": FaultSeeds.canary, "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])
    }

    @Test(arguments: formats)
    func aShopOffTheEarthIsLeftOutWithOneWarning(arguments: [String]) async throws {
        // When
        let run = try await run(arguments)
        // Then
        #expect(run.exitCode == .success, "the others are shown: exit 0, got \(run.exitCode.rawValue): \(run.stderr)")
        #expect(run.stderr == Self.warning, "one warning naming the shop: \(run.stderr)")
        #expect(!run.stdout.contains("遠すぎる店") && !run.stdout.contains("J0000000666"), "the shop is not shown")
        #expect(!run.stdout.contains("e+308"), "its position is not shown")
        #expect(
            run.stdout.range(of: #"(?i)[=:"\s(](-?inf(inity)?|nan)[",\s)]"#, options: .regularExpression) == nil,
            "no inf or nan anywhere")
        #expect(run.stdout.components(separatedBy: "J0000000001").count - 1 <= 1, "the shop sent three times is shown once")
    }

    @Test(arguments: formats)
    func noControlCharacterFromTheServiceIsWrittenRaw(arguments: [String]) async throws {
        let run = try await run(arguments)
        let raw = run.stdout.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && !["\n", "\r", "\t"].contains(scalar)) || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value)
        }
        // A table styles its header in bold on a terminal only; captured output is no terminal.
        #expect(raw.isEmpty, "no raw control character: \(raw.map { String($0.value, radix: 16) })")
        let loneReturns = run.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\r")
        #expect(!loneReturns, "no carriage return that is not a line end")
    }

    @Test func aCSVCellASpreadsheetWouldRunIsNeutralised() async throws {
        let run = try await run(["search", "--format", "csv"])
        #expect(run.stdout.contains(#""'=HYPERLINK(""http://x"")\u{1B}]52;c;Zm9v\u{7}"#), "a quote in front, escapes visible")
        #expect(run.stdout.contains(#","'@SUM(1+1)","#), "the genre too")
        #expect(run.stdout.contains(#""'-2+3""#), "a formula that looks like arithmetic")
        #expect(run.stdout.contains(",35.6812,139.7671,"), "numbers stay numbers")
    }
}
