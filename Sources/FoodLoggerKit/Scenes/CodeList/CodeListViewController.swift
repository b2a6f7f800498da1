import FoodLoggerDomain

/// What the CodeList scene shows.
@MainActor
protocol CodeListDisplayLogic: AnyObject {
    /// Draws the view model; what the lists came to is the interactor's outcome.
    func displayList(_ viewModel: CodeList.Show.ViewModel)
}

/// The terminal's stand-in for a picker: sends the command as a Request and draws the list.
@MainActor
final class CodeListViewController: CodeListDisplayLogic {
    var interactor: (any CodeListBusinessLogic)?
    let context: ProcessContext

    init(context: ProcessContext) {
        self.context = context
    }

    /// `foodlogger genres`, `budgets`, `areas [--keyword TEXT]`
    func show(_ subject: CodeList.Subject, keyword: String?) async -> SceneOutcome {
        await interactor?.showList(.init(subject: subject, keyword: keyword)) ?? .shown
    }

    func displayList(_ viewModel: CodeList.Show.ViewModel) {
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .document(let document):
            context.write(document: document)
        case .table(let table, let footer):
            let width = context.terminal.width
            let bold = context.allowsStyle(onTerminal: context.terminal.stdoutIsTerminal)
            guard !table.rows.isEmpty else { break }
            context.stdout.write(
                DisplayWidth.withFooter(TableRenderer.render(table, width: width, bold: bold), footer, width: width))
        }
        if let notice = viewModel.notice { context.report(notice) }
    }
}
