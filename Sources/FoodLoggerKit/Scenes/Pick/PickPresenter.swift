import FoodLoggerDomain

/// Turns the pick into what the terminal draws.
@MainActor
protocol PickPresentationLogic: AnyObject {
    func presentPick(_ response: Pick.Choose.Response)
}

/// Words why the place was chosen, prepares its JSON object (the record search gives) or
/// listing, and words each failure; "nothing fits" says what left each place out. Never prints,
/// and decides no exit status (the interactor's outcome does).
@MainActor
final class PickPresenter: PickPresentationLogic {
    weak var viewController: (any PickDisplayLogic)?
    let presentation: Pick.Choose.Presentation

    init(presentation: Pick.Choose.Presentation) {
        self.presentation = presentation
    }

    func presentPick(_ response: Pick.Choose.Response) {
        let viewModel: Pick.Choose.ViewModel
        switch response.result {
        case .failure(.service(let error)):
            viewModel = .init(content: .failure(message: error.localizedDescription))
        case .failure(.log(let error)):
            viewModel = .init(content: .failure(message: error.message))
        case .failure(.nothingFits(let page, let tally)):
            let message =
                tally.considered == 0
                ? ResultsText.notice(FoundPlaces(page: page, query: response.query), open: response.open)
                : Self.nothingFits(tally, response: response, on: page.clock)
            viewModel = .init(content: .failure(message: message))
        case .success(let chosen):
            let listing = RestaurantListing(
                chosen.page, query: response.query, open: response.open, log: chosen.summary)
            let body: Pick.Choose.ViewModel.Body =
                switch presentation {
                case .card: .card
                case .object: .object(.object(listing.records.first?.members ?? []))
                case .document: .document(listing)
                }
            viewModel = .init(
                content: .chosen(reason: Self.reason(chosen, response: response), body: body))
        }
        viewController?.displayPick(viewModel)
    }

    /// "Picked from 4 places open at fri 19:30 (Japan time) and not visited in the last 14 days;
    /// this one: on your want list.": what every place it was chosen from shares, then why this
    /// one came first; "hours unknown: check before you go" when --include-unknown let it in.
    static func reason(_ chosen: Pick.Choose.Chosen, response: Pick.Choose.Response) -> String {
        let mark = chosen.page.restaurants.first.flatMap(chosen.summary.mark)
        let why =
            switch chosen.tier {
            case .want: "on your want list"
            case .neverVisited: "never visited"
            case .visited:
                "visited \(mark?.visits ?? 0) \(mark?.visits == 1 ? "time" : "times")"
                    + (mark?.lastVisit.map { ", last on \($0)" } ?? "") + (mark?.rating.map { ", rated \($0)/5" } ?? "")
            }
        let window = response.window
        let unit = "\(window.unit)".dropLast(window.amount == 1 ? 1 : 0)
        let open = response.open
        let asked = HoursText.asked(open, on: chosen.page.clock) + HoursText.openFor(open)
        let fits = [
            response.log.map(LogText.keptPlaces),
            (open.includeUnknown ? "open or of unknown hours at " : "open at ") + asked,
            "not visited in the last \(window.amount) \(unit)",
        ]
        let from = chosen.fitting == 1 ? "the one place" : "\(chosen.fitting) places"
        let doubt = chosen.hoursUnknown ? "; hours unknown: check before you go" : ""
        return "Picked from \(from) \(fits.compactMap { $0 }.joined(separator: ", ")); this one: \(why)\(doubt)."
    }

    /// "Nothing to pick among 12 places: 7 closed at fri 19:30 (Japan time), 3 visited in the
    /// last 14 days, 2 closing within 90 min, 1 with hours that cannot be read (--include-unknown
    /// keeps those)."
    static func nothingFits(_ tally: PickTally, response: Pick.Choose.Response, on clock: HoursClock) -> String {
        let window = response.window
        let unit = "\(window.unit)".dropLast(window.amount == 1 ? 1 : 0)
        let filtered = response.log.map { LogText.leftOutPlaces(tally.notInFilter, $0) }
        let parts = [
            tally.notInFilter > 0 ? filtered : nil,
            tally.closed > 0 ? "\(tally.closed) closed at \(HoursText.asked(response.open, on: clock))" : nil,
            tally.visitedRecently > 0 ? "\(tally.visitedRecently) visited in the last \(window.amount) \(unit)" : nil,
            tally.closingTooSoon > 0
                ? "\(tally.closingTooSoon) closing within \(response.open.openFor?.minutes ?? 0) min" : nil,
            tally.noHours > 0 ? "\(tally.noHours) with no hours given" : nil,
            tally.unknownHours > tally.noHours
                ? "\(tally.unknownHours - tally.noHours) with hours that cannot be read" : nil,
        ]
        let unknown = tally.unknownHours > 0 ? " (--include-unknown keeps those)" : ""
        let places = tally.considered == 1 ? "1 place" : "\(tally.considered) places"
        return "Nothing to pick among \(places): \(parts.compactMap { $0 }.joined(separator: ", "))\(unknown)."
    }
}
