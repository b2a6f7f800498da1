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

    @Test func hotpeppersPlaceholderIsToldAsNoKeyOnceOnATerminal() async throws {
        // Given the example copied with only Google's key filled in, and a state folder
        let folder = try folder(filling: ["YOUR_GOOGLE_API_KEY": "AIzaRealGoogleKey123"])
        let state = try TemporaryFolder()
        let environment = ["HOME": state.path, "XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": state.path]

        // When two searches are run at a terminal without naming a service
        var told: [String] = []
        for _ in 0..<2 {
            let run = await CLIRun.run(
                ["search", "--offline"] + Self.tokyo, environment: environment, terminal: Terminal(stderrIsTerminal: true),
                currentDirectory: folder.path)
            told.append(run.stderr)
        }

        // Then the first is told what a run without a HOT PEPPER key is told, and the second nothing more
        #expect(told[0].contains(NoKeyNotice.line) && !told[0].contains("placeholder"), "\(told[0])")
        #expect(!told[1].contains(NoKeyNotice.line), "once: \(told[1])")
    }

    @Test(arguments: [["genres", "--provider", "google"], ["genres", "--provider", "google", "--json"]])
    func googlesTypesAreListedWithoutAKey(_ arguments: [String]) async throws {
        // Given no Google key anywhere
        let home = try TemporaryFolder()
        // When Google's genres are listed
        let run = await CLIRun.run(
            arguments, environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path], currentDirectory: home.path)
        // Then they answer from the list kept here
        #expect(run.code == .success && run.stdout.contains("ramen_restaurant"), "\(run.stderr)")
    }

    @Test func googlesPlaceholderNeverBlocksItsTypes() async throws {
        let folder = try folder(filling: ["YOUR_HOTPEPPER_API_KEY": "real-hotpepper-key"])
        let run = await CLIRun.run(["genres", "--provider", "google"], currentDirectory: folder.path)
        #expect(run.code == .success && run.stdout.contains("ramen_restaurant"), "\(run.stderr)")
    }

    @Test func budgetsUnderOpenStreetMapSayWhichServicesHavePrices() async throws {
        // Given the example with only Google's key: OpenStreetMap answers
        let folder = try folder(filling: ["YOUR_GOOGLE_API_KEY": "AIzaRealGoogleKey123"])
        for arguments in [["budgets"], ["budgets", "--provider", "osm"]] {
            // When budgets are listed
            let run = await CLIRun.run(arguments, currentDirectory: folder.path)
            // Then one line says who has prices, and how, and no key is blamed
            #expect(run.code == .usage, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr
                    == "foodlogger budgets: OpenStreetMap has no prices. HOT PEPPER Gourmet has budget bands in yen, which --budget takes (--provider hotpepper); Google Places gives each place a price level, from inexpensive to very expensive (--provider google). See 'foodlogger budgets --help'.\n",
                "\(arguments): \(run.stderr)")
        }
    }

    @Test func budgetsUnderGoogleNameHotpeppersBands() async throws {
        let run = await CLIRun.run(["budgets", "--provider", "google"])
        #expect(run.code == .usage, "\(run.stderr)")
        #expect(
            run.stderr.contains("Google Places has no budget bands to list: each place has its price level, shown with it")
                && run.stderr.contains("HOT PEPPER Gourmet has budget bands in yen, which --budget takes (--provider hotpepper)"),
            "\(run.stderr)")
    }

    @Test func areasUnderTheFallbackAreRefusedWithoutBlamingAKey() async throws {
        let folder = try folder(filling: ["YOUR_GOOGLE_API_KEY": "AIzaRealGoogleKey123"])
        let run = await CLIRun.run(["areas"], currentDirectory: folder.path)
        #expect(run.code == .usage && run.stderr.contains("OpenStreetMap has no areas"), "\(run.stderr)")
        #expect(!run.stderr.contains("placeholder") && !run.stderr.contains("key"), "\(run.stderr)")
    }
}
