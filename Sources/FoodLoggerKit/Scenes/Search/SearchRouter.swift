/// Where the Search scene can lead.
@MainActor
public protocol SearchRoutingLogic: AnyObject {}

/// Gives the next scene the data this one already has.
@MainActor
public protocol SearchDataPassing: AnyObject {
    var dataStore: (any SearchDataStore)? { get }
}

@MainActor
public final class SearchRouter: SearchRoutingLogic, SearchDataPassing {
    public weak var viewController: SearchViewController?
    public var dataStore: (any SearchDataStore)?

    public init() {}
}
