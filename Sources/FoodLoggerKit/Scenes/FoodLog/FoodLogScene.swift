import FoodLoggerDomain

/// Wires the FoodLog scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum FoodLogScene {
    /// `worker`: the service `log add` looks shops up with; `checker`: what `log check` asks
    /// the services with; nil for the commands that ask none.
    static func assemble(
        context: ProcessContext, presentation: FoodLog.List.Presentation, store: any FoodLogStoring,
        worker: (any HotpepperWorking)? = nil, checker: (any TradingChecking)? = nil
    ) -> FoodLogViewController {
        let viewController = FoodLogViewController(context: context)
        let interactor = FoodLogInteractor(store: store, worker: worker, checker: checker)
        let presenter = FoodLogPresenter(presentation: presentation)
        let router = FoodLogRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        return viewController
    }
}
