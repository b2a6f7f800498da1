import Foundation

/// OpenStreetMap answered offline from `OverpassStubPlaces`, with the Overpass query's semantics
/// (`OverpassRequest`): the places it selects are written as an Overpass `[out:json]` answer,
/// with the areas around them, and read by the real `OverpassDecoder`, whole as `OverpassAPI`
/// answers. So `--stub` demos, tests and the decoder run without a network.
///
/// It never suspends: a stub search runs start to finish on its caller's executor and starts no
/// thread (`HotpepperProtocol`).
public struct OverpassStub: HotpepperProtocol {
    public init() {}

    public var provider: Provider { .osm }

    /// The places named by `query.ids` when it names some, else those around its centre that
    /// every condition keeps, nearest first: the whole answer.
    public nonisolated(nonsending) func searchRestaurants(_ query: RestaurantQuery) async throws(ServiceError)
        -> RestaurantPage
    {
        if !query.ids.isEmpty { return try Self.answer(Self.lookup(query.ids), query: query, nearestTo: query.center) }
        // The real query's refusals (no centre, a genre OSM does not know, a filter it has no tag for).
        _ = try OverpassRequest.search(query)
        guard let centre = query.center else {
            return RestaurantPage(total: 0, start: 1, restaurants: [], provider: .osm)
        }
        let reachable = OverpassStubPlaces.reachable(from: centre, within: query.metres)
        let places = reachable.flatMap(\.places).filter { Self.keeps($0, query, around: centre) }
        // `is_in` gives the areas the centre lies in: the nearest neighbourhood's.
        let areas = reachable.min { $0.centre.distance(to: centre) < $1.centre.distance(to: centre) }?.areas ?? []
        var page = try Self.answer(places + areas, query: query, nearestTo: centre)
        if reachable.isEmpty { page.coverage = OverpassStubPlaces.Neighbourhood.allCases.map(\.name) }
        return page
    }

    /// The elements as Overpass would send them, decoded and put nearest `centre` first: the
    /// whole answer, as `OverpassAPI` gives it.
    static func answer(_ elements: [OverpassStubPlaces.Element], query: RestaurantQuery, nearestTo centre: Coordinate? = nil)
        throws(ServiceError) -> RestaurantPage
    {
        var whole = try OverpassDecoder.decode(document(elements), lookup: !query.ids.isEmpty)
        if let centre { whole.restaurants = whole.restaurants.nearestFirst(to: centre) }
        return whole.invented
    }

    /// An `[out:json]` answer holding `elements`.
    static func document(_ elements: [OverpassStubPlaces.Element]) -> Data {
        struct Document: Encodable {
            var version = 0.6
            var generator = "foodlogger offline stub"
            var elements: [OverpassStubPlaces.Element]
        }
        // Encoding strings, numbers and optionals cannot fail.
        return try! JSONEncoder().encode(Document(elements: elements))
    }

    /// What `OverpassRequest.search` asks of an element: within the range of the centre, one of
    /// the kinds, every keyword term in one of the tags `OverpassRequest.keywordKeys` names (a
    /// name, the cuisine, the address) in any case, one of the genres among its cuisines, and
    /// every filter's fact (`OSMFacts`).
    static func keeps(_ place: OverpassStubPlaces.Element, _ query: RestaurantQuery, around centre: Coordinate) -> Bool {
        let tags = place.tags ?? [:]
        guard let point = place.center ?? place.lat.flatMap({ lat in place.lon.map { .init(lat: lat, lon: $0) } }),
            Coordinate(lat: point.lat, lng: point.lon).distance(to: centre) <= Double(query.metres)
        else { return false }
        let searched = tags.filter { $0.key.wholeMatch(of: keywordKeys) != nil }.values
        let amenity = tags["amenity"] ?? ""
        let cuisines = Set(
            (tags["cuisine"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return OSMFacts.amenities(of: query.kinds).contains(amenity)
            && (query.keyword ?? "").split(whereSeparator: \.isWhitespace).allSatisfy { term in
                searched.contains { $0.range(of: term, options: .caseInsensitive) != nil }
            }
            && (query.genres.isEmpty || query.genres.contains { cuisines.contains($0.lowercased()) })
            && query.filters.allSatisfy { OSMFacts.keeps(tags, $0) }
            && Set(OSMFacts.diets(tags)).isSuperset(of: query.diets)
    }

    /// `OverpassRequest.keywordKeys` as Swift reads it (the expression has nothing Overpass's
    /// POSIX dialect and Swift's would read apart); a constant pattern always compiles.
    nonisolated(unsafe) static let keywordKeys = try! Regex(OverpassRequest.keywordKeys)

    /// The places named by ids as OSM writes them (`node/123`), in Overpass's order (nodes, ways,
    /// relations, each by number), with the areas of their neighbourhoods; other ids find nothing.
    static func lookup(_ ids: [String]) -> [OverpassStubPlaces.Element] {
        let wanted = Set(ids)
        var places: [OverpassStubPlaces.Element] = []
        var areas: [UInt64: OverpassStubPlaces.Element] = [:]
        for neighbourhood in OverpassStubPlaces.Neighbourhood.allCases {
            let found = neighbourhood.places.filter { wanted.contains("\($0.type)/\($0.id)") }
            guard !found.isEmpty else { continue }
            places += found
            for area in neighbourhood.areas { areas[area.id] = area }
        }
        let order = OverpassRequest.elementTypes
        places.sort { (order.firstIndex(of: $0.type) ?? 0, $0.id) < (order.firstIndex(of: $1.type) ?? 0, $1.id) }
        return places + areas.values.sorted { $0.id < $1.id }
    }
}
