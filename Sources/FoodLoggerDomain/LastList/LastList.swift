import Foundation

/// The list of shops a search showed last, so `show 3` means the shop the user saw as 3.
///
/// Numbers are the ones shown: a list that began at `--start 11` holds numbers 11 to 20, and
/// `show 11` is its first shop. The shops are kept in the order shown (nearest first when the
/// search had a centre). A service whose terms forbid keeping its content (`mayKeepContent`
/// false: Google Places) leaves its ids only, which are looked up again. A merged list keeps
/// each place with its own provider (`Restaurant.keepable`): a place of such a service alone
/// holds only its id, and every id is looked up by its own service.
public struct LastList: Sendable, Equatable {
    /// The service the shops came from, which answers when they are asked for again.
    public var provider: Provider
    /// Where the shops are (their clock), as the search said.
    public var region: RestaurantPage.Region?
    /// The search's centre; nil for a search without one.
    public var center: Coordinate?
    /// The number the first shop was shown with: 1, or the search's `--start`.
    public var firstNumber: Int
    public var shops: Shops
    /// When the list was shown.
    public var saved: Date

    /// The shops themselves, or only their ids where the service's terms say so.
    public enum Shops: Sendable, Equatable {
        case kept([Restaurant])
        case ids([String])
    }

    /// The list a page makes, its numbers starting at the page's `start`; what each place's
    /// service allows kept. An offline stub's page (`invented`) holds no service's content, so
    /// it is kept whole whatever the service it plays.
    public init(page: RestaurantPage, center: Coordinate?, saved: Date, invented: Bool = false) {
        provider = page.provider
        region = page.region
        self.center = center
        firstNumber = max(1, page.start)
        let places = invented ? page.restaurants : page.restaurants.map(\.keepable)
        let oneService = places.allSatisfy { $0.provider == page.provider }
        shops =
            page.provider.mayKeepContent || invented || !oneService ? .kept(places) : .ids(places.map(\.id))
        self.saved = saved
    }

    /// A list as its file held it (`StoredLastList.whole`).
    init(
        provider: Provider, region: RestaurantPage.Region?, center: Coordinate?, firstNumber: Int, shops: Shops, saved: Date
    ) {
        self.provider = provider; self.region = region; self.center = center; self.firstNumber = firstNumber
        self.shops = shops; self.saved = saved
    }

    /// The ids, in the order shown.
    public var ids: [String] {
        switch shops {
        case .kept(let shops): shops.map(\.id)
        case .ids(let ids): ids
        }
    }

    /// Every shop is kept whole: showing them all asks no service.
    public var keepsEveryShop: Bool {
        if case .kept(let shops) = shops { !shops.contains(where: \.holdsOnlyItsID) } else { false }
    }

    /// The shops kept whole: none when only ids are, and none that holds only its id.
    public var keptShops: [Restaurant] {
        if case .kept(let shops) = shops { shops.filter { !$0.holdsOnlyItsID } } else { [] }
    }

    /// A number the list has no shop for.
    public struct Miss: Error, Equatable, Sendable {
        public var number: Int
        /// The numbers the list has; nil when it is empty.
        public var numbers: ClosedRange<Int>?
    }

    /// Where to draw `shops` (the list's, as looked up): around the search's centre when the
    /// widest range reaches them all from there, else around their middle; with the smallest
    /// range that reaches the farthest (a shop beyond the widest is off the map).
    public func frame(of shops: [Restaurant]) -> (center: Coordinate, range: SearchRange) {
        Self.frame(of: shops, around: center)
    }

    /// Where to draw `shops`: around `center` when the widest range reaches them all from there,
    /// else around their middle (the food log's map has no centre of its own).
    public static func frame(of shops: [Restaurant], around center: Coordinate?) -> (center: Coordinate, range: SearchRange) {
        // To 4 decimals (about 10 m), as a person would write it: the map's footer shows it.
        let average = { (degrees: [Double]) in (degrees.reduce(0, +) / Double(max(shops.count, 1)) * 10_000).rounded() / 10_000 }
        let middle = Coordinate(lat: average(shops.map(\.coordinate.lat)), lng: average(shops.map(\.coordinate.lng)))
        let widest = SearchRange.allCases.last ?? .default
        let farthest = { (center: Coordinate) in shops.map { $0.coordinate.distance(to: center) }.max() ?? 0 }
        let center = center.flatMap { farthest($0) <= Double(widest.metres) ? $0 : nil } ?? middle
        let range = SearchRange.allCases.first { Double($0.metres) >= farthest(center) } ?? widest
        return (center, range)
    }
}
