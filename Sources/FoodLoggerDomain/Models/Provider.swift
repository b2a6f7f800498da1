/// The services a shop can come from. The raw value is the name the JSON output and the
/// `--provider` option use. What each service is and can do is data (`ServiceCapabilities`),
/// read through the provider: `provider.maxRadius` is `provider.capabilities.maxRadius`.
@dynamicMemberLookup
public enum Provider: String, Sendable, CaseIterable, Codable {
    case hotpepper, osm, google

    /// The service's declaration, beside its client: the one place that tells the services apart.
    public var capabilities: ServiceCapabilities {
        switch self {
        case .hotpepper: .hotpepper
        case .osm: .openStreetMap
        case .google: .googlePlaces
        }
    }

    /// Inlinable, so that a read from another module (`provider.maxRadius` in a scene) compiles
    /// to the field itself: otherwise each read site builds a key path at run time (240 of them,
    /// 1.2 M instructions, in the help of every search).
    @inlinable
    public subscript<Value>(dynamicMember fact: KeyPath<ServiceCapabilities, Value>) -> Value {
        // Read in place: `capabilities[keyPath:]` copied the whole declaration (retaining each of
        // its sets and strings) for every fact read, ~20 times the read itself.
        switch self {
        case .hotpepper: ServiceCapabilities.hotpepper[keyPath: fact]
        case .osm: ServiceCapabilities.openStreetMap[keyPath: fact]
        case .google: ServiceCapabilities.googlePlaces[keyPath: fact]
        }
    }

    /// The most shops one search can bring, with a keyword or without; nil when only the command's
    /// own cap holds.
    public func mostShops(withKeyword: Bool) -> Int? { capabilities.mostShops(withKeyword: withKeyword) }
    /// The most places a search gathered whole asks the service for, when it pages.
    public func reach(withKeyword: Bool) -> Int {
        min(capabilities.reach, mostShops(withKeyword: withKeyword) ?? capabilities.reach)
    }
}

/// Search conditions not every service has.
public enum SearchCondition: String, Sendable, CaseIterable {
    /// Budget bands (HOT PEPPER's codes).
    case budget
    /// A named area instead of a centre.
    case area
    /// An order other than nearest first.
    case order
    /// A search with no centre at all (by keyword or area alone).
    case withoutCenter
}
