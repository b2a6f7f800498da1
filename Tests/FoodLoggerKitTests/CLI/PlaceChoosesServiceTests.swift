import Foundation
import LoopbackHTTP
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The place picks the service when the user named none (#33 item 7): with a HOT PEPPER key, a
/// centre outside Japan is searched on OpenStreetMap, with one line that says so; with HOT PEPPER
/// named, it is refused. Nominatim, Overpass and HOT PEPPER are faked on loopback.
@MainActor @Suite struct PlaceChoosesServiceTests {
    nonisolated static let timesSquare = #"""
        [{"place_id":1,"lat":"40.7579747","lon":"-73.9855426","name":"Times Square",
          "display_name":"Times Square, Manhattan, New York, United States",
          "address":{"city":"New York","country":"United States","country_code":"us"}}]
        """#

    nonisolated static let midtown = #"""
        {"elements":[
          {"type":"node","id":101,"lat":40.7585,"lon":-73.9850,"tags":{"amenity":"restaurant","name":"Midtown Diner",
            "cuisine":"american","opening_hours":"Mo-Su 07:00-23:00"}},
          {"type":"area","id":3600061320,"tags":{"admin_level":"4","name":"New York","timezone":"America/New_York"}}
        ]}
        """#

    static let outsideLine =
        "foodlogger: Times Square is outside Japan, where HOT PEPPER Gourmet has restaurants: searching OpenStreetMap."

    /// Nominatim, Overpass and HOT PEPPER on loopback, a HOT PEPPER key in the environment and a
    /// home of its own.
    struct Services {
        let places: LoopbackServer
        let overpass: LoopbackServer
        let hotpepper: LoopbackServer
        let home: TemporaryFolder

        init() throws {
            places = try LoopbackServer(replies: [.json(PlaceChoosesServiceTests.timesSquare, contentType: "application/json")])
            overpass = try LoopbackServer(replies: [.json(PlaceChoosesServiceTests.midtown, contentType: "application/json")])
            hotpepper = try LoopbackServer(replies: [.status(500)])
            home = try TemporaryFolder()
        }

        var environment: [String: String] {
            [
                "HOME": home.path, "XDG_CONFIG_HOME": home.path, "LANG": "en_US.UTF-8",
                "HOTPEPPER_API_KEY": "test-hotpepper-key", "HOTPEPPER_BASE_URL": hotpepper.baseURL.absoluteString,
                "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString,
                "FOODLOGGER_OVERPASS_URL": overpass.baseURL.appendingPathComponent("api/interpreter").absoluteString,
            ]
        }
    }

    @Test func aHotpepperKeyAndAPlaceAbroadSearchOpenStreetMapAndSaySo() async throws {
        // Given a HOT PEPPER key, and Times Square in the United States
        let services = try Services()

        // When a search near Times Square names no service
        let run = await CLIRun.run(["search", "--near", "Times Square", "--json"], environment: services.environment)

        // Then OpenStreetMap answered, HOT PEPPER was asked nothing, and one line said why
        #expect(run.code == .success, "\(run.stderr)")
        #expect(services.hotpepper.requests.isEmpty, "HOT PEPPER asked nothing")
        #expect(services.overpass.requests.count == 1, "one Overpass search")
        #expect(run.stdout.contains("Midtown Diner"), "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("outside Japan") } == [Self.outsideLine], "one line: \(run.stderr)")
        // And the place was looked for worldwide first, not in Japan only
        let first = try #require(services.places.requests.first, "a place search")
        #expect(first.queryValue("countrycodes") == nil, "worldwide: \(first.target)")
        #expect(first.queryValue("addressdetails") == "1", "asks for the country: \(first.target)")
        // And named again in the user's language for OpenStreetMap, since HOT PEPPER names places in Japanese
        #expect(
            services.places.requests.map { $0.queryValue("accept-language") } == ["ja", "en"],
            "\(services.places.requests.map(\.target))")
        // And nothing of HOT PEPPER's hints followed
        #expect(!run.stderr.contains("渋谷") && !run.stderr.contains("Japanese"), "\(run.stderr)")
    }

    @Test func aUserWhoReadsJapaneseHasThePlaceLookedForOnce() async throws {
        // Given a HOT PEPPER key and a Japanese locale: both services name places in Japanese
        let services = try Services()
        let environment = services.environment.merging(["LANG": "ja_JP.UTF-8"]) { $1 }
        // When a search near Times Square names no service
        let run = await CLIRun.run(["search", "--near", "Times Square", "--json"], environment: environment)
        // Then OpenStreetMap answered around the place found the one time it was asked for
        #expect(run.code == .success && run.stdout.contains("Midtown Diner"), "\(run.stderr)")
        #expect(services.places.requests.count == 1, "one place search: \(services.places.requests.map(\.target))")
    }

    @Test func hotpepperNamedWithAPlaceAbroadIsRefusedNamingOpenStreetMap() async throws {
        // Given a HOT PEPPER key, and Times Square in the United States
        let services = try Services()

        // When HOT PEPPER is named, by the option or the environment
        for (arguments, environment) in [
            (["--provider", "hotpepper"], services.environment),
            ([], services.environment.merging(["FOODLOGGER_PROVIDER": "hotpepper"]) { $1 }),
        ] {
            let run = await CLIRun.run(["search", "--near", "Times Square"] + arguments, environment: environment)

            // Then exit 66, with one line naming --provider osm, and no search sent
            #expect(run.code == .noSuchPlace, "\(run.stderr)")
            #expect(
                run.stderr
                    == "foodlogger: Times Square is outside Japan, where HOT PEPPER Gourmet has restaurants: search it with --provider osm (OpenStreetMap) or --provider google (Google Places).\n",
                "\(run.stderr)")
        }
        #expect(services.hotpepper.requests.isEmpty && services.overpass.requests.isEmpty, "no search sent")
    }

    @Test func aPlaceInJapanStaysWithHotpepperAndIsLookedForOnce() async throws {
        // Given a HOT PEPPER key, and a place search that finds Shibuya in Japan
        let services = try Services()
        let shibuya = #"""
            [{"lat":"35.658","lon":"139.7016","name":"渋谷駅","address":{"country_code":"jp"}}]
            """#
        let places = try LoopbackServer(replies: [.json(shibuya, contentType: "application/json")])
        let environment = services.environment.merging(["FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString]) { $1 }

        // When a search near it names no service (HOT PEPPER's fake fails, so the run ends there)
        let run = await CLIRun.run(["search", "--near", "shibuya", "--retries", "0"], environment: environment)

        // Then HOT PEPPER was asked, OpenStreetMap not, and the place was looked for once, in Japanese
        #expect(services.hotpepper.requests.count == 1, "HOT PEPPER asked: \(run.stderr)")
        #expect(services.overpass.requests.isEmpty, "OpenStreetMap not asked")
        #expect(places.requests.count == 1, "one place search: \(places.requests.map(\.target))")
        #expect(places.requests.first?.queryValue("accept-language") == "ja", "HOT PEPPER's language")
        #expect(!run.stderr.contains("outside"), "\(run.stderr)")
    }

    @Test func aNameFoundAbroadFirstAndInJapanSecondStaysWithHotpepper() async throws {
        // Given a HOT PEPPER key, and a place search whose best match for 松山 is Taipei's Songshan
        let services = try Services()
        let matsuyama = #"""
            [{"lat":"25.05","lon":"121.577","name":"松山","address":{"country_code":"tw"}},
             {"lat":"33.8392","lon":"132.7657","name":"松山市","address":{"country_code":"jp"}}]
            """#
        let places = try LoopbackServer(replies: [.json(matsuyama, contentType: "application/json")])
        let environment = services.environment.merging(["FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString]) { $1 }

        // When a search near it names no service
        let run = await CLIRun.run(["search", "--near", "松山", "--retries", "0"], environment: environment)

        // Then the match in Japan is taken, and HOT PEPPER asked
        #expect(services.hotpepper.requests.count == 1, "HOT PEPPER asked: \(run.stderr)")
        #expect(services.overpass.requests.isEmpty && !run.stderr.contains("outside"), "\(run.stderr)")
        #expect(services.hotpepper.requests.first?.queryValue("lat") == "33.8392", "Matsuyama's centre")
    }

    @Test func anOptionNoCandidateAnswersIsRefusedBeforeThePlaceIsLookedFor() async throws {
        // Given a HOT PEPPER key, and a place search that would answer
        let services = try Services()

        // When a search near a place asks for an order neither HOT PEPPER nor OpenStreetMap has
        let run = await CLIRun.run(["search", "--near", "Times Square", "--sort", "rating"], environment: services.environment)

        // Then it is refused in one line, and nothing was sent: no place search, no service
        #expect(run.code == .usage && run.stderr.contains("--sort rating"), "\(run.code): \(run.stderr)")
        #expect(services.places.requests.isEmpty && services.hotpepper.requests.isEmpty && services.overpass.requests.isEmpty)
    }

    @Test func aCentreAbroadByCoordinatesSearchesOpenStreetMap() async throws {
        // Given a HOT PEPPER key
        let services = try Services()

        // When a search is centred on Times Square by its coordinates
        let run = await CLIRun.run(
            ["search", "--lat", "40.758", "--lng", "-73.9855", "--json"], environment: services.environment)

        // Then OpenStreetMap answered, with one line, and no place search was needed
        #expect(run.code == .success, "\(run.stderr)")
        #expect(services.hotpepper.requests.isEmpty && services.places.requests.isEmpty, "only Overpass asked")
        #expect(
            run.stderr.contains(
                "foodlogger: The centre 40.758,-73.9855 is outside Japan, where HOT PEPPER Gourmet has restaurants: searching OpenStreetMap."
            ), "\(run.stderr)")
    }

    @Test func theStubFindsNewYorksPlacesOnNewYorksClock() async throws {
        // When the stubs search near Times Square, no service named
        let run = await CLIRun.run(
            ["search", "--stub", "--near", "Times Square", "--open-at", "fri 15:00", "--format", "table"])

        // Then the OpenStreetMap stub's New York places answer, read on New York's clock
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == Self.outsideLine, "\(run.stderr)")
        #expect(run.stdout.contains("Midtown Slice Co."), "a New York stub place: \(run.stdout)")
        let said = run.stdout + run.stderr
        #expect(said.contains("fri 15:00 (America/New_York time)"), "New York's clock: \(said)")
        #expect(!said.contains("Asia/Tokyo") && !said.contains("Japan time"), "not Japan's clock: \(said)")
    }

    @Test func theStubRefusesAPlaceAbroadWhenHotpepperIsNamed() async throws {
        let run = await CLIRun.run(["pick", "--stub", "--provider", "hotpepper", "--near", "Times Square"])
        #expect(run.code == .noSuchPlace && run.stderr.contains("--provider osm"), "\(run.stderr)")
    }

    @Test func theStubKeepsHotpepperForAPlaceInJapan() async throws {
        let run = await CLIRun.run(["search", "--stub", "--near", "渋谷駅", "--json"])
        #expect(run.code == .success && !run.stderr.contains("outside"), "\(run.stderr)")
        #expect(run.stdout.contains(#""provider": "hotpepper""#), "HOT PEPPER's stub answered: \(run.stdout.prefix(300))")
    }

    /// Japan's outline against its neighbours, across each strait.
    @Test(arguments: [
        ("Tokyo", 35.6812, 139.7671, true), ("Fukuoka", 33.5902, 130.4017, true), ("Tsushima", 34.2, 129.29, true),
        ("Gotō (Fukue)", 32.69, 128.84, true), ("Wakkanai", 45.415, 141.673, true), ("Naha", 26.2124, 127.6809, true),
        ("Yonaguni", 24.4676, 123.0046, true), ("Chichijima", 27.0945, 142.1918, true), ("Sapporo", 43.0618, 141.3545, true),
        ("Cape Nosappu (Nemuro)", 43.385, 145.8175, true), ("Nemuro", 43.3301, 145.5829, true),
        ("Busan", 35.1796, 129.0756, false), ("Geoje", 34.88, 128.62, false), ("Seoul", 37.5665, 126.978, false),
        ("Jeju", 33.4996, 126.5312, false), ("Korsakov (Sakhalin)", 46.634, 142.775, false),
        ("Vladivostok", 43.1155, 131.8855, false), ("Taipei", 25.033, 121.5654, false), ("Shanghai", 31.2304, 121.4737, false),
        ("New York", 40.758, -73.9855, false),
    ])
    func japansOutline(place: String, lat: Double, lng: Double, inJapan: Bool) {
        #expect(Provider.hotpepper.covers(Coordinate(lat: lat, lng: lng)) == inJapan, "\(place)")
        #expect(Provider.osm.covers(Coordinate(lat: lat, lng: lng)), "OpenStreetMap covers the world: \(place)")
    }

    @Test func aPlacesCountryDecidesBeforeItsCoordinate() {
        // A country said by the place search wins over the outline (a point in the sea between)
        let between = Coordinate(lat: 34.8, lng: 129.3)
        #expect(Provider.hotpepper.covers(Place(name: "a", coordinate: between, country: "jp")))
        #expect(!Provider.hotpepper.covers(Place(name: "b", coordinate: between, country: "kr")))
        // Without a country, the coordinate tells
        #expect(!Provider.hotpepper.covers(Place(name: "Busan", coordinate: .init(lat: 35.1796, lng: 129.0756))))
    }
}
