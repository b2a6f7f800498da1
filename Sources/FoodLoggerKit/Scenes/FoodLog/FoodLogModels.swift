import Foundation
import FoodLoggerDomain

/// The FoodLog scene's use cases: add a shop to the food log, list the log, remove an entry, and
/// draw the logged shops on the map.
enum FoodLog {
    /// Which entries a list or a map takes: all, only the shops to go to, or only visits.
    enum Filter: Sendable, Equatable {
        case all, want, visited

        /// What the store lists: the wants alone (true), the visits alone (false), or all (nil).
        var wants: Bool? {
            switch self {
            case .all: nil
            case .want: true
            case .visited: false
            }
        }

        func keeps(_ entry: FoodLogEntry) -> Bool {
            switch self {
            case .all: true
            case .want: entry.want
            case .visited: !entry.want
            }
        }
    }

    /// What went wrong with a change: the service's failure, a shop it does not know, or the log's.
    enum Failure: Error, Sendable, Equatable {
        case service(ServiceError)
        case unknownShop(id: String)
        case log(FoodLogError)
        /// The place is one an offline stub made up, and the log is the user's real one.
        case invented(id: String)
        /// The place is on the want list already, as entry `number`.
        case alreadyWanted(id: String, number: Int)
        /// The place is logged that day already, as entry `number`.
        case alreadyLogged(id: String, number: Int, date: CivilDate)
    }

    /// The entry added or removed, or why not.
    struct ChangeResponse: Sendable {
        var result: Result<FoodLogChange, Failure>
        /// The log's file, for messages.
        var file: URL?
        /// The clock the shop is shown by (a name kept for a while may have lapsed).
        var now: Date
    }

    /// An entry added or removed, said in one line; or the failure.
    struct Outcome: Sendable, Equatable {
        /// For stdout: what was logged or removed.
        var line: String?
        /// For stderr, in place of `line` when stdout could not take it: the change was made
        /// all the same, so a script must not make it again.
        var unprinted: String?
        /// For stderr: the failure, one line.
        var failure: String?
        /// For stderr, one line each: lines of the log that are not entries.
        var warnings: [String] = []
    }

    enum Add {
        /// The day the meal was eaten, as given, or none: a shop the user wants to go to.
        enum When: Sendable, Equatable {
            case today, yesterday
            case day(CivilDate)
            case want
        }

        struct Request: Sendable, Equatable {
            var id: String
            var when: When
            var note: String?
            var rating: Int?
            /// The clock and zone today and yesterday are read in.
            var now: Date
            var zone: TimeZone
            /// The log is the offline stub's own (`--stub`), where made-up places belong.
            var stubLog = false
            /// Log the meal even when the place is logged that day already (`--again`).
            var again = false
        }

        typealias Response = ChangeResponse
        typealias ViewModel = Outcome
    }

    enum Remove {
        struct Request: Sendable, Equatable {
            var number: Int
            var now: Date
        }

        typealias Response = ChangeResponse
        typealias ViewModel = Outcome
    }

    enum List {
        struct Request: Sendable, Equatable {
            var filter: Filter
            /// The clock names and positions kept for a while are shown by.
            var now: Date
        }

        /// The entries the filter keeps, newest first, read as they are drawn.
        struct Response: Sendable {
            var result: Result<FoodLogListing, FoodLogError>
            var filter: Filter
            var file: URL?
            var now: Date
            /// Where a failure to read an entry as it is drawn is kept.
            var reading = Reading()
        }

        /// Rows made as they are drawn; a failure to read the log ends them.
        typealias Rows<Row> = AnySequence<Result<Row, Interrupted>>

        /// Rows already made (a check's few findings): nothing ends them early.
        static func made<Row>(_ rows: [Row]) -> Rows<Row> { AnySequence(rows.lazy.map { .success($0) }) }

        /// Why rows stopped: said as the log's failures are (the interactor's outcome has the
        /// failure itself, from `Reading`).
        struct Interrupted: Error {
            var message: String
        }

        /// What reading the log as its rows are drawn came to: the first failure that ended
        /// them, for the interactor's outcome (the rows are read while the view draws them).
        final class Reading: @unchecked Sendable {
            private let lock = NSLock()
            private var first: FoodLogError?

            var failure: FoodLogError? { lock.withLock { first } }

            func record(_ error: FoodLogError) { lock.withLock { first = first ?? error } }
        }

        struct ViewModel {
            enum Content {
                case table(columns: [TextTable.Column], rows: Rows<[String]>, footer: [String])
                case document(JSONValue)
                /// A document whose first member, `key`, is a list as long as the log: written
                /// an item at a time, the rest of the members after it.
                case list(key: String, items: Rows<JSONValue>, after: [(String, JSONValue)])
                case csv(columns: [String], rows: Rows<[String]>)
                case failure(message: String)
            }

            var content: Content
            /// Set when the filter kept nothing: what to tell the user, and how to add.
            var notice: String? = nil
            var warnings: [String] = []
        }

        /// Fixed when the scene is assembled, so the presenter prepares only what is drawn.
        enum Presentation: Sendable {
            case table, document, csv
        }
    }

    /// `log check`: each logged place asked of its services, the places closed for good, for
    /// now, or moved listed with the service that said so.
    enum Check {
        struct Request: Sendable, Equatable {
            var filter: Filter
            /// The clock lapsed names and positions are told by, and renewed from.
            var now: Date
        }

        /// The log as read and what its services said of the places the filter keeps.
        struct Response: Sendable {
            var result: Result<(log: FoodLogContents, report: TradingReport), FoodLogError>
            var filter: Filter
            var file: URL?
            /// The entries whose names and positions were written back (`TradingReport.answers`),
            /// or why they could not be; nil when there was nothing to write back.
            var refreshed: Result<Int, FoodLogError>? = nil
            var now: Date
        }

        /// Drawn as a list is: the findings as a table, JSON or CSV; `warnings` name the
        /// services that could not be asked, `notice` sums up when there is nothing to list.
        typealias ViewModel = List.ViewModel
    }

    /// The logged shops that have a position, handed to the Map scene.
    enum ShowMap {
        struct Request: Sendable, Equatable {
            var filter: Filter
            /// --near: the group around this point, or around the logged place whose name or
            /// address holds these words; nil: the largest group.
            var near: String? = nil
            /// The clock names and positions kept for a while are shown by.
            var now: Date
        }

        /// The shops on the map, each once, newest first; the entries left out for want of a
        /// position; the groups of places elsewhere (`PlaceGroups`), largest first.
        struct Shown: Sendable {
            var shops: [Restaurant]
            var unplaced: Int
            /// Of `unplaced`, those whose name and position `log check` would bring back.
            var refreshable = 0
            var elsewhere: [[Restaurant]] = []
        }

        struct Response: Sendable {
            var result: Result<Shown, FoodLogError>
            /// --near named no point and no logged place.
            var nearMatchedNothing: String? = nil
            var unreadableLines: [Int]
            var unreadableCount: Int
            var filter: Filter
            var file: URL?
        }

        struct ViewModel: Sendable, Equatable {
            /// nil: the map can be drawn.
            var failure: String?
            var notices: [String] = []
        }
    }
}
