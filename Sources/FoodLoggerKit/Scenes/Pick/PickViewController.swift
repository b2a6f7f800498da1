import FoodLoggerDomain

/// What the Pick scene shows.
@MainActor
protocol PickDisplayLogic: AnyObject {
    /// Draws the view model and returns its exit status: the caller ends with it.
    func displayPick(_ viewModel: Pick.Choose.ViewModel) -> ExitCode
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

    func pick(_ request: Pick.Choose.Request) async -> ExitCode {
        await interactor?.choose(request) ?? .success
    }

    func displayPick(_ viewModel: Pick.Choose.ViewModel) -> ExitCode {
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .chosen(let reason, let body):
            context.stderr.write(reason + "\n")
            switch body {
            // The card is the Detail scene's, and so is how it ends.
            case .card: return router?.routeToCard() ?? viewModel.exitCode
            case .object(let object): context.write(document: object)
            case .document(let listing): context.write(listing, as: format)
            }
        }
        return viewModel.exitCode
    }
}
