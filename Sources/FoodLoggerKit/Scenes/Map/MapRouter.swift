/// Where the Map scene can lead.
@MainActor
public protocol MapRoutingLogic: AnyObject {}

/// Gives the next scene the data this one already has.
@MainActor
public protocol MapDataPassing: AnyObject {
    var dataStore: (any MapDataStore)? { get }
}

@MainActor
public final class MapRouter: MapRoutingLogic, MapDataPassing {
    public weak var viewController: MapViewController?
    public var dataStore: (any MapDataStore)?

    public init() {}
}
