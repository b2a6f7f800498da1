import FoodLoggerDomain
/// Where the Search scene can lead.
@MainActor
protocol SearchRoutingLogic: AnyObject {
    /// The card of the shop at `index` (0-based) of the results on screen: the app's tap on a marker.
    func routeToDetail(index: Int)
    /// The page of the shop at `index` of the results on screen, in the browser.
    func routeToShopPage(index: Int) async
    /// The shop at `index` into the food log: a meal today, or (`want`) the want list.
    func routeToLog(index: Int, want: Bool) async
}

/// Gives the next scene the data this one already has.
@MainActor
protocol SearchDataPassing: AnyObject {
    var dataStore: (any SearchDataStore)? { get }
}

@MainActor
final class SearchRouter: SearchRoutingLogic, SearchDataPassing {
    weak var viewController: SearchViewController?
    var dataStore: (any SearchDataStore)?
    /// Handed to the scenes this one leads to, as a storyboard would share it.
    var worker: (any HotpepperWorking)?
    /// The food log `l N` and `w N` write to, and whether it is the stub's own (which keeps
    /// the stub's made-up places); nil where the scene logs nothing.
    var foodLog: (store: any FoodLogStoring, stub: Bool)?

    func routeToDetail(index: Int) {
        guard let destination = detail(with: index) else { return }
        navigateToDetail(destination)
    }

    /// The Detail scene opens the page of the shop passed to it, as `open` does.
    func routeToShopPage(index: Int) async {
        guard let destination = detail(with: index) else { return }
        _ = await destination.openPage(id: nil)
    }

    /// The FoodLog scene adds the shop passed to it, as `log add N` does (the same entry, the
    /// same refusal of a place logged that day already): looked up in the list at hand, so
    /// the service is asked nothing.
    func routeToLog(index: Int, want: Bool) async {
        guard let source = dataStore, source.restaurants.indices.contains(index), let viewController, let foodLog else {
            return
        }
        let shop = source.restaurants[index]
        let destination = FoodLogScene.assemble(
            context: viewController.context, presentation: .table, store: foodLog.store, worker: ShopListWorker([shop]))
        _ = await destination.add(id: shop.id, when: want ? .want : .today, note: nil, rating: nil, stubLog: foodLog.stub)
    }

    /// A Detail scene holding the shop at `index`, or nil when there is none.
    private func detail(with index: Int) -> DetailViewController? {
        guard let source = dataStore, source.restaurants.indices.contains(index),
            let viewController, let worker
        else { return nil }
        let destination = DetailScene.assemble(
            context: viewController.context, format: .table, places: ShowPlaces(worker))
        guard let destinationStore = destination.router?.dataStore else { return nil }
        passDataToDetail(source: source, index: index, destination: destinationStore)
        return destination
    }

    /// The shop already fetched goes across as it is: showing its card asks the service nothing.
    /// After --open-at or --open-now, its card answers "open?" for the moment the search asked about.
    func passDataToDetail(source: any SearchDataStore, index: Int, destination: any DetailDataStore) {
        destination.restaurants = [source.restaurants[index]]
        destination.moment = source.open.flatMap { $0.openOnly ? $0.moment : nil }
        destination.region = source.region
        destination.center = source.query?.center
    }

    /// In a terminal, "presenting" the next scene is letting it draw below this one.
    func navigateToDetail(_ destination: DetailViewController) {
        _ = destination.showPassed()
    }
}
