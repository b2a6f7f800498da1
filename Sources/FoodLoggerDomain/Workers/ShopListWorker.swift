import Foundation

/// A list of shops at hand (the food log's), answered as a search would answer them, without
/// asking any service: how the map (and its re-searches), its cards and the data formats draw a
/// list that needs no search. Every search finds the same shops (those whose name, genre or
/// address holds the keyword), nearest first when it has a centre, all of them at once, as a
/// service that does not page answers: the search cuts its window (`FindPlaces`).
public struct ShopListWorker: HotpepperWorking {
    public let shops: [Restaurant]

    public init(_ shops: [Restaurant]) {
        self.shops = shops
    }

    public nonisolated(nonsending) func fetchRestaurants(_ query: RestaurantQuery) async throws(ServiceError)
        -> RestaurantPage
    {
        var found = query.ids.isEmpty ? shops : shops.filter { query.ids.contains($0.id) }
        if let keyword = query.keyword?.lowercased(), !keyword.isEmpty {
            found = found.filter { [$0.name, $0.genre.name, $0.address].contains { $0.lowercased().contains(keyword) } }
        }
        if let center = query.center { found = found.nearestFirst(to: center) }
        return RestaurantPage(total: found.count, start: 1, restaurants: found, region: nil, provider: provider)
    }

    public var provider: Provider { Self.provider(of: shops) }

    /// The service most of the shops come from, whose credit goes under them.
    public static func provider(of shops: [Restaurant]) -> Provider {
        let counts = shops.reduce(into: [Provider: Int]()) { $0[$1.provider, default: 0] += 1 }
        return Provider.allCases.max { counts[$0, default: 0] < counts[$1, default: 0] } ?? .hotpepper
    }
}
