import FoodLoggerDomain
/// The Map scene's use case: restaurants around a point, drawn where they are.
public enum Map {
    /// Room for the drawing: the map size the user asked for (nil: fit the terminal) and the
    /// terminal's own size (rows nil when unknown, as in a pipe).
    public struct Viewport: Sendable, Equatable {
        public var width: Int?
        public var height: Int?
        public var columns: Int
        public var rows: Int?
        public init(width: Int? = nil, height: Int? = nil, columns: Int = 80, rows: Int? = nil) {
            self.width = width; self.height = height; self.columns = columns; self.rows = rows
        }
    }

    public enum Restaurants {
        /// The user's conditions, the centre the map is drawn around, and how big a map they asked for.
        public struct Request: Sendable, Equatable {
            public var query: RestaurantQuery
            public var center: Coordinate
            public var viewport: Viewport
            public init(query: RestaurantQuery, center: Coordinate, viewport: Viewport) {
                self.query = query; self.center = center; self.viewport = viewport
            }
        }

        /// The worker's answer, unformatted, with what the presenter needs to lay it out.
        public struct Response: Sendable {
            public var result: Result<RestaurantPage, HotpepperError>
            public var query: RestaurantQuery
            public var center: Coordinate
            public var viewport: Viewport
            public init(
                result: Result<RestaurantPage, HotpepperError>, query: RestaurantQuery, center: Coordinate, viewport: Viewport
            ) {
                self.result = result; self.query = query; self.center = center; self.viewport = viewport
            }
        }

        /// Ready to draw: the map, its legend and footer, or the failure to report.
        public struct ViewModel: Sendable, Equatable {
            public enum Content: Sendable, Equatable {
                case drawing(Drawing)
                case failure(message: String)
            }

            public struct Drawing: Sendable, Equatable {
                public var map: TerminalMap
                /// One row per marker on the map: its key, names, genres, distances.
                public var legend: TextTable
                /// Lines under the legend: counts, next page, the service's credit.
                public var footer: [String]
                /// Set when nothing was found: what to tell the user, and what to try.
                public var notice: String?
            }

            public var content: Content
            public var exitCode: ExitCode
        }
    }
}
