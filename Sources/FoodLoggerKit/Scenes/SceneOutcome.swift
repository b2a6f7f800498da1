import FoodLoggerDomain

/// What a scene's run came to, as the use case or the worker answered it, before any words:
/// the interactor returns it, the command turns it into the exit status (`ExitCode(_:)`, once,
/// in CLI/), and the view controller's display methods return nothing.
enum SceneOutcome: Sendable, Equatable {
    /// Places, cards, a page or a list shown.
    case shown
    /// The service (or the log) answered, and held nothing to show (or not every id asked for).
    case nothingFound
    /// A merge some of whose services failed, or a `log check` that could not ask a service:
    /// what the others answered is shown all the same.
    case incomplete
    /// A service failed, and nothing else answered.
    case serviceFailed(ServiceError)
    /// The food log could not be read or written.
    case logFailed(FoodLogError)
    /// Nothing was done, for a reason the user can fix: an entry number not in the log, a place
    /// logged already that day, a made-up place, billed requests not allowed, a --near that
    /// names no logged place.
    case refused
    /// `log check`: an id in the log that is none of its service's (never sent).
    case notAnID
    /// `log check`: a service said a logged place closed, for good or for now.
    case closed
    /// The page could not be opened in the browser (its address is on stdout).
    case notOpened
    /// Ctrl-C on the interactive map.
    case interrupted
}

extension SceneOutcome {
    /// A search's places: shown; none: nothing found; a merge some of whose services failed:
    /// incomplete, the others' places shown all the same (as `log check` does).
    init(_ found: FoundPlaces) {
        self = !found.incomplete.isEmpty ? .incomplete : found.page.restaurants.isEmpty ? .nothingFound : .shown
    }
}
