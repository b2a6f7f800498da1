import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// What a new user tripped over in issue 35 that only the real binary shows: the browser it
/// starts (items 1 and 2).
@Suite struct Issue35BinaryTests {
    static let page = "http://127.0.0.1:9/shops/J000000009/"

    /// A HOT PEPPER on loopback that knows one shop, whose page is `page`.
    func hotpepper() throws -> LoopbackServer {
        try LoopbackServer(replies: [
            .json(
                #"{"results":{"results_available":1,"results_returned":"1","results_start":1,"shop":[{"id":"J000000009","name":"a","lat":35,"lng":139,"urls":{"pc":"\#(Self.page)"}}]}}"#
            )
        ])
    }

    /// A browser that writes the arguments it was given, one a line, to `record`.
    func browser(in folder: TemporaryFolder, named name: String = "recorder") throws -> (script: URL, record: URL) {
        let script = folder.url.appendingPathComponent(name)
        let record = folder.url.appendingPathComponent("\(name).opened")
        try Data("#!/bin/sh\nfor a in \"$@\"; do echo \"$a\" >> '\(record.path)'; done\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (script, record)
    }

    @Test func browserIsTriedInTurnWithTheAddressWhereItsPercentSIs() throws {
        // Given a $BROWSER whose first command is missing, and whose second puts the address mid-way
        let folder = try TemporaryFolder("foodlogger-browser")
        let (script, record) = try browser(in: folder)
        let server = try hotpepper()

        // When a shop's page is opened
        let result = try Binary.run(
            ["open", "J000000009"],
            environment: [
                "BROWSER": "no-such-browser:\(script.path) --new-tab %s --background", "HOTPEPPER_API_KEY": "k",
                "HOTPEPPER_BASE_URL": server.baseURL.absoluteString,
            ])

        // Then the second command opened it, with the address where %s was
        let opened = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
        #expect(result.status == 0, "opened: \(result.stderr)")
        #expect(opened == "--new-tab\n\(Self.page)\n--background\n", "the words in order: \(opened)")
        #expect(result.stderr.contains("Opened \(Self.page)"), "said: \(result.stderr)")
    }

    @Test func withNoBrowserAtAllTheAddressIsPrintedAndSaidNotOpened() throws {
        // Given no $BROWSER and no xdg-open on PATH
        let server = try hotpepper()
        let empty = try TemporaryFolder("foodlogger-path")

        // When a shop's page is opened
        let result = try Binary.run(
            ["open", "J000000009"],
            environment: ["PATH": empty.path, "HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": server.baseURL.absoluteString])

        // Then the address is on stdout, and stderr says nothing was started
        #expect(result.stdout == Self.page + "\n", "the address: \(result.stdout)")
        #expect(result.stderr.contains("no browser was started"), "said: \(result.stderr)")
    }

    @Test func anInventedPlaceIsNeverOpenedWhateverItsAddress() throws {
        // Given an OpenStreetMap stub search, kept as the last list, and a browser that records
        let folder = try TemporaryFolder("foodlogger-invented")
        let (script, record) = try browser(in: folder)
        let environment = ["XDG_STATE_HOME": folder.path, "BROWSER": script.path]
        let search = try Binary.run(
            ["search", "--stub", "--provider", "osm", "--lat", "35.6812", "--lng", "139.7671", "--json"],
            environment: environment)
        let addresses = ((search.json?["restaurants"] as? [[String: Any]]) ?? []).compactMap { $0["url"] as? String }
        #expect(addresses.contains { $0.hasPrefix("https://www.openstreetmap.org/") }, "a real-looking address: \(addresses)")

        // When every place of the list is opened
        let opens = try (1...addresses.count).map { try Binary.run(["open", String($0)], environment: environment) }

        // Then none reached the browser, and each said why
        #expect(!FileManager.default.fileExists(atPath: record.path), "the browser never ran")
        for (number, open) in opens.enumerated() {
            #expect(open.stderr.contains("made up"), "\(number + 1) said to be made up: \(open.stderr)")
            #expect(open.stdout == addresses[number] + "\n", "and printed")
        }
    }
}
