/// Where the Search scene can lead.
@MainActor
public protocol SearchRoutingLogic: AnyObject {
    /// The card of the shop at `index` (0-based) of the results on screen: the app's tap on a marker.
    func routeToDetail(index: Int)
    /// The page of the shop at `index` of the results on screen, in the browser.
    func routeToShopPage(index: Int)
}

/// Gives the next scene the data this one already has.
@MainActor
public protocol SearchDataPassing: AnyObject {
    var dataStore: (any SearchDataStore)? { get }
}

@MainActor
public final class SearchRouter: SearchRoutingLogic, SearchDataPassing {
    public weak var viewController: SearchViewController?
    public var dataStore: (any SearchDataStore)?
    /// Handed to the scenes this one leads to, as a storyboard would share it.
    public var worker: (any HotpepperWorking)?

    public init() {}

    public func routeToDetail(index: Int) {
        guard let source = dataStore, source.restaurants.indices.contains(index),
            let viewController, let worker
        else { return }
        let destination = DetailScene.assemble(context: viewController.context, format: .table, worker: worker)
        guard let destinationStore = destination.router?.dataStore else { return }
        passDataToDetail(source: source, index: index, destination: destinationStore)
        navigateToDetail(destination)
    }

    public func routeToShopPage(index: Int) {
        guard let source = dataStore, source.restaurants.indices.contains(index),
            let context = viewController?.context
        else { return }
        let restaurant = source.restaurants[index]
        if restaurant.urls.shop.isEmpty {
            context.stderr.write("\(restaurant.name) has no page address.\n")
        } else {
            _ = ShopPage.open(restaurant.urls.shop, context: context, printOnly: false)
        }
    }

    /// The shop already fetched goes across as it is: showing its card asks the service nothing.
    func passDataToDetail(source: any SearchDataStore, index: Int, destination: any DetailDataStore) {
        destination.restaurants = [source.restaurants[index]]
    }

    /// In a terminal, "presenting" the next scene is letting it draw below this one.
    func navigateToDetail(_ destination: DetailViewController) {
        _ = destination.showPassed()
    }
}
