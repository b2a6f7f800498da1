import FoodLoggerDomain
/// Wires the Map scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum MapScene {
    static func assemble(
        context: ProcessContext, finder: any PlaceFinding, places: (any PlaceLocating)? = nil,
        lastList: (any LastListKeeping)? = nil, foodLog: (store: any FoodLogStoring, stub: Bool)? = nil
    ) -> MapViewController {
        let viewController = MapViewController(context: context)
        let interactor = MapInteractor(finder: finder, places: places, opener: context.opener, lastList: lastList)
        let presenter = MapPresenter(unicode: context.isUTF8, styled: context.allowsStyle(onTerminal: true), units: context.units)
        let router = MapRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.foodLog = foodLog
        router.detail = DetailScene.cardSource(context: context)
        return viewController
    }
}
