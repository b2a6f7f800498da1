import FoodLoggerDomain
/// What the Map scene shows.
@MainActor
protocol MapDisplayLogic: AnyObject {
    /// Draws the view model; what `show` came to is the interactor's outcome.
    func displayRestaurants(_ viewModel: Map.Restaurants.ViewModel)
    func displayExplorer(_ viewModel: Map.Explore.ViewModel)
    func displayPage(_ viewModel: Map.Page.ViewModel)
}

/// The terminal stand-in for the app's main screen, a map centred on you with a marker per
/// restaurant: sends the Request and draws the map, legend and footer it gets back.
@MainActor
final class MapViewController: MapDisplayLogic {
    var interactor: (any MapBusinessLogic)?
    var router: (any MapRoutingLogic)?
    let context: ProcessContext
    /// The interactive map's terminal, and what it shows now.
    var terminal: (any FullScreenTerminal)?
    var shown: Map.Explore.ViewModel?
    /// What is on the terminal now: the map's screen, or a card over it.
    var onTerminal: Screen?
    /// The card is over the map: the map's changes wait until it closes.
    var showingCard = false

    init(context: ProcessContext) {
        self.context = context
    }

    /// Fetches and draws one map, as the app does when its map screen appears: as large as
    /// asked, else as the terminal has room for.
    /// `shops`: the shops to draw (`map --last`), asking the service nothing.
    func show(
        _ query: RestaurantQuery, around centre: Map.Restaurants.Centre, open: OpenQuestion, width: Int? = nil,
        height: Int? = nil, shops: RestaurantPage? = nil
    ) async -> SceneOutcome {
        let viewport = Map.Viewport(width: width, height: height, columns: context.terminal.width, rows: context.terminal.rows)
        return await interactor?.showRestaurants(
            .init(query: query, centre: centre, viewport: viewport, open: open, shown: shops)) ?? .shown
    }

    func displayRestaurants(_ viewModel: Map.Restaurants.ViewModel) {
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .drawing(let drawing):
            if let place = drawing.place, context.terminal.stderrIsTerminal { context.stderr.write(place + "\n") }
            for warning in drawing.warnings { context.report(warning) }
            let styled = context.allowsStyle(onTerminal: context.terminal.stdoutIsTerminal)
            let width = drawing.map.width
            var lines = drawing.map.lines(styled: styled)
            if !drawing.legend.rows.isEmpty {
                lines += [""] + TableRenderer.render(drawing.legend, width: width, bold: styled)
            }
            context.stdout.write(DisplayWidth.withFooter(lines, drawing.footer, width: width))
            for line in [drawing.notice, drawing.leftOut].compactMap({ $0 }) { context.stderr.write(line + "\n") }
        }
    }
}
