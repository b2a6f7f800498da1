import FoodLoggerDomain
/// The Map scene's use case: restaurants around a point, drawn where they are.
enum Map {
    /// Room for the drawing: the map size the user asked for (nil: fit the terminal) and the
    /// terminal's own size (rows nil when unknown, as in a pipe).
    struct Viewport: Sendable, Equatable {
        var width: Int?
        var height: Int?
        var columns: Int
        var rows: Int?
        init(width: Int? = nil, height: Int? = nil, columns: Int = 80, rows: Int? = nil) {
            self.width = width; self.height = height; self.columns = columns; self.rows = rows
        }
    }

    enum Restaurants {
        /// The user's conditions, the centre the map is drawn around, and how big a map they asked for.
        struct Request: Sendable, Equatable {
            var query: RestaurantQuery
            var center: Coordinate
            var viewport: Viewport
            /// --open-now/--open-at: only the shops open then.
            var open: OpenQuestion
        }

        /// The worker's answer, unformatted, with what the presenter needs to lay it out.
        struct Response: Sendable {
            var result: Result<RestaurantPage, HotpepperError>
            var query: RestaurantQuery
            var center: Coordinate
            var viewport: Viewport
            init(
                result: Result<RestaurantPage, HotpepperError>, query: RestaurantQuery, center: Coordinate, viewport: Viewport
            ) {
                self.result = result; self.query = query; self.center = center; self.viewport = viewport
            }
        }

        /// Ready to draw: the map, its legend and footer, or the failure to report.
        struct ViewModel: Sendable, Equatable {
            enum Content: Sendable, Equatable {
                case drawing(Drawing)
                case failure(message: String)
            }

            struct Drawing: Sendable, Equatable {
                var map: TerminalMap
                /// One row per marker on the map: its key, names, genres, distances.
                var legend: TextTable
                /// Lines under the legend: counts, next page, the service's credit.
                var footer: [String]
                /// Set when nothing was found: what to tell the user, and what to try.
                var notice: String?
            }

            var content: Content
            var exitCode: ExitCode
        }
    }
}
