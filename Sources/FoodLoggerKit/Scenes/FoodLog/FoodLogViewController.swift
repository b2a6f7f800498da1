import Foundation
import FoodLoggerDomain

/// What the FoodLog scene shows.
@MainActor
protocol FoodLogDisplayLogic: AnyObject {
    /// Each draws its view model and returns its exit status: the caller ends with it.
    func displayChange(_ viewModel: FoodLog.Outcome) -> ExitCode
    func displayList(_ viewModel: FoodLog.List.ViewModel) -> ExitCode
    func displayMap(_ viewModel: FoodLog.ShowMap.ViewModel) -> ExitCode
}

/// The terminal stand-in for the app's diary screen: turns `log add`, `log`, `log remove`,
/// `log check` and `log map` into Requests, and draws the line, list or map that comes back.
@MainActor
final class FoodLogViewController: FoodLogDisplayLogic {
    var interactor: (any FoodLogBusinessLogic)?
    var router: (any FoodLogRoutingLogic)?
    let context: ProcessContext

    init(context: ProcessContext) {
        self.context = context
    }

    /// `foodlogger log add ID [--note TEXT] [--rating N] [--date DAY | --want]`, dated in the
    /// user's zone (TZ, else the system's).
    func add(id: String, when: FoodLog.Add.When, note: String?, rating: Int?, stubLog: Bool, again: Bool = false) async
        -> ExitCode
    {
        await interactor?.add(
            .init(
                id: id, when: when, note: note, rating: rating, now: context.now(), zone: context.userTimeZone,
                stubLog: stubLog, again: again)) ?? .success
    }

    /// `foodlogger log remove N`
    func remove(number: Int) async -> ExitCode {
        await interactor?.remove(.init(number: number)) ?? .success
    }

    /// `foodlogger log [list] [--want | --visited]`
    func list(_ filter: FoodLog.Filter) -> ExitCode {
        interactor?.list(.init(filter: filter)) ?? .success
    }

    /// `foodlogger log check [--want | --visited]`: drawn as the list is.
    func check(_ filter: FoodLog.Filter) async -> ExitCode {
        await interactor?.check(.init(filter: filter)) ?? .success
    }

    /// `foodlogger log map`: the logged shops, drawn by the Map scene when there are any.
    func map(_ filter: FoodLog.Filter, as route: FoodLog.MapRoute) async -> ExitCode {
        let exitCode = interactor?.showMap(.init(filter: filter)) ?? .success
        guard exitCode == .success, let router else { return exitCode }
        return await router.routeToMap(route)
    }

    func displayChange(_ viewModel: FoodLog.Outcome) -> ExitCode {
        for warning in viewModel.warnings { context.report(warning) }
        if let failure = viewModel.failure { context.report(failure) }
        guard let line = viewModel.line else { return viewModel.exitCode }
        if let documents = context.documents {
            documents.take(.line(line))
            return viewModel.exitCode
        }
        context.stdout.write(line + "\n")
        // A reader gone (`| head -0`) has what it wanted; any other failure is said here, and
        // the run ends as the change did: a script retrying on exit 74 would log it twice.
        if let error = context.stdout.takeWriteError(), error != EPIPE, let unprinted = viewModel.unprinted {
            context.report(unprinted)
        }
        return viewModel.exitCode
    }

    func displayList(_ viewModel: FoodLog.List.ViewModel) -> ExitCode {
        for warning in viewModel.warnings { context.report(warning) }
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .document(let document):
            context.write(document: document)
        case .csv(let columns, let rows):
            context.stdout.write(CSVRenderer.render(columns: columns, rows: rows))
        case .table(let table, let footer):
            guard !table.rows.isEmpty else { break }
            let width = context.terminal.width
            let bold = context.allowsStyle(onTerminal: context.terminal.stdoutIsTerminal)
            context.stdout.write(
                DisplayWidth.withFooter(TableRenderer.render(table, width: width, bold: bold), footer, width: width))
        }
        if let notice = viewModel.notice { context.report(notice) }
        return viewModel.exitCode
    }

    func displayMap(_ viewModel: FoodLog.ShowMap.ViewModel) -> ExitCode {
        for notice in viewModel.notices { context.report(notice) }
        if let failure = viewModel.failure { context.report(failure) }
        return viewModel.exitCode
    }
}
