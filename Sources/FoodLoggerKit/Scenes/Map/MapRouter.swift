import FoodLoggerDomain

/// Where the interactive map can lead: the selected restaurant's card and its page, both
/// through the Detail scene with the restaurant already fetched (no new request).
@MainActor
protocol MapRoutingLogic: AnyObject {
    /// Goes to the selected restaurant's card, which stays on that restaurant whatever the
    /// map does behind it, until `closeCard`.
    func showCard()
    func closeCard()
    /// The card's restaurant's card, as lines `width` columns wide.
    func cardLines(width: Int) -> [String]?
    /// Starts opening the page of the card's restaurant, or else the selected one, chosen now
    /// whatever the map does meanwhile; its value is the line saying what happened.
    func openPage() -> Task<String?, Never>?
}

@MainActor
final class MapRouter: MapRoutingLogic {
    weak var viewController: MapViewController?
    var dataStore: (any MapDataStore)?
    var worker: (any HotpepperWorking)?
    /// The restaurant whose card is open.
    private var card: Restaurant?

    init() {}

    func showCard() { card = dataStore?.selectedRestaurant }

    func closeCard() { card = nil }

    func cardLines(width: Int) -> [String]? {
        let output = CapturedOutput()
        guard let destination = detail(stdout: output, stderr: CapturedOutput(), width: width) else { return nil }
        _ = destination.showPassed()
        return output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func openPage() -> Task<String?, Never>? {
        let output = CapturedOutput(), messages = CapturedOutput()
        guard let destination = detail(stdout: output, stderr: messages, width: 80) else { return nil }
        return Task {
            _ = await destination.openPage(id: nil)
            let said = (messages.text + output.text).split(separator: "\n").map(String.init)
            return said.first.map { ResultsText.singleLine($0.hasPrefix("foodlogger: ") ? String($0.dropFirst(12)) : $0) }
        }
    }

    /// A Detail scene holding the card's (or the selected) restaurant, drawing into captured text so the map's
    /// screen can show it.
    private func detail(stdout: CapturedOutput, stderr: CapturedOutput, width: Int) -> DetailViewController? {
        guard let restaurant = card ?? dataStore?.selectedRestaurant, let viewController, let worker else { return nil }
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
