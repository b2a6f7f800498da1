import FoodLoggerDomain
/// The Detail scene's use cases: one card per shop, and a shop's page in the browser.
enum Detail {
    /// Look shops up by id and show one card each.
    enum Lookup {
        struct Request: Sendable, Equatable {
            /// The places to show (validated ids, the last list's kept places, offline or not,
            /// the centre of the search whose list numbered them), as the use case takes them.
            var places: ShowPlaces.Request
            /// Now, for whether each shop is open.
            var moment: OpenQuestion.Moment
            /// `--sources`: each service's view of a merged place, side by side.
            var sources = false
        }

        /// The shops found, in the order asked, and the ids the service did not know.
        struct Response: Sendable {
            var result: Result<[Restaurant], ServiceError>
            var missingIDs: [String] = []
            /// Parts of merged places the last list could not keep that could not be looked up
            /// again: the cards show what was kept.
            var partsNotAsked: [RestaurantPage.UnaskedID] = []
            var moment: OpenQuestion.Moment
            /// The moment is the one the search asked about (--open-at, --open-now), not the
            /// card's own "now": the card names it.
            var askedAbout = false
            /// Where the shops are (their clock), as far as the search that found them or the
            /// lookup by id said.
            var region: RestaurantPage.Region? = nil
            /// The search's centre, which the card gives the walk from; nil when there is none.
            var center: Coordinate? = nil
            /// `--sources`: each service's view of a merged place, side by side.
            var sources = false
        }

        struct ViewModel: Sendable, Equatable {
            enum Content: Sendable, Equatable {
                case cards(Cards)
                case failure(message: String)
            }

            struct Cards: Sendable, Equatable {
                var cards: [TextCard]
                /// Every field of each shop, for JSON and the other data formats.
                var listing: RestaurantListing
                /// Lines under the cards: a note when the shops' clock is unknown, the services' credits.
                var footer: [String]
                /// Which ids were not found, when some were not.
                var missing: String?
            }

            var content: Content
        }
    }

    /// Show the shops another scene passed in through the data store, without asking the
    /// service again (the app's tap on a marker).
    enum ShowPassed {
        struct Request: Sendable, Equatable {
            /// Now, for whether each shop is open.
            var moment: OpenQuestion.Moment
        }
        typealias Response = Lookup.Response
        typealias ViewModel = Lookup.ViewModel
    }

    /// Open one shop's page in the browser, or give its address.
    enum OpenPage {
        struct Request: Sendable, Equatable {
            /// The shop to look up; nil: the one another scene passed in through the data store.
            var id: String?
            /// The last list the shop's number was read from, which may have kept it.
            var known: ShowPlaces.KnownPlaces? = nil
            /// `open --print-url`: give the address rather than opening it.
            var printOnly = false
            /// `open --directions`: the way there from this point (the search's centre), not the page.
            var directionsFrom: Coordinate? = nil
        }

        struct Response: Sendable {
            /// What was asked for: an id, or nil for the shop passed in.
            var id: String?
            /// nil inside the success: no shop has that id.
            var result: Result<Restaurant?, ServiceError>
            /// The address asked for: the shop's page, or the way there.
            var address: String? = nil
            /// nil when there was no address to do anything with.
            var attempt: PageAttempt?
        }

        struct ViewModel: Sendable, Equatable {
            enum Content: Sendable, Equatable {
                /// The address for stdout (nil when the browser has it), and a line for stderr.
                case page(address: String?, note: String?)
                case failure(message: String)
            }
            var content: Content
        }
    }
}
