import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Which service answers: --provider, FOODLOGGER_PROVIDER, the ids given, else HOT PEPPER when
/// its key is found and OpenStreetMap when not; and what each refuses before sending anything.
@MainActor @Suite struct ProviderSelectionTests {
    private let baixa = ["--lat", "38.711", "--lng", "-9.137"]

    private func overpass() throws -> LoopbackServer {
        try LoopbackServer(replies: [
            try .file(Fixtures.overpass("lisbon_food_and_areas.json").path, contentType: "application/json")
        ])
    }

    private func environment(_ server: LoopbackServer, _ more: [String: String] = [:]) -> [String: String] {
        ["FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString]
            .merging(more) { $1 }
    }

    @Test func withoutAKeyOpenStreetMapAnswersAndSaysSoOnATerminal() async throws {
        // Given no HOT PEPPER key anywhere, and Overpass on loopback
        let server = try overpass()
        var terminal = Terminal()
        terminal.stderrIsTerminal = true

        // When a search is made with no --provider
        let run = await CLIRun.run(["search", "--json"] + baixa, environment: environment(server), terminal: terminal)

        // Then OpenStreetMap answered
        #expect(run.code == .success, "found: \(run.stderr)")
        #expect(server.requests.count == 1 && server.requests.first?.method == "POST", "one Overpass request")
        #expect(run.stdout.contains(#""id" : "node\/9000000001""#) || run.stdout.contains("node/9000000001"), "OSM shops")
        // Lisbon is abroad: HOT PEPPER, which has no places there, goes unnamed (issue 49, item 4)
        #expect(!run.stderr.contains("HOT PEPPER"), "\(run.stderr)")
    }

    @Test func theFallbackIsQuietInAPipe() async throws {
        let server = try overpass()
        let run = await CLIRun.run(["search"] + baixa, environment: environment(server))
        #expect(run.code == .success, "found: \(run.stderr)")
        #expect(!run.stderr.contains("No HOT PEPPER key"), "stderr not a terminal: no notice: \(run.stderr)")
    }

    @Test func hotpepperAskedForWithoutAKeyIsStillExit78() async throws {
        let server = try overpass()
        let run = await CLIRun.run(["search", "--provider", "hotpepper"] + baixa, environment: environment(server))
        #expect(run.code == .configuration, "exit 78: \(run.stderr)")
        #expect(server.requests.isEmpty, "OpenStreetMap not asked instead")
    }

    @Test func theEnvironmentChoosesOpenStreetMapOverAKey() async throws {
        let server = try overpass()
        let run = await CLIRun.run(
            ["search"] + baixa,
            environment: environment(server, ["FOODLOGGER_PROVIDER": "OSM", "HOTPEPPER_API_KEY": "a-key"]))
        #expect(run.code == .success, "found: \(run.stderr)")
        #expect(server.requests.count == 1, "Overpass asked, though a HOT PEPPER key is set")
    }

    @Test(arguments: [
        (
            ["--provider", "osm", "--budget", "2000-3000"],
            "--budget: OpenStreetMap has no budgets; use --provider hotpepper (HOT PEPPER Gourmet) for it"
        ),
        (["--provider", "osm", "--lunch"], "--lunch: OpenStreetMap does not say which shops serves lunch"),
        (
            ["--provider", "hotpepper", "--takeaway"],
            "--takeaway: HOT PEPPER Gourmet does not say which shops sells food to take away; use --provider osm (OpenStreetMap) for it"
        ),
    ])
    func optionsAServiceLacksAreRefusedBeforeAnythingIsSent(options: [String], message: String) async throws {
        // Given a server that would answer
        let server = try overpass()

        // When a search asks the provider for something it has no data for
        let run = await CLIRun.run(
            ["search"] + baixa + options, environment: environment(server, ["HOTPEPPER_API_KEY": "a-key"]))

        // Then one line says so and names the service that has it, exit 64, nothing sent
        #expect(run.code == .usage, "exit 64: \(run.stderr)")
        #expect(run.stderr.contains(message), "names what and who has it: \(run.stderr)")
        #expect(server.requests.isEmpty, "nothing sent")
        #expect(run.stdout.isEmpty, "nothing printed")
    }

    @Test func anAreaOrAKeywordWithoutACentreIsHotPeppersOnly() async throws {
        let area = await CLIRun.run(["search", "--provider", "osm", "--area", "Y005"])
        #expect(area.code == .usage, "exit 64: \(area.stderr)")
        #expect(area.stderr.contains("--area: OpenStreetMap has no named areas: give --near or --lat/--lng"), "\(area.stderr)")
        let keyword = await CLIRun.run(["search", "--provider", "osm", "--keyword", "ramen", "--no-center"])
        #expect(keyword.code == .usage, "exit 64: \(keyword.stderr)")
        #expect(keyword.stderr.contains("OpenStreetMap cannot search without a centre"), "says why: \(keyword.stderr)")
    }

    @Test func budgetsAndAreasAreHotPeppersLists() async {
        let areas = await CLIRun.run(["areas", "--provider", "osm"])
        #expect(areas.code == .usage, "areas: exit 64")
        #expect(
            areas.stderr.contains(
                "foodlogger areas: OpenStreetMap has no areas; use --provider hotpepper (HOT PEPPER Gourmet) for them."
            ), "\(areas.stderr)")
        // budgets say which services tell prices, and how (KeyFallbackTests has the whole line)
        let budgets = await CLIRun.run(["budgets", "--provider", "osm"])
        #expect(budgets.code == .usage, "budgets: exit 64")
        #expect(
            budgets.stderr.contains(
                "foodlogger budgets: OpenStreetMap has no prices. HOT PEPPER Gourmet has budget bands in yen"),
            "\(budgets.stderr)")
    }

    @Test func anUnknownProviderIsAUsageError() async {
        let flag = await CLIRun.run(["search", "--provider", "yelp"] + baixa)
        #expect(flag.code == .usage && flag.stderr.contains("--provider"), "the flag: \(flag.stderr)")
        let variable = await CLIRun.run(["search"] + baixa, environment: ["FOODLOGGER_PROVIDER": "yelp"])
        #expect(variable.code == .usage, "exit 64")
        #expect(variable.stderr.contains("FOODLOGGER_PROVIDER is 'yelp'; it takes hotpepper or osm"), "\(variable.stderr)")
    }

    @Test func aKeyFileIsForHotPepperOnly() async {
        let run = await CLIRun.run(["search", "--provider", "osm", "--key-file", "/tmp/key.plist"] + baixa)
        #expect(run.code == .usage, "exit 64")
        #expect(run.stderr.contains("--key-file holds an API key, which OpenStreetMap does not take"), "\(run.stderr)")
    }

    @Test func anOpenStreetMapIdNeedsNoKeyAndNoProvider() async throws {
        // Given Overpass on loopback, which knows the node, and no key
        let server = try LoopbackServer(replies: [
            .json(
                #"{"elements":[{"type":"node","id":9000000001,"lat":38.71,"lon":-9.14,"tags":{"amenity":"cafe","name":"Café Teste"}}]}"#,
                contentType: "application/json")
        ])

        // When a shop is shown by its OSM id, written in any case
        let run = await CLIRun.run(["show", "Node/9000000001", "--json"], environment: environment(server))

        // Then it was looked up in OpenStreetMap
        #expect(run.code == .success, "shown: \(run.stderr)")
        let ql = server.requests.first.map { String(decoding: $0.body, as: UTF8.self).removingPercentEncoding ?? "" } ?? ""
        #expect(ql.contains("node(id:9000000001)"), "looked up by id: \(ql)")
        #expect(run.stdout.contains("Café Teste"), "its card: \(run.stdout)")
    }

    @Test func idsOfTwoServicesOrOfAnotherProviderAreRefused() async {
        let mixed = await CLIRun.run(["show", "J001234567", "node/1"])
        #expect(mixed.code == .usage, "exit 64")
        #expect(mixed.stderr.contains("these ids come from HOT PEPPER Gourmet and OpenStreetMap"), "\(mixed.stderr)")
        let contradicted = await CLIRun.run(["open", "way/5", "--provider", "hotpepper"])
        #expect(contradicted.code == .usage, "exit 64")
        #expect(
            contradicted.stderr.contains("'way/5' is an id of OpenStreetMap, not of --provider hotpepper"),
            "\(contradicted.stderr)")
    }
}
