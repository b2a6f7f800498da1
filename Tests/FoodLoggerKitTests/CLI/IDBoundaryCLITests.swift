import Foundation
import TestSupport
import Testing

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Where an id enters besides the food log (#50, item 7): a word of `show`, `open` or `log add`
/// (and so an MCP tool's, which runs the same command line), and a shop number of the last
/// list. Each is checked against its service's form (`ServiceCapabilities.placeIDs`) where it is
/// read: text that is none is refused in one line (64), before any service is made or asked.
@MainActor
@Suite struct IDBoundaryCLITests {
    @Test(arguments: [
        (["show", "node/99999999999999999999"], "not an id of OpenStreetMap: node/99999999999999999999"),
        (["show", "node/9223372036854775808"], "not an id of OpenStreetMap: node/9223372036854775808"),
        (["open", "way/-1"], "not an id of OpenStreetMap: way/-1"),
        (["log", "add", "node/1x"], "not an id of OpenStreetMap: node/1x"),
        (["show", "places/../../admin0000000000000"], "not an id of Google Places: places/../../admin0000000000000"),
        (["show", "ChIJ/../../v1/places:searchText?x="], "is neither a shop number nor a shop id"),
    ])
    func aWordThatIsNoIdIsRefusedWhereItIsRead(_ arguments: [String], _ said: String) async {
        // When the word is given as a shop
        let result = await CLIRun.run(arguments)

        // Then it is refused as a usage error, in one line naming it
        #expect(result.code == .usage, "\(result.code) \(result.stderr)")
        #expect(result.stderr.contains(said) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func aWordIsReadKindlyAsItsServiceWritesIt() {
        // When ids are typed in another case, or as Google's resource name
        let read = ["j900000001", "NODE/2750164437", "places/ChIJN1t_tDeuEmsRUsoyG83frY4"].compactMap(ShowCommand.idForm)

        // Then each is its service's id as requests carry it
        #expect(
            read.map { "\($0.1.rawValue) \($0.0)" } == [
                "hotpepper J900000001", "osm node/2750164437", "google ChIJN1t_tDeuEmsRUsoyG83frY4",
            ], "\(read)")
    }

    @Test func aLastListHoldingTextThatIsNoIdIsNotAskedAbout() async throws {
        // Given a last list whose only shop's id climbs Google's paths (a hand edit)
        let state = try TemporaryFolder("foodlogger-state")
        var list = LastList(page: Seeds.Pages.tokyo, center: Seeds.tokyoStation, saved: LastListTests.saved)
        list.provider = .google
        list.shops = .ids(["places/../../admin0000000000000"])
        try await LastListStore(environment: ["XDG_STATE_HOME": state.path]).save(list)

        // When its shop 1 is shown
        let result = await CLIRun.run(
            ["show", "1"], environment: ["XDG_STATE_HOME": state.path, "GOOGLE_PLACES_API_KEY": "k"])

        // Then it is refused in one line, and nothing is asked (Google's address is a closed port)
        #expect(result.code == .usage, "\(result.code) \(result.stderr)")
        #expect(
            result.stderr
                == "foodlogger show: shop 1 of the last list: not an id of Google Places: "
                + "places/../../admin0000000000000; search again. See 'foodlogger show --help'.\n",
            "\(result.stderr)")
    }
}
