import FoodLoggerDomain
/// What the Detail scene shows.
@MainActor
protocol DetailDisplayLogic: AnyObject {
    /// Each draws its view model; what the request came to is the interactor's outcome.
    func displayRestaurants(_ viewModel: Detail.Lookup.ViewModel)
    func displayPage(_ viewModel: Detail.OpenPage.ViewModel)
}

/// The terminal stand-in for the app's info window: turns the command into a Request and draws
/// the cards (or JSON) the presenter hands back.
@MainActor
final class DetailViewController: DetailDisplayLogic {
    var interactor: (any DetailBusinessLogic)?
    var router: (any DetailDataPassing)?
    let context: ProcessContext
    let format: OutputFormat

    init(context: ProcessContext, format: OutputFormat) {
        self.context = context; self.format = format
    }

    /// `foodlogger show N|ID...`
    func show(_ places: ShowPlaces.Request, sources: Bool = false) async -> SceneOutcome {
        await interactor?.lookupRestaurants(
            Detail.Lookup.Request(places: places, moment: .now(context.now()), sources: sources)) ?? .shown
    }

    /// Shows what a router put in the data store.
    @discardableResult func showPassed() -> SceneOutcome {
        interactor?.showPassedRestaurants(Detail.ShowPassed.Request(moment: .now(context.now()))) ?? .shown
    }

    /// `foodlogger open N|ID`, or (id nil) the page of the shop a router passed in.
    @discardableResult func openPage(
        id: String?, known: ShowPlaces.KnownPlaces? = nil, printURLOnly: Bool = false, directionsFrom: Coordinate? = nil
    ) async -> SceneOutcome {
        await interactor?.openPage(
            Detail.OpenPage.Request(id: id, known: known, printOnly: printURLOnly, directionsFrom: directionsFrom)) ?? .shown
    }

    func displayRestaurants(_ viewModel: Detail.Lookup.ViewModel) {
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .cards(let cards):
            switch format {
            case .json, .geojson, .csv, .ndjson, .html:
                context.write(cards.listing, as: format)
            case .table where !cards.cards.isEmpty:
                let bold = context.allowsStyle(onTerminal: context.terminal.stdoutIsTerminal)
                let width = context.terminal.width
                context.stdout.write(CardRenderer.render(cards.cards, footer: cards.footer, width: width, bold: bold))
            case .table:
                break
            }
            if let missing = cards.missing { context.report(missing) }
        }
    }

    func displayPage(_ viewModel: Detail.OpenPage.ViewModel) {
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .page(let address, let note):
            if let note { context.stderr.write(note + "\n") }
            if let address { context.stdout.write(address + "\n") }
        }
    }
}
