import FoodLoggerDomain
/// The Search scene's use case: find restaurants around a point (or by keyword).
enum Search {
    enum Restaurants {
        /// The user's conditions, as the command line gave them, and the moment to tell
        /// whether each shop is open (keeping only the open ones with --open-now/--open-at).
        struct Request: Sendable, Equatable {
            var query: RestaurantQuery
            var open: OpenQuestion
            /// A place to find the centre from first (--near), instead of the query's centre.
            var near: NearPlace? = nil
            /// --unvisited, --visited, --want: keep the places the food log says so of.
            var log: LogFilter? = nil
        }

        /// The use case's answer, unformatted, with the request it answers.
        struct Response: Sendable {
            var request: Request
            var found: Result<FoundPlaces, FindFailure>
        }

        /// What the view draws: a table for people, or the listing every data format is drawn
        /// from. Fixed when the scene is assembled, so the presenter prepares only
        /// that one (no table laid out that nobody sees) and the interactor never hears of formats.
        enum Presentation: Sendable, Equatable {
            case table, document
            /// A table under the interactive prompt, where `n` turns the page rather than --start.
            case promptedTable
        }

        /// Ready to draw: the table or the listing, or the failure to report.
        struct ViewModel: Sendable, Equatable {
            enum Content: Sendable, Equatable {
                case listing(Listing)
                case failure(message: String)
            }

            struct Listing: Sendable, Equatable {
                var body: Body
                /// Set when nothing was found: what to tell the user, and what to try.
                var notice: String?
                /// The numbers in the table's # column, nil when it has no rows.
                var numbers: ClosedRange<Int>? = nil
                /// For stderr: what --open-now/--open-at left out.
                var leftOut: String? = nil
                /// For stderr on a terminal: where --near found the centre.
                var place: String? = nil
                /// For stderr, one line each: shops the answer held that no view can place.
                var warnings: [String] = []
            }

            enum Body: Sendable, Equatable {
                /// The rows, and the lines under them: counts, next page, the service's credit.
                case table(TextTable, footer: [String])
                /// Typed records, for JSON and the other data formats.
                case document(RestaurantListing)
            }

            var content: Content
        }
    }
}

extension Search {
    /// The next or the previous page of the last search (the interactive prompt's n and p).
    enum Page {
        enum Direction: Sendable, Equatable {
            case next, previous
        }

        struct Request: Sendable, Equatable {
            var direction: Direction
        }

        /// Sent only when there is no page that way; otherwise the new page comes as a search.
        struct Response: Sendable, Equatable {
            var direction: Direction
        }

        struct ViewModel: Sendable, Equatable {
            var message: String
        }
    }
}
