import FoodLoggerDomain

/// Wires the CodeList scene's roles together. It navigates nowhere, so it has no router.
@MainActor
enum CodeListScene {
    static func assemble(
        context: ProcessContext, format: OutputFormat, worker: any CodeListing, provider: Provider
    ) -> CodeListViewController {
        let viewController = CodeListViewController(context: context)
        let interactor = CodeListInteractor(worker: worker)
        let presenter = CodeListPresenter(presentation: format == .table ? .table : .document, provider: provider)
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
        return viewController
    }
}
