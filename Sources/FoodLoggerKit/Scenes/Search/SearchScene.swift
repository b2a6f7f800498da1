import FoodLoggerDomain
/// Wires the Search scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum SearchScene {
    /// `prompting`: the view controller will run `searchInteractively`, whose table sits under
    /// a prompt with its own way to the next page.
    static func assemble(
        context: ProcessContext, format: OutputFormat, finder: any PlaceFinding, worker: any HotpepperWorking,
        prompting: Bool = false, lastList: (any LastListKeeping)? = nil, fields: [String]? = nil,
        foodLog: (store: any FoodLogStoring, stub: Bool)? = nil
    ) -> SearchViewController {
        let viewController = SearchViewController(context: context, format: format)
        let interactor = SearchInteractor(finder: finder, lastList: lastList)
        let presenter = SearchPresenter(
            presentation: presentation(for: format, prompting: prompting), unicode: context.isUTF8, fields: fields,
            units: context.units)
        let router = SearchRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.worker = worker
        router.foodLog = foodLog
        return viewController
    }

    /// A table on the terminal; every other format is rendered from the JSON document.
    static func presentation(for format: OutputFormat, prompting: Bool) -> Search.Restaurants.Presentation {
        format != .table ? .document : prompting ? .promptedTable : .table
    }
}
