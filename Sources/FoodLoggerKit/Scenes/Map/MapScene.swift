import FoodLoggerDomain
/// Wires the Map scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum MapScene {
    static func assemble(
        context: ProcessContext, worker: any HotpepperWorking, places: (any PlaceLocating)? = nil
    ) -> MapViewController {
        let viewController = MapViewController(context: context)
        let interactor = MapInteractor(worker: worker, places: places)
        let presenter = MapPresenter()
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
        return viewController
    }
}
