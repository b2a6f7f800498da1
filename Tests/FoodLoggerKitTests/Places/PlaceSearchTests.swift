import Foundation
import LoopbackHTTP
import TestSupport
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Answers shaped like Nominatim's `jsonv2` search, written for the project.
enum NominatimSeeds {
    static let shibuya = #"""
        [{"place_id":1,"lat":"35.6580","lon":"139.7016","category":"railway","type":"station","name":"渋谷駅",
          "display_name":"渋谷駅, 道玄坂一丁目, 渋谷区, 東京都, 150-0043, 日本","importance":0.61},
         {"place_id":2,"lat":"35.6595","lon":"139.7005","category":"place","type":"suburb","name":"",
          "display_name":"渋谷, 渋谷区, 東京都, 日本","importance":0.55}]
        """#
    static let none = "[]"
}

@Suite struct NominatimAPITests {
    func client(
        _ server: some LoopbackEndpoint, countryCodes: [String] = ["jp"], language: String = "ja", retries: Int = 0
    ) -> NominatimAPI {
        NominatimAPI(
            baseURL: server.baseURL, countryCodes: countryCodes, language: language, timeout: 2,
            retry: RetryPolicy(retries: retries, random: { 0 }, sleep: { _ in }))
    }

    /// The query items of the one request a server received.
    func items(_ server: LoopbackServer) throws -> [String: String] {
        let request = try #require(server.requests.first, "one request")
        return Dictionary(uniqueKeysWithValues: request.queryItems.map { ($0.name, $0.value ?? "") })
    }

    @Test func asksForPlacesInJapanAndReadsTheBestFirst() async throws {
        let server = try LoopbackServer { _ in .json(NominatimSeeds.shibuya, contentType: "application/json") }
        let places = try await client(server, countryCodes: ["jp"], language: "ja").findPlaces("shibuya station")
        #expect(places.map(\.name) == ["渋谷駅", "渋谷"], "named, the unnamed one by its display name")
        #expect(places.first?.coordinate == Coordinate(lat: 35.658, lng: 139.7016), "lat/lon read from strings")
        let request = try #require(server.requests.first)
        let items = Dictionary(uniqueKeysWithValues: request.queryItems.map { ($0.name, $0.value ?? "") })
        #expect(request.target.hasPrefix("/search?"), "the search endpoint")
        #expect(
            items == [
                "q": "shibuya station", "format": "jsonv2", "limit": "5", "addressdetails": "1", "countrycodes": "jp",
                "accept-language": "ja",
            ])
        #expect(request.headers["user-agent"] == "foodlogger/\(FoodLoggerVersion.current)", "a User-Agent naming the tool")
    }

    @Test func worldwideItAsksEveryCountryInTheUsersLanguage() async throws {
        // Given a place search of the whole world, in French
        let server = try LoopbackServer { _ in .json(NominatimSeeds.none) }

        // When a place is asked for
        _ = try await client(server, countryCodes: [], language: "fr").findPlaces("Tour Eiffel")

        // Then no country is named, and the language is
        #expect(
            try items(server) == [
                "q": "Tour Eiffel", "format": "jsonv2", "limit": "5", "addressdetails": "1", "accept-language": "fr",
            ],
            "no countrycodes: the whole world")
    }

    @Test func eachPlaceCarriesTheCountryItsAddressNames() async throws {
        // Given an answer whose places name their countries, one in capitals and one not a code
        let answer = #"""
            [{"lat":"40.758","lon":"-73.9855","name":"Times Square","address":{"country_code":"us"}},
             {"lat":"35.69","lon":"139.70","name":"タカシマヤ タイムズスクエア","address":{"country_code":"JP"}},
             {"lat":"1","lon":"2","name":"Nowhere","address":{"country_code":"xyz"}},
             {"lat":"3","lon":"4","name":"No address"}]
            """#
        let server = try LoopbackServer { _ in .json(answer, contentType: "application/json") }
        // When they are read
        let places = try await client(server, countryCodes: [], language: "en").findPlaces("Times Square")
        // Then each carries its country in lower case, and nil where none is said
        #expect(places.map(\.country) == ["us", "jp", nil, nil])
    }

    @Test func aPlacesCountryIsKeptWithIt() async throws {
        // Given a cache, and a place found with its country
        let folder = try TemporaryFolder()
        let cache = PlaceCache(folder: folder.url, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let place = Place(name: "Times Square", coordinate: .init(lat: 40.758, lng: -73.9855), country: "us")
        // When it is kept and looked up again
        await cache.store(.init(place: place, matches: 1), for: "[world en] times square")
        // Then its country came back with it
        #expect(cache.lookup("[world en] times square")?.place.country == "us")
    }

    @Test func severalCountriesAreOneList() async throws {
        let server = try LoopbackServer { _ in .json(NominatimSeeds.none) }
        _ = try await client(server, countryCodes: ["JP", "kr"], language: "en").findPlaces("Busan")
        #expect(try items(server)["countrycodes"] == "jp,kr", "comma-separated, lower case")
    }

    @Test(arguments: [
        (["LANG": "fr_FR.UTF-8"], "fr"), (["LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"], "de"),
        (["LC_MESSAGES": "es_ES", "LANG": "fr_FR"], "es"), (["LC_ALL": "", "LANG": "ja_JP.UTF-8"], "ja"),
        (["LANG": "sr@latin"], "sr"), (["LANG": "fil_PH"], "fil"), (["LANG": "C.UTF-8"], "en"), (["LANG": "POSIX"], "en"),
        (["LANG": "1234"], "en"), ([:], "en"),
    ])
    func theLanguageIsTheLocales(environment: [String: String], language: String) {
        #expect(NominatimAPI.language(environment: environment) == language, "\(environment)")
    }

    @Test func faultsAreTheServicesFaults() async throws {
        let failing = try LoopbackServer(replies: [.status(503), .json(NominatimSeeds.shibuya)])
        #expect(try await client(failing, retries: 1).findPlaces("x").count == 2, "a 503 is retried")
        let garbage = try LoopbackServer(replies: [.json("<html>busy</html>")])
        await #expect(throws: ServiceError.self) { try await client(garbage).findPlaces("x") }
        let refused = try RefusingPort()
        do {
            _ = try await client(refused).findPlaces("x")
            Issue.record("a refused connection must fail")
        } catch {
            #expect(error == .from(.placeSearch, .network(.refused, detail: "127.0.0.1:\(refused.port)")))
        }
    }
}

@Suite struct GeocodingWorkerTests {
    final class Clock: @unchecked Sendable {
        let lock = NSLock()
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var slept: [TimeInterval] = []
        func sleep(_ seconds: TimeInterval) {
            lock.withLock {
                slept.append(seconds)
                now += seconds
            }
        }
    }

    @Test func aPlaceIsAskedForOnceAndRequestsAreASecondApart() async throws {
        let server = try LoopbackServer { _ in .json(NominatimSeeds.shibuya) }
        let folder = try TemporaryFolder()
        let clock = Clock()
        let now: @Sendable () -> Date = { clock.lock.withLock { clock.now } }
        let turns = RequestTurns(
            stamp: folder.url.appendingPathComponent("nominatim-last-request"), now: now, sleep: { clock.sleep($0) })
        let worker = GeocodingWorker(
            geocoder: NominatimAPI(baseURL: server.baseURL, timeout: 2, retry: RetryPolicy(retries: 0)),
            cache: PlaceCache(folder: folder.url, now: now), turns: turns)

        let first = try await worker.locate("Shibuya")
        let again = try await worker.locate("  shibuya ")
        #expect(first == again && first.matches == 2, "the best of two, from the cache the second time")
        #expect(server.requests.count == 1, "the second lookup of the same place makes no request")
        #expect(clock.slept.isEmpty, "the first request waits for nobody")

        _ = try await worker.locate("渋谷")
        #expect(server.requests.count == 2, "another name is asked for")
        #expect(clock.slept.count == 1 && abs(clock.slept[0] - 1) < 0.01, "a second after the last request: \(clock.slept)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("places.json").path))
    }

    @Test func noMatchIsPlaceNotFound() async throws {
        let server = try LoopbackServer { _ in .json(NominatimSeeds.none) }
        let worker = GeocodingWorker(
            geocoder: NominatimAPI(baseURL: server.baseURL, timeout: 2, retry: RetryPolicy(retries: 0)), cache: nil)
        await #expect(throws: ServiceError.placeNotFound("どこでもない", known: [])) {
            try await worker.locate("どこでもない")
        }
    }

    @Test func aPlaceFoundInJapanNeverStandsInForOneFoundWorldwide() async throws {
        // Given one cache, and place searches of Japan in Japanese and of the world in French and English
        let server = try LoopbackServer { _ in .json(NominatimSeeds.shibuya) }
        let folder = try TemporaryFolder()
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        func worker(_ countryCodes: [String], _ language: String) -> GeocodingWorker {
            GeocodingWorker(
                geocoder: NominatimAPI(
                    baseURL: server.baseURL, countryCodes: countryCodes, language: language, timeout: 2,
                    retry: RetryPolicy(retries: 0)),
                cache: PlaceCache(folder: folder.url, now: now), turns: RequestTurns(stamp: nil, now: now, sleep: { _ in }))
        }

        // When each looks the same name up, and the worldwide French one again
        _ = try await worker(["jp"], "ja").locate("Shibuya")
        _ = try await worker([], "fr").locate("shibuya")
        _ = try await worker([], "en").locate("shibuya")
        _ = try await worker([], "fr").locate("SHIBUYA")

        // Then each scope asked once, and found its own answer kept
        #expect(server.requests.count == 3, "one request per scope: \(server.requests.map(\.target))")
        #expect(
            server.requests.map { $0.queryItems.first { $0.name == "accept-language" }?.value } == ["ja", "fr", "en"],
            "in each scope's language")
        #expect(
            Set(PlaceCache(folder: folder.url, now: now).entries().keys)
                == ["[jp ja] shibuya", "[world fr] shibuya", "[world en] shibuya"], "kept apart by scope")
    }

    @Test func theCacheLivesWhereXDGSays() throws {
        let home = try TemporaryFolder("foodlogger-home")
        #expect(CacheFolder.url(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])?.path == "/c/foodlogger")
        #expect(CacheFolder.url(environment: ["HOME": home.path])?.path == home.path + "/.cache/foodlogger")
        #expect(
            CacheFolder.url(environment: ["XDG_CACHE_HOME": "relative", "HOME": home.path])?.path
                == home.path + "/.cache/foodlogger")
        #expect(CacheFolder.url(environment: [:]) == nil)
        // A home that is not there is never made, so nothing is kept under it.
        #expect(XDGFolder.cache.location(environment: ["HOME": "/h"]) == .failure(.missingHome(path: "/h")))
    }
}

@Suite struct PlaceCacheTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func cache(_ folder: TemporaryFolder) -> PlaceCache { PlaceCache(folder: folder.url, now: { Self.now }) }

    /// One cached place as JSON, `saved` in the encoder's own seconds (since 2001).
    static func entry(name: String = "渋谷駅", lat: String = "35.658", saved: String? = nil) -> String {
        let seconds = saved ?? String(now.timeIntervalSinceReferenceDate - 3600)
        return #"{"name":"\#(name)","lat":\#(lat),"lng":139.7016,"matches":2,"saved":\#(seconds)}"#
    }

    @Test func entriesThatCannotBeTrueAreDropped() throws {
        // Given a cache holding one good place and places saved in the far future, with an
        // escape sequence in the name, off the Earth, or under a key with a control character
        let folder = try TemporaryFolder()
        let table = [
            #""good":\#(Self.entry())"#, #""future":\#(Self.entry(saved: "9e15"))"#,
            #""escape":\#(Self.entry(name: #"\u001b[31m渋谷"#))"#, #""off":\#(Self.entry(lat: "1000"))"#,
            #""key\u0007":\#(Self.entry())"#,
        ]
        try Data("{\(table.joined(separator: ","))}".utf8).write(to: cache(folder).file.url)

        // When they are looked up
        let sut = cache(folder)

        // Then only the good one is found
        #expect(sut.lookup("good")?.place.name == "渋谷駅", "a plausible, fresh place is kept")
        for key in ["future", "escape", "off", "key\u{7}"] { #expect(sut.lookup(key) == nil, "\(key) is dropped") }
    }

    @Test func concurrentStoresKeepEveryPlace() async throws {
        // Given 30 stores at once into one cache, as from 30 runs
        let folder = try TemporaryFolder()
        let places = (0..<30).map { "place \($0)" }

        // When each stores its own place
        await withTaskGroup(of: Void.self) { group in
            for (index, name) in places.enumerated() {
                group.addTask {
                    let located = GeocodingWorker.Located(
                        place: Place(name: name, coordinate: Coordinate(lat: 35, lng: 139 + Double(index) / 100)), matches: 1)
                    await cache(folder).store(located, for: name)
                }
            }
        }

        // Then every one is in the file
        let kept = cache(folder).entries()
        #expect(Set(kept.keys) == Set(places), "\(kept.count) of \(places.count) places kept")
    }

    @Test func aHugeCacheIsAbsentAndTheNextStoreStartsAfresh() async throws {
        // Given a 1 GiB places.json (sparse)
        let folder = try TemporaryFolder()
        let file = cache(folder).file.url
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil) && truncate(file.path, 1 << 30) == 0)

        // When a place is looked up and then stored
        let found = cache(folder).lookup("shibuya")
        let located = GeocodingWorker.Located(place: Place(name: "渋谷駅", coordinate: Coordinate(lat: 35, lng: 139)), matches: 1)
        await cache(folder).store(located, for: "shibuya")

        // Then the lookup found nothing, and the file now holds just that place
        #expect(found == nil, "a cache over the cap is absent")
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? .max
        #expect(size < 1000 && cache(folder).lookup("shibuya") == located, "replaced by a small file: \(size) bytes")
    }
}

@Suite struct GeocodingStubTests {
    let sut = GeocodingStub()

    /// The OpenStreetMap stub's places abroad, by their local and English names.
    @Test(arguments: [
        ("Times Square", "Times Square"), ("times sq", "Times Square"), ("New York", "Times Square"),
        ("Eiffel Tower", "Tour Eiffel"), ("Tour Eiffel", "Tour Eiffel"), ("la tour eiffel", "Tour Eiffel"),
        ("Hoan Kiem", "Hồ Hoàn Kiếm"), ("Hoàn Kiếm", "Hồ Hoàn Kiếm"), ("Hồ Hoàn Kiếm", "Hồ Hoàn Kiếm"),
        ("hanoi", "Hồ Hoàn Kiếm"), ("Hà Nội", "Hồ Hoàn Kiếm"),
    ])
    func placesAbroad(text: String, name: String) async throws {
        #expect(try await sut.findPlaces(text).map(\.name) == [name], "\(text)")
    }

    @Test func placesAbroadAreTheOpenStreetMapStubsCentres() async throws {
        let centres = [
            "Times Square": OverpassStubPlaces.Neighbourhood.timesSquare.centre,
            "Tour Eiffel": OverpassStubPlaces.Neighbourhood.eiffelTower.centre,
            "Hoan Kiem": OverpassStubPlaces.Neighbourhood.hoanKiem.centre,
        ]
        for (text, centre) in centres {
            #expect(try await sut.findPlaces(text).first?.coordinate == centre, "\(text) is where the stub's places are")
        }
    }

    @Test func anUnknownPlaceNamesEveryKnownOne() async {
        do {
            _ = try await sut.findPlaces("Sydney")
            Issue.record("Sydney is not in the stub")
        } catch {
            guard case .placeNotFound(let text, let known) = error else {
                Issue.record("expected placeNotFound, got \(error)")
                return
            }
            #expect(text == "Sydney" && known.first == "東京駅 (Tokyo Station)", "\(known)")
            #expect(known.suffix(3) == ["Times Square (New York)", "Tour Eiffel (Eiffel Tower)", "Hồ Hoàn Kiếm (Hoan Kiem)"])
        }
    }
}

@MainActor
@Suite struct NearCommandTests {
    /// Every stub neighbourhood and station, in both scripts.
    @Test(arguments: [
        ("東京駅", "東京駅"), ("Tokyo Station", "東京駅"), ("tokyo", "東京駅"), ("有楽町", "有楽町駅"), ("yurakucho", "有楽町駅"),
        ("日本橋", "日本橋駅"), ("Nihonbashi", "日本橋駅"), ("渋谷駅", "渋谷駅"), ("shibuya", "渋谷駅"), ("新宿", "新宿駅"),
        ("Shinjuku Station", "新宿駅"), ("梅田", "梅田"), ("umeda", "梅田"), ("京都駅", "京都駅"), ("Kyoto Station", "京都駅"),
        ("Tōkyō", "東京駅"), ("Yūrakuchō", "有楽町駅"), ("Nihombashi", "日本橋駅"), ("ｓｈｉｂｕｙａ", "渋谷駅"), ("東京　駅", "東京駅"),
    ])
    func stubPlacesInBothScripts(place: String, name: String) async {
        let run = await CLIRun.run(["search", "--stub", "--near", place, "--json"])
        #expect(run.code == .success, "\(place): \(run.stderr)")
        #expect((run.json?["center"] as? [String: Any])?["name"] as? String == name, "\(place)")
        #expect(((run.json?["restaurants"] as? [Any]) ?? []).count > 0, "shops around \(place)")
    }

    /// The place search and the OpenStreetMap stub, both offline, meet at the stub's centres.
    @Test(arguments: [("Eiffel Tower", "Tour Eiffel"), ("Times Square", "Times Square"), ("Hoan Kiem", "Hồ Hoàn Kiếm")])
    func aPlaceAbroadIsFoundOfflineWithPlacesAroundIt(place: String, name: String) async {
        let run = await CLIRun.run(["search", "--provider", "osm", "--stub", "--near", place, "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect((run.json?["center"] as? [String: Any])?["name"] as? String == name, "the stub's place")
        let ids = ((run.json?["restaurants"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("node/") || $0.hasPrefix("way/") }, "OSM places: \(ids)")
    }

    @Test func aPlaceTheStubDoesNotKnowIsExit66NamingTheKnownOnes() async {
        let run = await CLIRun.run(["search", "--stub", "--near", "札幌"])
        #expect(run.code == .noSuchPlace)
        #expect(run.stderr.hasPrefix("foodlogger: no place called '札幌' was found. The offline stub (--stub) knows only 東京駅"))
        #expect(run.stderr.split(separator: "\n").count == 1, "one line")
    }

    @Test func theEnvironmentCanNameThePlaceAndIsNamedInMessages() async {
        let found = await CLIRun.run(["search", "--stub", "--json"], environment: ["FOODLOGGER_NEAR": "kyoto"])
        #expect((found.json?["center"] as? [String: Any])?["name"] as? String == "京都駅")
        let missing = await CLIRun.run(["search", "--stub"], environment: ["FOODLOGGER_NEAR": "札幌"])
        #expect(missing.code == .noSuchPlace && missing.stderr.contains("FOODLOGGER_NEAR"), "\(missing.stderr)")
    }

    @Test func theResolvedPlaceIsShownOnATerminal() async {
        let run = await CLIRun.run(
            ["search", "--stub", "--near", "shibuya", "--format", "table"], terminal: Terminal(stderrIsTerminal: true))
        #expect(run.stderr.hasPrefix("near 渋谷駅, 35.658, 139.7016\n"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--near", "渋谷", "--lat", "35", "--lng", "139"], "--near and --lat/--lng both give the centre; use one"),
        (["--near", "渋谷", "--no-center"], "--no-center contradicts --near"),
        (["--near", " "], "--near is empty"),
    ])
    func conflictsAreUsageErrors(arguments: [String], words: String) async {
        let run = await CLIRun.run(["search", "--stub"] + arguments)
        #expect(run.code == .usage && run.stderr.contains(words), "\(run.stderr)")
    }

    @Test func bothCentresFromTheEnvironmentAreAUsageError() async {
        let run = await CLIRun.run(
            ["search", "--stub"], environment: ["FOODLOGGER_NEAR": "渋谷", "FOODLOGGER_LAT": "35", "FOODLOGGER_LNG": "139"])
        #expect(run.code == .usage && run.stderr.contains("unset one"), "\(run.stderr)")
    }

    @Test func mapTakesNearToo() async {
        let run = await CLIRun.run(["map", "--stub", "--near", "梅田", "--width", "40", "--height", "12"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("N ↑"), "a map")
    }

    @Test func withoutAHomeVerboseSaysTheCacheIsOffAndThePlaceIsStillFound() async throws {
        // Given no HOME and no XDG_CACHE_HOME, and the services on loopback
        let places = try LoopbackServer { _ in .json(NominatimSeeds.shibuya) }
        let shops = try LoopbackServer { _ in .json(FaultSeeds.oneShop) }
        let environment = [
            "HOME": "", "HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": shops.baseURL.absoluteString,
            "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString,
        ]

        // When a search near a place runs with --verbose
        let run = await CLIRun.run(["search", "--near", "shibuya", "--json", "--verbose"], environment: environment)

        // Then it succeeds and says once why nothing is kept
        #expect(run.code == .success, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("cache off") }
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(lines.first?.contains("a second apart within this run only") == true, "\(run.stderr)")
        #expect(places.requests.count == 1, "the place was asked for")
        let byCoordinates = await CLIRun.run(
            ["search", "--lat", "35.6", "--lng", "139.7", "--json", "--verbose"], environment: environment)
        #expect(!byCoordinates.stderr.contains("cache off"), "no place search, no word of its cache")
    }

    /// The real path: the place search and the restaurant search, both on loopback servers,
    /// and the place remembered in XDG_CACHE_HOME for the next run.
    @Test func nearAgainstLoopbackServicesIsCached() async throws {
        let places = try LoopbackServer { _ in .json(NominatimSeeds.shibuya) }
        let shops = try LoopbackServer { _ in .json(FaultSeeds.oneShop) }
        let cache = try TemporaryFolder()
        let environment = [
            "HOTPEPPER_API_KEY": "k", "HOTPEPPER_BASE_URL": shops.baseURL.absoluteString,
            "FOODLOGGER_NOMINATIM_URL": places.baseURL.absoluteString, "XDG_CACHE_HOME": cache.path,
        ]
        let first = await CLIRun.run(["search", "--near", "shibuya", "--json"], environment: environment)
        let second = await CLIRun.run(["search", "--near", "Shibuya", "--json"], environment: environment)
        #expect(first.code == .success && second.code == .success, "\(first.stderr)\(second.stderr)")
        #expect((first.json?["center"] as? [String: Any])?["name"] as? String == "渋谷駅")
        #expect(places.requests.count == 1, "the second run found the place in the cache")
        let centre = shops.requests.last?.queryItems.filter { ["lat", "lng"].contains($0.name) }.map { $0.value ?? "" }
        #expect(centre == ["35.658", "139.7016"], "the restaurant search goes around the place found")
        let other = try LoopbackServer { _ in .json(NominatimSeeds.shibuya) }
        var elsewhere = environment
        elsewhere["FOODLOGGER_NOMINATIM_URL"] = other.baseURL.absoluteString
        let third = await CLIRun.run(["search", "--near", "shibuya", "--json"], environment: elsewhere)
        #expect(third.code == .success && other.requests.count == 1, "another server is asked anew: \(third.stderr)")
    }
}
