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
            var centre: Centre
            var viewport: Viewport
            /// --open-now/--open-at: only the shops open then.
            var open: OpenQuestion
        }

        /// What the map is drawn around: coordinates, or a place to find them from (--near).
        enum Centre: Sendable, Equatable {
            case coordinate(Coordinate)
            case place(NearPlace)
        }

        /// The worker's answer, unformatted, with what the presenter needs to lay it out.
        struct Response: Sendable {
            /// The shops and the centre they were found around.
            struct Found: Sendable {
                var page: RestaurantPage
                var center: Coordinate
                /// The place --near asked for, and where it was found.
                var near: NearPlace? = nil
                var located: GeocodingWorker.Located? = nil
            }
            var result: Result<Found, HotpepperError>
            var query: RestaurantQuery
            var viewport: Viewport
            var near: NearPlace? = nil
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
                /// For stderr on a terminal: where --near found the centre.
                var place: String? = nil
            }

            var content: Content
            var exitCode: ExitCode
        }
    }
}
