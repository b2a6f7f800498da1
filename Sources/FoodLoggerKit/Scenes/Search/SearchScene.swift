/// Wires the Search scene's roles together, as a storyboard's setup() does in the app.
@MainActor
public enum SearchScene {
    public static func assemble(context: ProcessContext, format: OutputFormat,
                                worker: any HotpepperWorking) -> SearchViewController {
        let viewController = SearchViewController(context: context, format: format)
        let interactor = SearchInteractor(worker: worker)
        let presenter = SearchPresenter()
        let router = SearchRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.worker = worker
        return viewController
    }
}
