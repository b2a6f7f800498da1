import FoodLoggerDomain
/// The Detail scene's use cases: one card per shop, and a shop's page in the browser.
public enum Detail {
    /// Look shops up by id and show one card each.
    public enum Lookup {
        public struct Request: Sendable, Equatable {
            /// Validated ids, without duplicates, in the order to show.
            public var ids: [String]
            public init(ids: [String]) { self.ids = ids }
        }

        /// The shops found, in the order asked, and the ids the service did not know.
        public struct Response: Sendable {
            public var result: Result<[Restaurant], HotpepperError>
            public var missingIDs: [String]
            public init(result: Result<[Restaurant], HotpepperError>, missingIDs: [String] = []) {
                self.result = result; self.missingIDs = missingIDs
            }
        }

        public struct ViewModel: Sendable, Equatable {
            public enum Content: Sendable, Equatable {
                case cards(Cards)
                case failure(message: String)
            }

            public struct Cards: Sendable, Equatable {
                public var cards: [TextCard]
                /// Every field of each shop, for JSON and the other data formats.
                public var listing: RestaurantListing
                /// Lines under the cards: the service's credit.
                public var footer: [String]
                /// Which ids were not found, when some were not.
                public var missing: String?
            }

            public var content: Content
            public var exitCode: ExitCode
        }
    }

    /// Show the shops another scene passed in through the data store, without asking the
    /// service again (the app's tap on a marker).
    public enum ShowPassed {
        public struct Request: Sendable, Equatable {
            public init() {}
        }
        public typealias Response = Lookup.Response
        public typealias ViewModel = Lookup.ViewModel
    }

    /// Open one shop's page in the browser, or give its address.
    public enum OpenPage {
        public struct Request: Sendable, Equatable {
            /// The shop to look up; nil: the one another scene passed in through the data store.
            public var id: String?
            /// `open --print-url`: give the address rather than opening it.
            public var printOnly: Bool
            public init(id: String?, printOnly: Bool = false) { self.id = id; self.printOnly = printOnly }
        }

        /// What was done with the page's address.
        public enum Attempt: Sendable, Equatable {
            /// Asked only for the address.
            case printOnly
            /// The stub's made-up address (under `.invalid`, which never resolves): not opened.
            case madeUp
            /// Handed to the browser, with what the opener said.
            case opened(URLOpenOutcome)
        }

        public struct Response: Sendable {
            /// What was asked for: an id, or nil for the shop passed in.
            public var id: String?
            /// nil inside the success: no shop has that id.
            public var result: Result<Restaurant?, HotpepperError>
            /// nil when there was no address to do anything with.
            public var attempt: Attempt?
            public init(id: String?, result: Result<Restaurant?, HotpepperError>, attempt: Attempt? = nil) {
                self.id = id; self.result = result; self.attempt = attempt
            }
        }

        public struct ViewModel: Sendable, Equatable {
            public enum Content: Sendable, Equatable {
                /// The address for stdout (nil when the browser has it), and a line for stderr.
                case page(address: String?, note: String?)
                case failure(message: String)
            }
            public var content: Content
            public var exitCode: ExitCode
        }
    }
}
