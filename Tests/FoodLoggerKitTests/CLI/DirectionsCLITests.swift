import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The way there from the search's centre: on the map site each service declares, in the JSON
/// and by `open N --directions` (printed, never opened in a test).
@MainActor @Suite struct DirectionsCLITests {
    static let tokyoStation = ["--lat", "35.6812", "--lng", "139.7671"]
    let state: TemporaryFolder
    init() throws { state = try TemporaryFolder("foodlogger-directions") }

    func run(_ arguments: [String]) async -> CLIRun {
        await CLIRun.run(arguments, environment: ["XDG_STATE_HOME": state.path])
    }

    @Test func anOpenStreetMapOrHotPepperPlaceGetsOpenStreetMapsWalkingDirections() {
        let place = MergeSeeds.place("J1", "Place", provider: .hotpepper, north: 0)
        let origin = Coordinate(lat: 55.9533, lng: -3.1883)
        #expect(
            place.directions(from: origin)
                == "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=55.9533%2C-3.1883%3B"
                + Restaurant.pair(place.coordinate))
        #expect(Restaurant.pair(Coordinate(lat: 35.68, lng: 139.767123456)) == "35.68%2C139.767123")
    }

    @Test func aDegreeIsWrittenToSixPlacesWithoutTrailingZeros() {
        let written = [-3.1883, 0.0000004, -0.0000004, 0.000001, -0.0000015, 180, -179.9999999, 55.95, .nan, .infinity]
            .map(Restaurant.sixPlaces)
        #expect(written == ["-3.1883", "0", "0", "0.000001", "-0.000002", "180", "-180", "55.95", "0", "0"])
    }

    @Test func aGooglePlaceGetsGoogleMapsDirectionsToItsPlaceID() {
        var place = MergeSeeds.place("ChIJ25Py-abc_d", "Place", provider: .google, north: 0)
        place.coordinate = Coordinate(lat: 51.5, lng: -0.12)
        #expect(
            place.directions(from: Coordinate(lat: 51.51, lng: -0.13))
                == "https://www.google.com/maps/dir/?api=1&origin=51.51%2C-0.13&destination=51.5%2C-0.12&destination_place_id=ChIJ25Py%2Dabc%5Fd&travelmode=walking"
        )
    }

    @Test func eachPlaceOfASearchCarriesItsDirectionsAndShowWithoutACentreNone() async throws {
        let search = await run(["search", "--stub", "--provider", "google", "--json"] + Self.tokyoStation)
        let first = try #require((search.json?["restaurants"] as? [[String: Any]])?.first, "\(search.stderr)")
        let url = try #require(first["directions_url"] as? String, "a directions_url: \(first)")
        #expect(url.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=35.6812%2C139.7671&destination="), "\(url)")
        let shown = await run(["show", "--stub", "J900000001", "--json"])
        let shop = try #require((shown.json?["restaurants"] as? [[String: Any]])?.first, "\(shown.stderr)")
        #expect(shop["directions_url"] is NSNull, "no centre, no way there")
    }

    @Test func openNumberDirectionsGivesTheWayThereFromTheSearchsCentre() async throws {
        // Given a search around Tokyo Station
        let search = await run(["search", "--stub", "--json"] + Self.tokyoStation)
        let first = try #require((search.json?["restaurants"] as? [[String: Any]])?.first, "\(search.stderr)")
        // When the way to its first place is asked for
        let open = await run(["open", "1", "--directions", "--print-url"])
        // Then it is the same address the JSON gave, on stdout
        #expect(open.code == .success && open.stdout == "\(first["directions_url"] as? String ?? "?")\n", "\(open.stderr)")
        #expect(open.stdout.hasPrefix("https://www.openstreetmap.org/directions?"), "\(open.stdout)")
    }

    @Test func openDirectionsByIDIsRefusedForWantOfACentre() async {
        let open = await run(["open", "--stub", "J900000001", "--directions", "--print-url"])
        #expect(
            open.code == .usage && open.stderr.contains("--directions starts from the last search's centre"), "\(open.stderr)")
    }
}
