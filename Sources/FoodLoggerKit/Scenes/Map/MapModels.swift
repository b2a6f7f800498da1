import FoodLoggerDomain
/// The Map scene's use case: restaurants around a point, drawn where they are.
enum Map {
    /// Room for the drawing: the map size the user asked for (nil: fit the terminal) and the
    /// terminal's own size (rows nil when unknown, as in a pipe).
    struct Viewport: Sendable, Equatable {
        var width: Int?
        var height: Int?
        var columns = 80
        var rows: Int?
    }

    enum Restaurants {
        /// The user's conditions, the centre the map is drawn around, and how big a map they asked for.
        struct Request: Sendable, Equatable {
            var query: RestaurantQuery
            var centre: Centre
            var viewport: Viewport
            /// --open-now/--open-at: only the shops open then.
            var open: OpenQuestion
            /// Shops to draw instead of searching (`map --last`), numbered from the page's start.
            var shown: RestaurantPage? = nil
        }

        /// What the map is drawn around: coordinates, or a place to find them from (--near).
        enum Centre: Sendable, Equatable {
            case coordinate(Coordinate)
            case place(NearPlace)
            /// The middle of places that have no centre of their own (the food log's): drawn
            /// as "@", but nobody stands there.
            case middle(Coordinate)

            var isMiddle: Bool { if case .middle = self { true } else { false } }
        }

        /// The worker's answer, unformatted, with what the presenter needs to lay it out.
        struct Response: Sendable {
            /// The shops and the centre they were found around.
            struct Found: Sendable {
                /// What the search found (or the list at hand, as found).
                var list: FoundPlaces
                var page: RestaurantPage { list.page }
                /// What --open-now/--open-at left out of the list.
                var tally: OpenTally? { list.tally }
                var center: Coordinate
                /// The centre is the places' middle, not where the user is.
                var centreIsMiddle = false
                /// The place --near asked for, and where it was found.
                var near: NearPlace? = nil
                var located: GeocodingWorker.Located? = nil
            }
            var result: Result<Found, ServiceError>
            var query: RestaurantQuery
            var open: OpenQuestion
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
                /// For stderr: what --open-now/--open-at left out.
                var leftOut: String? = nil
                /// For stderr on a terminal: where --near found the centre.
                var place: String? = nil
                /// For stderr, one line each: shops the answer held that no view can place.
                var warnings: [String] = []
            }

            var content: Content
        }
    }
}

extension Map {
    /// `o` on the interactive map: the page of the restaurant whose card is open, else of the
    /// selected one.
    enum Page {
        struct Request: Sendable {}
        struct Response: Sendable {
            var restaurant: Restaurant
            /// nil: the restaurant has no page address.
            var attempt: PageAttempt?
        }
        struct ViewModel: Sendable, Equatable {
            /// For the status line, until the screen next changes.
            var note: String
        }
    }

    /// The interactive map: the app's map screen, explored with keys and the mouse.
    enum Explore {
        /// A compass direction on the map, north up.
        enum Direction: Sendable, Equatable {
            case north, south, east, west
        }

        /// What the user asked for, one key (or click) at a time.
        enum Request: Sendable, Equatable {
            /// Find the centre (coordinates, or --near's place) and search around it.
            /// With `shown` (`map --last`), those shops are the first map instead of a search.
            case start(
                query: RestaurantQuery, centre: Restaurants.Centre, open: OpenQuestion, size: Size, shown: RestaurantPage? = nil)
            /// Select the marker nearest the selected one in a direction.
            case move(Direction)
            /// Select the next (or previous) restaurant by distance.
            case cycle(forward: Bool)
            /// Select a restaurant under a click, by place in the list: one of those a label
            /// stands for.
            case select(among: [Int])
            /// Move the map a step in a direction, without searching.
            case pan(Direction)
            /// Search again around the map's centre, as the app's search button does.
            case searchHere
            /// Back to where the map started, searching there again if the results are elsewhere.
            case returnHome
            /// A smaller (`in`) or larger radius, searching again.
            case zoom(in: Bool)
            /// Search again with this keyword ("" for none).
            case keyword(String)
            /// The keyword line, opened with the keyword of the last search to edit.
            case editKeyword
            /// The keyword line typed into, or closed (nil).
            case prompt(String?)
            case toggleHelp
            case dismissAlert
            case resize(Size)
            /// The map is closing: a search in flight is no longer wanted.
            case close
        }

        /// What a search is made with: the ring's centre and radius, and the keyword.
        struct Search: Sendable, Equatable {
            var centre: Coordinate
            var range: SearchRange
            var keyword: String?
        }

        /// --near's place while it is being found, before there is a map.
        struct Locating: Sendable {
            var place: String
            var size: Size
        }

        struct Size: Sendable, Equatable {
            var columns: Int
            var rows: Int
        }

        /// The interactor's state after a request: everything the screen shows, unformatted.
        struct Response: Sendable {
            var state: State
            var size: Size
            /// When "open" means (now, or --open-at's time), and whether only open shops are kept.
            var open: OpenQuestion
            /// Shops the search that just answered left out, unplaceable; empty on other updates,
            /// so each is told once.
            var dropped: [RestaurantPage.DroppedShop] = []
        }

        /// What the map holds between key presses (the interactor's data store).
        struct State: Sendable {
            var restaurants: [Restaurant] = []
            /// Where they are (their clock), as far as the service said.
            var region: RestaurantPage.Region?
            /// How many the service matched in all (more than shown when past the page size).
            var total = 0
            /// What --open-now/--open-at left out of the restaurants shown.
            var tally: OpenTally?
            /// Where the user started: "@".
            var home: Coordinate
            /// What the restaurants shown were found with.
            var searched: Search
            /// A search under way, shown in the status line until it ends.
            var searching: Search?
            /// A search has answered: from then on a failure is an alert, not the end of the map.
            var answered = false
            /// The middle of the map, moved by panning.
            var viewCentre: Coordinate
            /// The place --near found, for the status line.
            var placeName: String?
            var selected: Int?
            /// A search that found nothing, or failed: said in an alert until dismissed, over
            /// the map as it was.
            var alert: Alert?
            var prompt: String?
            var showingHelp = false
        }

        enum Alert: Sendable, Equatable {
            /// The search asked, and what --open-now/--open-at left out of it.
            /// `clock`: the one the moment asked about was read on.
            case nothingFound(Search, tally: OpenTally?, clock: HoursClock)
            case failed(ServiceError)
        }

        /// Ready to draw: the screen, and where each marker is for the mouse; or the failure
        /// of the first search, which ends the map.
        struct ViewModel: Sendable {
            var screen: Screen
            /// What keys mean on this screen.
            var mode: Mode = .map
            /// The cells a click selects each restaurant by (index in the list).
            var hitTargets: [HitTarget] = []
            /// The failure's one line; the interactor keeps the failure itself (`explorerFailure`).
            var failure: String? = nil
            /// For stderr (held while the map has the screen), one line each.
            var warnings: [String] = []

            /// The restaurants whose label covers a cell (several for a merged label): what a
            /// click there picks from.
            func restaurants(atRow row: Int, column: Int) -> [Int] {
                hitTargets.filter { $0.row == row && $0.columns.contains(column) }.map(\.index)
            }
        }

        enum Mode: Sendable, Equatable {
            case map
            /// Typing a keyword; the text so far.
            case prompt(String)
            /// An alert or the help: any key closes it.
            case alert, help
            /// No map yet, or no room for one: only the keys that quit work.
            case waiting
        }

        struct HitTarget: Sendable, Equatable {
            var row: Int
            var columns: ClosedRange<Int>
            var index: Int
        }
    }
}
