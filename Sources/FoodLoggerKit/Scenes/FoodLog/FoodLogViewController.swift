import Foundation
import FoodLoggerDomain

/// What the FoodLog scene shows.
@MainActor
protocol FoodLogDisplayLogic: AnyObject {
    /// Each draws its view model; what the request came to is the interactor's outcome.
    func displayChange(_ viewModel: FoodLog.Outcome)
    func displayList(_ viewModel: FoodLog.List.ViewModel)
    func displayMap(_ viewModel: FoodLog.ShowMap.ViewModel)
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
        -> SceneOutcome
    {
        await interactor?.add(
            .init(
                id: id, when: when, note: note, rating: rating, now: context.now(), zone: context.userTimeZone,
                stubLog: stubLog, again: again)) ?? .shown
    }

    /// `foodlogger log remove N`
    func remove(number: Int) async -> SceneOutcome {
        await interactor?.remove(.init(number: number, now: context.now())) ?? .shown
    }

    /// `foodlogger log [list] [--want | --visited]`
    func list(_ filter: FoodLog.Filter) -> SceneOutcome {
        interactor?.list(.init(filter: filter, now: context.now())) ?? .shown
    }

    /// `foodlogger log check [--want | --visited]`: drawn as the list is.
    func check(_ filter: FoodLog.Filter) async -> SceneOutcome {
        await interactor?.check(.init(filter: filter, now: context.now())) ?? .shown
    }

    /// `foodlogger log map`: the logged shops, drawn by the Map scene when there are any.
    func map(_ filter: FoodLog.Filter, near: String?, as route: FoodLog.MapRoute) async -> SceneOutcome {
        let outcome = interactor?.showMap(.init(filter: filter, near: near, now: context.now())) ?? .shown
        guard outcome == .shown, let router else { return outcome }
        return await router.routeToMap(route)
    }

    func displayChange(_ viewModel: FoodLog.Outcome) {
        for warning in viewModel.warnings { context.report(warning) }
        if let failure = viewModel.failure { context.report(failure) }
        guard let line = viewModel.line else { return }
        if let documents = context.documents {
            documents.take(.line(line))
            return
        }
        context.stdout.write(line + "\n")
        // A reader gone (`| head -0`) has what it wanted; any other failure is said here, and
        // the run ends as the change did: a script retrying on exit 74 would log it twice.
        if let error = context.stdout.takeWriteError(), error != EPIPE, let unprinted = viewModel.unprinted {
            context.report(unprinted)
        }
    }

    func displayList(_ viewModel: FoodLog.List.ViewModel) {
        for warning in viewModel.warnings { context.report(warning) }
        var interrupted: FoodLog.List.Interrupted?
        switch viewModel.content {
        case .failure(let message):
            context.report(message)
        case .document(let document):
            context.write(document: document)
        case .list(let key, let items, let after) where context.documents != nil:
            // An MCP call takes the log as one document (it pages the entries itself).
            var values: [JSONValue] = []
            for item in items {
                switch item {
                case .success(let value): values.append(value)
                case .failure(let failure): interrupted = interrupted ?? failure
                }
                if interrupted != nil { break }
            }
            if interrupted == nil { context.write(document: .object([(key, .array(values))] + after)) }
        case .list(let key, let items, let after):
            interrupted = JSONValue.writeList(key: key, items: items, after: after) { context.stdout.write($0) }
            if interrupted == nil { context.stdout.write("\n") }
        case .csv(let columns, let rows):
            let output = BufferedOutput(context.stdout)
            output.write(CSVRenderer.row(columns))
            interrupted = output.each(rows) { output.write(CSVRenderer.row($0)) }
            output.flush()
        case .table(let columns, let rows, let footer):
            interrupted = drawTable(columns, rows, footer: footer)
        }
        // The interactor has the failure itself, for its outcome.
        if let interrupted { return context.report(interrupted.message) }
        if let notice = viewModel.notice { context.report(notice) }
    }

    /// The table measured over every row first, then drawn a row at a time under its header.
    private func drawTable(_ columns: [TextTable.Column], _ rows: FoodLog.List.Rows<[String]>, footer: [String])
        -> FoodLog.List.Interrupted?
    {
        let output = BufferedOutput(context.stdout)
        var natural = TableRenderer.titleWidths(columns), empty = true
        if let interrupted = output.each(
            rows,
            {
                TableRenderer.widen(&natural, to: $0); empty = false
            })
        {
            return interrupted
        }
        guard !empty else { return nil }
        let width = context.terminal.width
        let layout = TableRenderer.layout(columns, natural: natural, width: width)
        let bold = context.allowsStyle(onTerminal: context.terminal.stdoutIsTerminal)
        output.write(TableRenderer.header(columns, layout, bold: bold) + "\n")
        if let interrupted = output.each(rows, { output.write(TableRenderer.line($0, columns, layout) + "\n") }) {
            output.flush()
            return interrupted
        }
        output.write(DisplayWidth.withFooter([], footer, width: width))
        output.flush()
        return nil
    }

    func displayMap(_ viewModel: FoodLog.ShowMap.ViewModel) {
        for notice in viewModel.notices { context.report(notice) }
        if let failure = viewModel.failure { context.report(failure) }
    }
}

/// Text written to a stream in pieces of 64 KiB or so: a list as long as a food log is printed as
/// it is made, without a write call a line.
private final class BufferedOutput {
    private let stream: any TextOutput
    private var buffer: [UInt8] = []

    init(_ stream: any TextOutput) { self.stream = stream }

    func write(_ text: String) {
        buffer += text.utf8
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        stream.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Hands `body` each row until one is a failure, which it returns.
    func each<Row>(_ rows: FoodLog.List.Rows<Row>, _ body: (Row) -> Void) -> FoodLog.List.Interrupted? {
        for row in rows {
            switch row {
            case .success(let row): body(row)
            case .failure(let interrupted): return interrupted
            }
        }
        return nil
    }
}
