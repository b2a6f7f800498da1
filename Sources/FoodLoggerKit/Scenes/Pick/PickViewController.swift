import FoodLoggerDomain

/// What the Pick scene shows.
@MainActor
protocol PickDisplayLogic: AnyObject {
    /// Draws the view model; what the pick came to is the interactor's outcome.
    func displayPick(_ viewModel: Pick.Choose.ViewModel)
}

/// The terminal stand-in: turns the command into a Request, then says why the place was
/// chosen (stderr) and draws it: its card through the router, or its data on stdout.
@MainActor
final class PickViewController: PickDisplayLogic {
    var interactor: (any PickBusinessLogic)?
    var router: (any PickRoutingLogic & PickDataPassing)?
    let context: ProcessContext
    let format: OutputFormat

    init(context: ProcessContext, format: OutputFormat) {
        self.context = context; self.format = format
    }

    func pick(_ request: Pick.Choose.Request) async -> SceneOutcome {
        await interactor?.choose(request) ?? .shown
    }

    func displayPick(_ viewModel: Pick.Choose.ViewModel) {
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .chosen(let reason, let body):
            context.stderr.write(reason + "\n")
            switch body {
            // The card is the Detail scene's.
            case .card: router?.routeToCard()
            case .object(let object): context.write(document: object)
            case .document(let listing): context.write(listing, as: format)
            }
        }
    }
}
