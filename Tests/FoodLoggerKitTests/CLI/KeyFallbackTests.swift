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
        #expect(
            run.stderr.contains(
                "holds key.plist.example's placeholder for HOT PEPPER: searching OpenStreetMap; a Google key was found")
                && run.stderr.contains("nothing cached"), "said, and OpenStreetMap asked: \(run.stderr)")
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

    @Test func hotpeppersPlaceholderIsToldEveryRun() async throws {
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

        // Then each is told of the placeholder, the mistake to fix, with the Google key found
        #expect(told.allSatisfy { $0.contains("placeholder for HOT PEPPER") && $0.contains("a Google key was found") }, "\(told)")
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

/// Issue 49, item 4: the one notice names what was found and what to say, and never HOT PEPPER
/// to someone searching where it has no places.
@MainActor @Suite struct KeyNoticeTests {
    nonisolated static let tokyo = ["--lat", "35.6812", "--lng", "139.7671"]
    nonisolated static let edinburgh = ["--lat", "55.9533", "--lng", "-3.1883"]
    let home: TemporaryFolder
    init() throws { home = try TemporaryFolder("foodlogger-keys") }

    func search(_ centre: [String], _ environment: [String: String] = [:], directory: String? = nil) async -> CLIRun {
        await CLIRun.run(
            ["search", "--offline"] + centre,
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_STATE_HOME": home.path].merging(environment) {
                $1
            }, terminal: Terminal(stderrIsTerminal: true), currentDirectory: directory ?? home.path)
    }

    @Test(arguments: [tokyo, edinburgh])
    func onlyAGoogleKeyIsNamedWithWhatToSay(centre: [String]) async {
        let run = await search(centre, ["GOOGLE_PLACES_API_KEY": "AIzaRealGoogleKey123"])
        #expect(
            run.stderr.contains(
                "Searching OpenStreetMap: a Google key was found: add --provider google, or set FOODLOGGER_PROVIDER=google."),
            "\(run.stderr)")
        #expect(!run.stderr.contains("HOT PEPPER"), "no HOT PEPPER key to speak of: \(run.stderr)")
        #expect(!run.stderr.contains("AIzaRealGoogleKey123"), "never the key")
    }

    @Test func noKeyAbroadNamesNoHotpepper() async {
        let run = await search(Self.edinburgh)
        #expect(!run.stderr.contains("HOT PEPPER"), "HOT PEPPER has no places in Edinburgh: \(run.stderr)")
    }

    @Test func noKeyInTokyoStillSaysHowToSearchHotpepperOnce() async {
        let first = await search(Self.tokyo), second = await search(Self.tokyo)
        #expect(first.stderr.contains(NoKeyNotice.line), "\(first.stderr)")
        #expect(!second.stderr.contains(NoKeyNotice.line), "once per user: \(second.stderr)")
    }

    @Test func theExamplesPlaceholderIsSaidInAPipeToo() async throws {
        // Given key.plist.example copied as it is, readable by others
        let plist = home.url.appendingPathComponent("key.plist")
        try FileManager.default.copyItem(at: KeyFallbackTests.example, to: plist)
        chmod(plist.path, 0o644)

        // When a Tokyo search runs in a pipe
        let run = await CLIRun.run(
            ["search", "--offline"] + Self.tokyo, environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path],
            currentDirectory: home.path)

        // Then the placeholder is named, and OpenStreetMap answers
        #expect(
            run.stderr.contains("\(plist.path) holds key.plist.example's placeholder for HOT PEPPER: searching OpenStreetMap."),
            "\(run.stderr)")
    }

    @Test func aSharedKeyFileReadForGoogleIsWarnedOf() async throws {
        // Given a key.plist with only Google's key, readable by others
        let plist = home.url.appendingPathComponent("key.plist")
        let example = try String(contentsOf: KeyFallbackTests.example, encoding: .utf8)
        try example.replacingOccurrences(of: "YOUR_GOOGLE_API_KEY", with: "AIzaRealGoogleKey123")
            .write(to: plist, atomically: true, encoding: .utf8)
        chmod(plist.path, 0o644)

        // When a search abroad reads it
        let run = await search(Self.edinburgh)

        // Then the file is warned of, and Google is named as the way on
        #expect(run.stderr.contains("\(plist.path) is readable by others (mode 644)"), "\(run.stderr)")
        #expect(run.stderr.contains("a Google key was found"), "\(run.stderr)")
    }
}
