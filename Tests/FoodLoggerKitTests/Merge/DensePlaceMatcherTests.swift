import Foundation
import Testing

@testable import FoodLoggerDomain

/// The matcher where places crowd one point (issue #50, item 6): it compares a number of pairs
/// that grows with the places, not with their square, and groups as comparing every pair did.
@Suite struct DensePlaceMatcherTests {
    let sut = PlaceMatcher()

    /// `count` places of `provider` at `MergeSeeds.origin` (or scattered `within` metres of it), named and
    /// with phones as `name` and `phone` say for place `n`.
    static func places(
        _ count: Int, _ provider: Provider, within metres: Double = 0, name: (Int) -> String,
        phone: (Int) -> String? = { _ in nil }
    ) -> [Restaurant] {
        (0..<count).map { n in
            // A fixed scatter: the same place always lands on the same spot.
            let angle = Double(n) * 2.399963, radius = metres * (Double(n % 97) / 97).squareRoot()
            return MergeSeeds.place(
                "\(provider.rawValue)-\(n)", name(n), provider: provider, north: radius * sin(angle),
                east: radius * cos(angle), phone: phone(n))
        }
    }

    /// Today's rule the long way, as the matcher had it: every pair of different services
    /// compared, joined strongest evidence first, then nearest first.
    static func everyPair(_ answers: [[Restaurant]], _ matcher: PlaceMatcher) -> [[String]] {
        let places = answers.enumerated().flatMap { service, list in list.map { (service: service, place: $0) } }
        let shared = PlaceMatcher.sharedKeys(answers)
        var pairs: [(a: Int, b: Int, evidence: PlaceMatcher.Evidence, distance: Double)] = []
        for a in places.indices {
            for b in places.indices where b > a && places[a].service != places[b].service {
                guard let evidence = matcher.evidence(places[a].place, places[b].place, shared: shared) else { continue }
                pairs.append((a, b, evidence, places[a].place.coordinate.distance(to: places[b].place.coordinate)))
            }
        }
        pairs.sort { ($0.evidence, $0.distance, $0.a, $0.b) < ($1.evidence, $1.distance, $1.a, $1.b) }
        var groupOf = Array(places.indices)
        var members: [Int: [Int]] = Dictionary(uniqueKeysWithValues: places.indices.map { ($0, [$0]) })
        for pair in pairs {
            let (first, second) = (groupOf[pair.a], groupOf[pair.b])
            guard first != second, let one = members[first], let other = members[second],
                Set(one.map { places[$0].service }).isDisjoint(with: other.map { places[$0].service })
            else { continue }
            members[min(first, second)] = (one + other).sorted()
            members[max(first, second)] = nil
            for index in one + other { groupOf[index] = min(first, second) }
        }
        return members.keys.sorted().compactMap { members[$0]?.map { places[$0].place.id } }
    }

    @Test func oneNameAtOnePointComparesPairsInProportionToThePlaces() {
        // Given 1,000 OpenStreetMap and 1,000 Google places of one name at one point
        let answers = [
            Self.places(1000, .osm) { _ in "Bench Diner" }, Self.places(1000, .google) { _ in "BENCH DINER" },
        ]
        // When they are grouped
        let (groups, compared) = sut.grouped(answers)
        // Then each place is compared with a bounded number of others, not with all 1,000
        #expect(compared <= 40 * 2000, "\(compared) pairs compared for 2,000 places (every pair: 1,000,000)")
        #expect(compared >= 1000, "each place is compared with its match at least: \(compared)")
        // And the places are joined in order, as comparing every pair joins them
        #expect(groups.count == 1000, "1,000 merged places, not \(groups.count)")
        #expect(
            groups.allSatisfy { $0.count == 2 && $0[0].id.dropFirst(4) == $0[1].id.dropFirst(7) },
            "the n-th place of one service with the n-th of the other: \(groups.prefix(3).map { $0.map(\.id) })")
    }

    @Test func oneNameAtOnePointGroupsAsComparingEveryPairDoes() {
        // Given three services' 60, 90 and 40 places of one name at one point
        let answers = [
            Self.places(60, .osm) { _ in "Cafe Mira" }, Self.places(90, .google) { _ in "CAFE MIRA" },
            Self.places(40, .hotpepper) { _ in "カフェミラ" },
        ]
        // Then the groups are those of every pair compared
        #expect(sut.group(answers).map { $0.map(\.id) } == Self.everyPair(answers, sut), "the same groups")
    }

    @Test func aSharedPhoneOrUniquePhonesCrowdedIntoFortyMetresCompareFewPairs() {
        // Given 1,000 places a service, one phone shared by all of each answer, names that agree pairwise
        let shared = [
            Self.places(1000, .osm) {
                "Diner \($0)"
            } phone: { _ in
                "03-5555-0000"
            },
            Self.places(1000, .google) {
                "DINER \($0)"
            } phone: { _ in
                "+81 3-5555-0000"
            },
        ]
        let (sharedGroups, sharedCompared) = sut.grouped(shared)
        #expect(sharedCompared <= 4 * 2000, "a shared phone is no key: \(sharedCompared) pairs compared")
        #expect(sharedGroups.count == 1000, "joined by name, not by the building's phone: \(sharedGroups.count)")
        // And 1,000 places a service within 40 m, each with its own phone, names in two scripts
        let unique = [
            Self.places(1000, .osm, within: 40) {
                "ベンチ食堂 \($0)号店"
            } phone: {
                String(format: "03-5%03d-%04d", $0 % 7, $0)
            },
            Self.places(1000, .google, within: 40) {
                "Bench Diner No. \($0)"
            } phone: {
                String(format: "+81 3-5%03d-%04d", $0 % 7, $0)
            },
        ]
        let (uniqueGroups, uniqueCompared) = sut.grouped(unique)
        #expect(uniqueCompared <= 4 * 2000, "only places of one phone are compared: \(uniqueCompared)")
        #expect(uniqueGroups.count == 1000 && uniqueGroups.allSatisfy { $0.count == 2 }, "each joined by its phone")
    }

    @Test func scatteredPlacesGroupAsComparingEveryPairDoes() {
        // Given three services' places scattered over 400 m, with few names, phones and websites,
        // so that many pairs agree on something and many are near
        var random = SplitMix64(seed: 50)
        let names = ["Cafe Mira", "一蘭 渋谷店", "一蘭", "一蘭 新宿店", "The Ivy", "Ivy", "Lumine Food Court", "ガスト"]
        let answers = [Provider.osm, .google, .hotpepper].map { provider in
            (0..<120).map { n in
                var place = MergeSeeds.place(
                    "\(provider.rawValue)-\(n)", names[random.below(names.count)], provider: provider,
                    north: Double(random.below(400)), east: Double(random.below(400)),
                    phone: random.below(3) == 0 ? "03-1234-\(5000 + random.below(40))" : nil,
                    website: random.below(4) == 0 ? "https://diner\(random.below(30)).example.jp/" : nil,
                    kind: random.below(10) == 0 ? .foodCourt : nil)
                if random.below(5) == 0 { place.otherNames = [.init(language: "ja", name: names[random.below(names.count)])] }
                return place
            }
        }
        // Then the groups are those of every pair compared
        let groups = sut.group(answers).map { $0.map(\.id) }
        #expect(groups == Self.everyPair(answers, sut), "the same groups")
        #expect(groups.contains { $0.count > 1 }, "some places merge at all")
    }

    @Test func placesAcrossTheAntimeridianOrAPoleStillMeet() {
        // Given one place on either side of 180°, 44 m apart, and one on either side of the North Pole, 22 m apart
        func at(_ id: String, _ provider: Provider, _ lat: Double, _ lng: Double) -> Restaurant {
            var place = MergeSeeds.place(id, "Cafe Mira", provider: provider)
            place.coordinate = Coordinate(lat: lat, lng: lng)
            return place
        }
        let antimeridian = [[at("node/1", .osm, -16.8, 179.9998)], [at("ChIJ1", .google, -16.8, -179.9998)]]
        let pole = [[at("node/2", .osm, 89.9999, 0)], [at("ChIJ2", .google, 89.9999, 180)]]
        // Then each pair is one place (each answer alone, so the grid is cut for its own latitude)
        #expect(sut.group(antimeridian).map { $0.map(\.id) } == [["node/1", "ChIJ1"]], "across 180°")
        #expect(sut.group(pole).map { $0.map(\.id) } == [["node/2", "ChIJ2"]], "across the pole")
        #expect(PlaceMatcher.Grid(reach: 150, places: antimeridian.flatMap { $0.map(\.coordinate) }).columns > 3)
    }
}

extension SplitMix64 {
    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }
}
