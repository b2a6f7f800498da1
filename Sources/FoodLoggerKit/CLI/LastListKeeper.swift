import Foundation
import FoodLoggerDomain

/// Keeps each non-empty list a scene shows as the last list. A list that cannot be kept (a
/// read-only state folder) costs the numbers, not the search: one warning line on stderr per
/// run, and the exit code stays the search's.
final class LastListKeeper: LastListKeeping, @unchecked Sendable {
    let store: LastListStore
    let context: ProcessContext
    /// False while a full-screen view runs, where a line on stderr would scribble on it: the
    /// command calls `reportFailure` once the screen is restored.
    let reportsAtOnce: Bool
    /// The lists come from an offline stub: kept whole, since nothing in them is a service's.
    let invented: Bool
    private let lock = NSLock()
    /// The first failure's words.
    private var failure: String?
    private var reported = false

    init(context: ProcessContext, invented: Bool, reportsAtOnce: Bool = true) {
        store = context.lastList
        self.context = context
        self.invented = invented
        self.reportsAtOnce = reportsAtOnce
    }

    func keep(_ page: RestaurantPage, center: Coordinate?) async {
        guard !page.restaurants.isEmpty else { return }
        // No state folder loses the list as surely as one that cannot be written: said the same way.
        if let unavailable = store.unavailable { return note(unavailable.message) }
        do {
            try await store.save(LastList(page: page, center: center, saved: context.now(), invented: invented))
        } catch {
            note(error.message)
        }
    }

    private func note(_ message: String) {
        lock.withLock { failure = failure ?? message }
        if reportsAtOnce { reportFailure() }
    }

    /// The first failure to keep a list, said once.
    func reportFailure() {
        let line: String? = lock.withLock {
            guard let failure, !reported else { return nil }
            reported = true
            return "warning: the numbers shown cannot be kept for show 3 (\(failure))"
        }
        if let line { context.report(line) }
    }
}

extension XDGFolder.Unavailable {
    /// "HOME is not set, nor XDG_STATE_HOME: set one": why nothing can be kept, and the way out.
    var message: String {
        switch self {
        case .noHome(let variable): "HOME is not set, nor \(variable): set one"
        case .missingHome(let path):
            "HOME \(TerminalSafe.line(path)) is not there, and foodlogger never makes a home: make it, or set HOME"
        }
    }
}

extension LastListStore.Failure {
    /// One line: what is wrong with the last list's file, and that a search makes a new one.
    var message: String {
        if case .noFolder(let unavailable) = self { return "no last list can be kept: \(unavailable.message)" }
        let (path, why) =
            switch self {
            case .noFolder: ("", "")
            case .notAList(let path): (path, "not a list this foodlogger wrote")
            case .unreadable(.unreadable(let path, let reason)): (path, reason)
            case .unreadable(.tooLarge(let path, let bytes, _)): (path, "\(bytes) bytes, larger than any list")
            }
        return "the last list \(TerminalSafe.line(path)) cannot be read (\(why)); run a search again to number the shops anew"
    }
}
