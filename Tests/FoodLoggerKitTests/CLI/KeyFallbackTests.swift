import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// A placeholder key for one service never blocks a command that does not need that service (#33).
@MainActor @Suite struct KeyFallbackTests {
    static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]

    /// key.plist.example copied to ./key.plist with `fill` put in for the named entries.
    func folder(filling fill: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let example = try String(contentsOf: Self.example, encoding: .utf8)
        let filled = fill.reduce(example) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        try filled.write(to: folder.url.appendingPathComponent("key.plist"), atomically: true, encoding: .utf8)
        return folder
    }

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("key.plist.example")

    @Test func hotpeppersPlaceholderFallsBackToOpenStreetMapForGenres() async throws {
        // Given the example copied with only Google's key filled in
        let folder = try folder(filling: ["YOUR_GOOGLE_API_KEY": "AIzaRealGoogleKey123"])
        // When genres are listed without naming a service
        let run = await CLIRun.run(["genres"], currentDirectory: folder.path)
        // Then HOT PEPPER's placeholder is passed over as no key: OpenStreetMap's cuisines answer
        #expect(run.code == .success && run.stdout.contains("ramen"), "\(run.stderr)")
        #expect(!run.stderr.contains("placeholder"), "\(run.stderr)")
    }

    @Test func hotpeppersPlaceholderFallsBackToOpenStreetMapForASearch() async throws {
        let folder = try folder(filling: ["YOUR_GOOGLE_API_KEY": "AIzaRealGoogleKey123"])
        let run = await CLIRun.run(["search", "--offline"] + Self.tokyo, currentDirectory: folder.path)
        #expect(!run.stderr.contains("placeholder") && run.stderr.contains("nothing cached"), "\(run.stderr)")
    }

    @Test func hotpeppersPlaceholderIsStillSaidWhenHotpepperIsNamed() async throws {
        let folder = try folder(filling: ["YOUR_GOOGLE_API_KEY": "AIzaRealGoogleKey123"])
        let run = await CLIRun.run(["search", "--provider", "hotpepper"] + Self.tokyo, currentDirectory: folder.path)
        #expect(run.code == .configuration && run.stderr.contains("placeholder YOUR_HOTPEPPER_API_KEY"), "\(run.stderr)")
    }

    @Test func googlesPlaceholderNeverBlocksHotpepper() async throws {
        // Given the example with HOT PEPPER's key filled in and Google's placeholder left
        let folder = try folder(filling: ["YOUR_HOTPEPPER_API_KEY": "real-hotpepper-key"])
        // When genres are listed offline (HOT PEPPER's list, nothing sent)
        let run = await CLIRun.run(["search", "--offline"] + Self.tokyo, currentDirectory: folder.path)
        // Then HOT PEPPER was chosen, and Google's placeholder said nothing
        #expect(run.stderr.contains("nothing cached") && !run.stderr.contains("placeholder"), "\(run.stderr)")
    }
}
