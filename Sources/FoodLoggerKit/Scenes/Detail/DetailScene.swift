import FoodLoggerDomain
/// Wires the Detail scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum DetailScene {
    static func assemble(
        context: ProcessContext, format: OutputFormat,
        worker: any HotpepperWorking
    ) -> DetailViewController {
        let viewController = DetailViewController(context: context, format: format)
        let interactor = DetailInteractor(worker: worker, opener: context.opener)
        let presenter = DetailPresenter(unicode: context.isUTF8, units: context.units)
        let router = DetailRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        return viewController
    }
}
