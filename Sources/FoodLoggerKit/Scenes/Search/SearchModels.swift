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

        /// Ready to draw: the table and the JSON document, or the failure to report.
        public struct ViewModel: Sendable, Equatable {
            public enum Content: Sendable, Equatable {
                case listing(Listing)
                case failure(message: String)
            }

            public struct Listing: Sendable, Equatable {
                /// The documented JSON schema.
                public var document: JSONValue
                public var table: TextTable
                /// Lines under the table: counts, next page, the service's credit.
                public var footer: [String]
                /// Set when nothing was found: what to tell the user, and what to try.
                public var notice: String?
                /// The numbers in the table's # column, nil when it has no rows.
                public var numbers: ClosedRange<Int>? = nil
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
