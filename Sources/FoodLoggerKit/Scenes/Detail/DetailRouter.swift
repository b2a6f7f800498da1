/// Where the Detail scene can lead.
@MainActor
public protocol DetailRoutingLogic: AnyObject {
    /// The shop's page, in the browser (or printed); the exit status says whether it got there.
    func routeToShopPage(url: String, printURLOnly: Bool) -> ExitCode
}

/// Lets other scenes fill this scene's data store before showing it.
@MainActor
public protocol DetailDataPassing: AnyObject {
    var dataStore: (any DetailDataStore)? { get }
}

@MainActor
public final class DetailRouter: DetailRoutingLogic, DetailDataPassing {
    public weak var viewController: DetailViewController?
    public var dataStore: (any DetailDataStore)?

    public init() {}

    public func routeToShopPage(url: String, printURLOnly: Bool) -> ExitCode {
        guard let context = viewController?.context else { return .success }
        return ShopPage.open(url, context: context, printOnly: printURLOnly)
    }
}
