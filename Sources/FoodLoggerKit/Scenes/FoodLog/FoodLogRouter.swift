import FoodLoggerDomain

extension FoodLog {
    /// How `log map` shows the shops: the drawing, the interactive map, or a data format.
    enum MapRoute: Sendable, Equatable {
        case drawing(width: Int?, height: Int?)
        case explore
        case format(OutputFormat)
    }
}

/// Where the food log leads: the map of its shops, drawn by the Map scene (or a data format by
/// the Search scene) from the shops the log kept, with no request to any service.
@MainActor
protocol FoodLogRoutingLogic: AnyObject {
    /// What the destination's drawing came to: the log map's outcome.
    func routeToMap(_ route: FoodLog.MapRoute) async -> SceneOutcome
}

@MainActor
final class FoodLogRouter: FoodLogRoutingLogic {
    weak var viewController: FoodLogViewController?
    var dataStore: (any FoodLogDataStore)?

    /// Hands the data store's shops to the destination through a worker that answers with them,
    /// around their middle and within a radius that holds them, as `map --last` frames its list.
    func routeToMap(_ route: FoodLog.MapRoute) async -> SceneOutcome {
        guard let context = viewController?.context, let shops = dataStore?.shops, !shops.isEmpty else { return .nothingFound }
        let frame = LastList.frame(of: shops, around: nil)
        let worker = ShopListWorker(shops)
        // The list answers whole, as a service that does not page: the search cuts it.
        let finder = FindPlaces(services: [.init(ShopListWorker.provider(of: shops), worker, pages: false)])
        let query = RestaurantQuery(
            center: frame.center, range: frame.range, count: min(shops.count, RestaurantQuery.maxCount), limit: shops.count)
        let open = OpenQuestion(moment: .now(context.now()))
        switch route {
        case .format(let format):
            return await SearchScene.assemble(context: context, format: format, finder: finder, worker: worker).search(
                query, open: open)
        case .drawing(let width, let height):
            return await MapScene.assemble(context: context, finder: finder)
                .show(query, around: .middle(frame.center), open: open, width: width, height: height)
        case .explore:
            return await MapScene.assemble(context: context, finder: finder)
                .explore(query, around: .middle(frame.center), open: open, terminal: context.fullScreen())
        }
    }
}
