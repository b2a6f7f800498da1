import FoodLoggerDomain
/// Wires the Detail scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum DetailScene {
    static func assemble(
        context: ProcessContext, format: OutputFormat,
        places: any PlaceShowing
    ) -> DetailViewController {
        let viewController = DetailViewController(context: context, format: format)
        let interactor = DetailInteractor(places: places, opener: context.opener)
        let presenter = DetailPresenter(unicode: context.isUTF8, units: context.units)
        let router = DetailRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        return viewController
    }

    /// The Detail scene's card for shops another scene already holds, for a scene that draws it
    /// itself (the interactive map's card over the map): that scene's router asks this, and
    /// never builds the Detail scene's presenter.
    static func cardSource(context: ProcessContext) -> any DetailCardSource {
        DetailPresenter(unicode: context.isUTF8, units: context.units)
    }
}

/// The Detail scene's card, as its view model, for shops passed in (asking the service nothing).
@MainActor
protocol DetailCardSource: AnyObject {
    /// The cards for the shops passed; nil when there are none to show.
    func cards(for passed: Detail.ShowPassed.Response) -> Detail.Lookup.ViewModel.Cards?
}
