/// One service's part in a place that several services describe (a merged search): which
/// service, its id there, and which of the record's fields it gave. A place one service alone
/// answered has no sources (`Restaurant.sources` is nil); the food log keeps every source's id
/// so `log check` can ask each service about the place.
public struct PlaceSource: Sendable, Equatable, Codable {
    public var provider: Provider
    /// As the service writes it (`J001234567`, `node/123`, `ChIJ…`).
    public var id: String
    /// The merged record's fields this service gave, by their JSON names (`hours`, `rating`).
    public var fields: [String]
    /// The place as this service answered it, for `show --sources` (each service's view side by
    /// side) and for whether the services agree it is open; nil where it was not kept.
    public var record: Restaurant?

    public init(provider: Provider, id: String, fields: [String] = [], record: Restaurant? = nil) {
        self.provider = provider; self.id = id; self.fields = fields; self.record = record
    }
}

extension Restaurant {
    /// The services that described the place: its sources' for a merged place, else its own.
    public var answeredBy: [Provider] { sources?.map(\.provider) ?? [provider] }

    /// Whether any service that described the place has `field` (a merged place has HOT PEPPER's
    /// hours text where HOT PEPPER is among its sources, whichever service it is named after).
    public func describes(_ field: ShopField) -> Bool {
        answeredBy.contains { $0.fields.contains(field) }
    }
}
