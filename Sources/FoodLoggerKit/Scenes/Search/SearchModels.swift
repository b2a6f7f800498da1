import FoodLoggerDomain
/// The Search scene's use case: find restaurants around a point (or by keyword).
public enum Search {
    public enum Restaurants {
        /// The user's conditions, as the command line gave them.
        public struct Request: Sendable, Equatable {
            public var query: RestaurantQuery
            public init(query: RestaurantQuery) { self.query = query }
        }

        /// The worker's answer, unformatted, with what the presenter needs to describe it.
        public struct Response: Sendable {
            public var result: Result<RestaurantPage, HotpepperError>
            public var query: RestaurantQuery
            public init(result: Result<RestaurantPage, HotpepperError>, query: RestaurantQuery) {
                self.result = result; self.query = query
            }
        }

        /// What the view draws: a table for people, or the listing every data format is drawn
        /// from. Fixed when the scene is assembled, so the presenter prepares only
        /// that one (no table laid out that nobody sees) and the interactor never hears of formats.
        public enum Presentation: Sendable, Equatable {
            case table, document
            /// A table under the interactive prompt, where `n` turns the page rather than --start.
            case promptedTable
        }

        /// Ready to draw: the table or the listing, or the failure to report.
        public struct ViewModel: Sendable, Equatable {
            public enum Content: Sendable, Equatable {
                case listing(Listing)
                case failure(message: String)
            }

            public struct Listing: Sendable, Equatable {
                public var body: Body
                /// Set when nothing was found: what to tell the user, and what to try.
                public var notice: String?
                /// The numbers in the table's # column, nil when it has no rows.
                public var numbers: ClosedRange<Int>? = nil
            }

            public enum Body: Sendable, Equatable {
                /// The rows, and the lines under them: counts, next page, the service's credit.
                case table(TextTable, footer: [String])
                /// Typed records, for JSON and the other data formats.
                case document(RestaurantListing)
            }

            public var content: Content
            public var exitCode: ExitCode
        }
    }
}

extension Search {
    /// The next or the previous page of the last search (the interactive prompt's n and p).
    public enum Page {
        public enum Direction: Sendable, Equatable {
            case next, previous
        }

        public struct Request: Sendable, Equatable {
            public var direction: Direction
            public init(direction: Direction) { self.direction = direction }
        }

        /// Sent only when there is no page that way; otherwise the new page comes as a search.
        public struct Response: Sendable, Equatable {
            public var direction: Direction
        }

        public struct ViewModel: Sendable, Equatable {
            public var message: String
        }
    }
}
