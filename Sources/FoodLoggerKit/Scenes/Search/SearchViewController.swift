import FoodLoggerDomain
/// What the Search scene shows.
@MainActor
protocol SearchDisplayLogic: AnyObject {
    /// Draws the view model; what the search came to is the interactor's outcome, not the view's.
    func displayRestaurants(_ viewModel: Search.Restaurants.ViewModel)
    func displayNoPage(_ viewModel: Search.Page.ViewModel)
}

/// The terminal stand-in for the app's map screen: turns the parsed command into a Request
/// and draws what the presenter hands back, with the renderer the output format calls for.
@MainActor
final class SearchViewController: SearchDisplayLogic {
    var interactor: (any SearchBusinessLogic)?
    var router: (any SearchRoutingLogic & SearchDataPassing)?
    let context: ProcessContext
    let format: OutputFormat
    /// The # numbers of the table on screen, which the interactive prompt accepts.
    var listedNumbers: ClosedRange<Int>?

    init(context: ProcessContext, format: OutputFormat) {
        self.context = context; self.format = format
    }

    /// Runs one search, as the app's search button does; what it came to, for the command's exit status.
    func search(_ query: RestaurantQuery, open: OpenQuestion, near: NearPlace? = nil, log: LogFilter? = nil) async
        -> SceneOutcome
    {
        await interactor?.searchRestaurants(Search.Restaurants.Request(query: query, open: open, near: near, log: log))
            ?? .shown
    }

    func displayRestaurants(_ viewModel: Search.Restaurants.ViewModel) {
        listedNumbers = nil
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .listing(let listing):
            listedNumbers = listing.numbers
            if let place = listing.place, context.terminal.stderrIsTerminal { context.stderr.write(place + "\n") }
            for warning in listing.warnings { context.report(warning) }
            if let notice = listing.notice { context.stderr.write(notice + "\n") }
            // Under the table, like a footer: what the page does not show.
            defer { if let leftOut = listing.leftOut { context.stderr.write(leftOut + "\n") } }
            switch listing.body {
            case .document(let listing):
                context.write(listing, as: format)
            case .table(let table, let footer):
                guard listing.notice == nil else { break }  // no table for nothing, like the app's alert
                let width = context.terminal.width
                let bold = context.allowsStyle(onTerminal: context.terminal.stdoutIsTerminal)
                context.stdout.write(
                    DisplayWidth.withFooter(TableRenderer.render(table, width: width, bold: bold), footer, width: width))
            }
        }
    }

    func displayNoPage(_ viewModel: Search.Page.ViewModel) {
        context.stderr.write(viewModel.message + "\n")
    }
}
