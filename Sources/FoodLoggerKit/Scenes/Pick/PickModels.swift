import Foundation
import FoodLoggerDomain

/// The Pick scene's use case: choose one open place from a search, knowing the food log.
enum Pick {
    /// --not-within: how long ago a visit still counts as recent, as the user wrote it (36h, 14d, 2w).
    struct Window: Sendable, Equatable {
        enum Unit: String, Sendable, CaseIterable, CustomStringConvertible {
            case hours = "h", days = "d", weeks = "w"

            var description: String {
                switch self {
                case .hours: "hours"
                case .days: "days"
                case .weeks: "weeks"
                }
            }

            var seconds: TimeInterval {
                switch self {
                case .hours: 3600
                case .days: 86400
                case .weeks: 604_800
                }
            }
        }

        var amount: Int
        var unit: Unit

        static let `default` = Window(amount: 14, unit: .days)

        var seconds: TimeInterval { Double(amount) * unit.seconds }
    }

    enum Choose {
        /// The search's conditions, and what the pick adds to them.
        struct Request: Sendable, Equatable {
            var query: RestaurantQuery
            /// The moment the place must be open at (now, or --open-at).
            var open: OpenQuestion
            var near: NearPlace? = nil
            /// --unvisited, --visited, --want.
            var log: LogFilter? = nil
            var window: Window = .default
        }

        /// The chosen place with what the log says of it, or why there is none.
        struct Response: Sendable {
            var result: Result<Chosen, Failure>
            var query: RestaurantQuery
            var open: OpenQuestion
            var log: LogFilter?
            var window: Window
        }

        struct Chosen: Sendable {
            /// The chosen place alone, as a page (its region is the clock its hours are read on).
            var page: RestaurantPage
            var summary: FoodLogSummary
            /// How many places could have been chosen.
            var fitting: Int
            var tier: PickRule.Tier
            /// Chosen with --include-unknown from hours that leave the moment in doubt.
            var hoursUnknown = false
        }

        enum Failure: Error, Sendable {
            case service(ServiceError)
            case log(FoodLogError)
            /// The search answered, and nothing in it could be chosen: what left each place out.
            case nothingFits(page: RestaurantPage, tally: PickTally)
        }

        /// Fixed when the scene is assembled: the card on a terminal, the place's JSON object
        /// in a pipe, or one of the other data formats.
        enum Presentation: Sendable, Equatable {
            case card, object, document
        }

        struct ViewModel: Sendable {
            enum Content: Sendable {
                /// Why this place (for stderr), and the place as the presentation draws it.
                case chosen(reason: String, body: Body)
                case failure(message: String)
            }

            enum Body: Sendable {
                /// The router shows the card through the Detail scene.
                case card
                case object(JSONValue)
                case document(RestaurantListing)
            }

            var content: Content
        }
    }
}
