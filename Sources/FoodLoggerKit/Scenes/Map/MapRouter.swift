import FoodLoggerDomain

/// Where the interactive map can lead: the selected restaurant's card and its page, both
/// through the Detail scene with the restaurant already fetched (no new request).
@MainActor
protocol MapRoutingLogic: AnyObject {
    /// The card of the selected restaurant, as lines `width` columns wide.
    func cardLines(width: Int) -> [String]?
    /// Opens the selected restaurant's page; the line saying what happened.
    func openSelectedPage() async -> String?
}

@MainActor
final class MapRouter: MapRoutingLogic {
    weak var viewController: MapViewController?
    var dataStore: (any MapDataStore)?
    var worker: (any HotpepperWorking)?

    init() {}

    func cardLines(width: Int) -> [String]? {
        let output = CapturedOutput()
        guard let destination = detail(stdout: output, stderr: CapturedOutput(), width: width) else { return nil }
        _ = destination.showPassed()
        return output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func openSelectedPage() async -> String? {
        let output = CapturedOutput(), messages = CapturedOutput()
        guard let destination = detail(stdout: output, stderr: messages, width: 80) else { return nil }
        _ = await destination.openPage(id: nil)
        let said = (messages.text + output.text).split(separator: "\n").map(String.init)
        return said.first.map { ResultsText.singleLine($0.hasPrefix("foodlogger: ") ? String($0.dropFirst(12)) : $0) }
    }

    /// A Detail scene holding the selected restaurant, drawing into captured text so the map's
    /// screen can show it.
    private func detail(stdout: CapturedOutput, stderr: CapturedOutput, width: Int) -> DetailViewController? {
        guard let restaurant = dataStore?.selectedRestaurant, let viewController, let worker else { return nil }
        var context = viewController.context
        context.stdout = stdout
        context.stderr = stderr
        context.terminal = Terminal(stdoutIsTerminal: true, columns: width)
        context.color = .never
        let destination = DetailScene.assemble(context: context, format: .table, worker: worker)
        destination.router?.dataStore?.restaurants = [restaurant]
        return destination
    }
}
