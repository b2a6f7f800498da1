import Foundation
import Testing

@testable import FoodLoggerDomain

/// `TradingCheckWorker` and the log's ids (#50, items 7, 8 and 13): each id checked against its
/// service's form before anything is asked, and billed requests asked for only when allowed.
@Suite struct TradingCheckIDsTests {
    typealias Spy = TradingCheckWorkerTests.ServiceSpy

    static func entry(_ number: Int, _ provider: Provider, _ id: String) -> FoodLogEntry {
        TradingCheckWorkerTests.entry(number, .init(provider: provider, id: id))
    }

    @Test func textThatIsNoIdIsNeverAskedNorCalledClosed() async {
        // Given a log with OSM ids of a hand edit beside a real one, and a Google id that climbs paths
        let osm = Spy([TradingCheckWorkerTests.place("node/1", .osm)])
        let google = Spy([])
        let sut = TradingCheckWorker { provider throws(ServiceError) in provider == .google ? google : osm }
        let entries = [
            Self.entry(1, .osm, "node/99999999999999999999"), Self.entry(2, .osm, "way/-1"), Self.entry(3, .osm, "node/1x"),
            Self.entry(4, .osm, "node/1"), Self.entry(5, .google, "places/../../admin0000000000000"),
        ]

        // When they are checked
        let report = await sut.check(entries)

        // Then only node/1 was asked about; Google was asked nothing; the others are named, not closed
        #expect(osm.lookedUp == [["node/1"]] && google.lookedUp.isEmpty, "\(osm.lookedUp) \(google.lookedUp)")
        #expect(
            report.notIDs.map { "\($0.entry.number) \($0.source.id)" } == [
                "1 node/99999999999999999999", "2 way/-1", "3 node/1x", "5 places/../../admin0000000000000",
            ], "\(report.notIDs)")
        #expect(report.findings.isEmpty, "nothing closed: \(report.findings)")
        #expect(report.places == 5 && report.checked == 1 && report.unasked.isEmpty, "\(report)")
    }

    @Test func googlesResourceNameIsAskedBareAndItsAnswerStands() async {
        // Given a log that kept a Google id as its resource name, and Google answering it trading
        let google = Spy([TradingCheckWorkerTests.place("ChIJkept", .google)])
        let sut = TradingCheckWorker { _ throws(ServiceError) in google }

        // When it is checked
        let report = await sut.check([Self.entry(1, .google, "places/ChIJkept")])

        // Then the bare id was asked, and the place is not called closed
        #expect(google.lookedUp == [["ChIJkept"]], "\(google.lookedUp)")
        #expect(report.findings.isEmpty && report.checked == 1 && report.notIDs.isEmpty, "\(report)")
    }

    @Test func billedRequestsNotAllowedSendNothingAtAll() async {
        // Given 101 Google places and an OSM one, and a check not allowed to send them
        let google = Spy([]), osm = Spy([])
        let asked = Recorder()
        let sut = TradingCheckWorker(approve: { billed in
            asked.add(billed.map { "\($0.key.rawValue) \($0.value)" }.joined())
            return false
        }) { provider throws(ServiceError) in provider == .google ? google : osm }
        let entries = (1...101).map { Self.entry($0, .google, "ChIJplace\($0)") } + [Self.entry(102, .osm, "node/1")]

        // When they are checked
        let report = await sut.check(entries)

        // Then it asked once, about Google's 101 only, and sent nothing to any service
        #expect(asked.lines == ["google 101"], "\(asked.lines)")
        #expect(google.lookedUp.isEmpty && osm.lookedUp.isEmpty, "nothing sent: \(google.lookedUp) \(osm.lookedUp)")
        #expect(report.unapproved == [.google: 101] && report.checked == 0 && report.places == 102, "\(report)")
    }

    @Test func aCheckWithoutBilledRequestsAsksNobody() async {
        // Given only OSM places, which cost nothing
        let osm = Spy([TradingCheckWorkerTests.place("node/1", .osm)])
        let asked = Recorder()
        let sut = TradingCheckWorker(approve: { _ in
            asked.add("asked")
            return false
        }) { _ throws(ServiceError) in osm }

        // When checked
        let report = await sut.check([Self.entry(1, .osm, "node/1")])

        // Then nobody was asked, and the place was
        #expect(asked.lines.isEmpty && osm.lookedUp == [["node/1"]] && report.unapproved == nil, "\(asked.lines) \(report)")
    }

    @Test func billedRequestsToAServiceThatCannotBeAskedAreNeitherApprovedNorAnnounced() async {
        // Given 101 Google places and no Google key, and an OSM place
        let osm = Spy([TradingCheckWorkerTests.place("node/1", .osm)])
        let asked = Recorder()
        let sut = TradingCheckWorker(
            announce: { provider, count in asked.add("announced \(provider.rawValue) \(count)") },
            approve: { billed in
                asked.add("approve \(billed.count)")
                return false
            }
        ) { provider throws(ServiceError) in
            guard provider == .osm else { throw .missingKey(searched: ["GOOGLE_PLACES_API_KEY"], service: .google) }
            return osm
        }
        let entries = (1...101).map { Self.entry($0, .google, "ChIJplace\($0)") } + [Self.entry(102, .osm, "node/1")]

        // When they are checked
        let report = await sut.check(entries)

        // Then nothing was put to the user, OSM was asked, and Google is reported as not asked
        #expect(asked.lines.isEmpty, "no question about requests that cannot be sent: \(asked.lines)")
        #expect(osm.lookedUp == [["node/1"]] && report.unapproved == nil, "\(osm.lookedUp) \(report)")
        #expect(report.unasked.map(\.provider) == [.google] && report.unasked.first?.places == 101, "\(report.unasked)")
    }

    /// What a check was asked, from any task.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        var lines: [String] { lock.withLock { recorded } }
        func add(_ line: String) { lock.withLock { recorded.append(line) } }
    }
}
