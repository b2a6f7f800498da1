import Foundation
import FoodLoggerDomain
/// What the Map scene can do.
@MainActor
protocol MapBusinessLogic: AnyObject {
    /// Returns what the map came to (places, none, some services failed, a failure), for the
    /// command's exit status.
    func showRestaurants(_ request: Map.Restaurants.Request) async -> SceneOutcome
    /// The interactive map: one request per key press or click.
    func explore(_ request: Map.Explore.Request)
    /// Starts opening the page, of the restaurant chosen now, and presents what happened when
    /// the browser has it; keys keep working meanwhile.
    func openPage(_ request: Map.Page.Request)
    /// The search `explore` started that has not ended yet.
    var searchInFlight: Task<Void, Never>? { get }
    /// The interactive map's first search's failure, which ends the map; nil while there is none.
    var explorerFailure: ServiceError? { get }
}

/// What the Map scene keeps for routing: the restaurants on the map, nearest first.
@MainActor
protocol MapDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
    /// The restaurant selected on the interactive map.
    var selectedRestaurant: Restaurant? { get }
    /// The restaurant whose card the router showed: it stays whatever the map does behind it.
    var cardRestaurant: Restaurant? { get set }
    /// What "open" means on this map: now, or --open-at's moment.
    var open: OpenQuestion { get }
    /// Where the restaurants shown are (their clock), as far as the service said.
    var region: RestaurantPage.Region? { get }
}

/// Asks the worker for the restaurants around the centre and hands them, unformatted, to the
/// presenter.
@MainActor
final class MapInteractor: MapBusinessLogic, MapDataStore {
    var presenter: (any MapPresentationLogic)?
    let finder: any PlaceFinding
    /// Finds --near's place.
    let places: (any PlaceLocating)?
    /// The browser, for `o`.
    let opener: any URLOpening
    /// Keeps each list shown for `show 3`; nil keeps nothing.
    let lastList: (any LastListKeeping)?

    private(set) var restaurants: [Restaurant] = []
    var cardRestaurant: Restaurant?
    private(set) var query: RestaurantQuery?
    /// The interactive map's state, from its first search on.
    private(set) var explorer: Map.Explore.State?
    private var size = Map.Explore.Size(columns: 80, rows: 24)
    private(set) var open = OpenQuestion(moment: .now(Date()))
    private(set) var region: RestaurantPage.Region?
    /// A newer search, or the map closing, cancels it.
    private(set) var searchInFlight: Task<Void, Never>?
    private(set) var explorerFailure: ServiceError?
    /// --near's place while it is being found.
    private var locating: String?

    var selectedRestaurant: Restaurant? {
        guard let explorer, let index = explorer.selected, explorer.restaurants.indices.contains(index) else { return nil }
        return explorer.restaurants[index]
    }

    init(
        finder: any PlaceFinding, places: (any PlaceLocating)? = nil, opener: any URLOpening,
        lastList: (any LastListKeeping)? = nil
    ) {
        self.finder = finder
        self.places = places
        self.opener = opener
        self.lastList = lastList
    }

    func showRestaurants(_ request: Map.Restaurants.Request) async -> SceneOutcome {
        var asked = request.query
        let result: Result<Map.Restaurants.Response.Found, ServiceError>
        switch await centre(of: request) {
        case .failure(let error):
            result = .failure(error)
        case .success(let (center, located)):
            asked.center = center
            let near: NearPlace? = if case .place(let place) = request.centre { place } else { nil }
            result = await search(asked, open: request.open, shown: request.shown).map {
                .init(list: $0, center: center, centreIsMiddle: request.centre.isMiddle, near: near, located: located)
            }
        }
        query = asked
        restaurants = (try? result.get().page.restaurants) ?? []
        region = (try? result.get().page.region) ?? nil
        presenter?.presentRestaurants(.init(result: result, query: asked, open: request.open, viewport: request.viewport))
        if let found = try? result.get() { await lastList?.keep(found.page, center: found.center) }
        switch result {
        case .failure(let error): return .serviceFailed(error)
        case .success(let found): return SceneOutcome(found.list)
        }
    }

    /// Acts on one request and presents the screen after it. A search goes on in the
    /// background (`searchInFlight`), so keys keep working while it runs; it presents when it
    /// ends.
    func explore(_ request: Map.Explore.Request) {
        if case .start(let query, let centre, let open, let size, let shown) = request {
            self.query = query
            self.open = open
            self.size = size
            searchInFlight = Task { await start(at: centre, shown: shown) }
            return
        }
        if case .resize(let newSize) = request { size = newSize }
        if case .close = request {
            searchInFlight?.cancel()
            return
        }
        guard var state = explorer else {
            if case .resize = request, let locating { presenter?.presentExplorerLocating(.init(place: locating, size: size)) }
            return
        }
        // The conditions the next search starts from: those of the one in flight, if any.
        let asked = state.searching ?? state.searched
        var newSearch: Map.Explore.Search?
        switch request {
        case .start, .close, .resize: break
        case .move(let direction): state.selected = Self.next(from: state, toward: direction)
        case .cycle(let forward):
            guard !state.restaurants.isEmpty else { break }
            let count = state.restaurants.count
            state.selected = state.selected.map { ($0 + (forward ? 1 : count - 1)) % count } ?? 0
        case .select(let among):
            // A second click on a merged label goes on to its next restaurant.
            let valid = among.filter(state.restaurants.indices.contains)
            let position = state.selected.flatMap { valid.firstIndex(of: $0) }
            state.selected = position.map { valid[($0 + 1) % valid.count] } ?? valid.first ?? state.selected
        case .pan(let direction):
            state.viewCentre = Self.moved(state.viewCentre, toward: direction, metres: Double(asked.range.metres) / 2)
        case .searchHere:
            newSearch = .init(centre: state.viewCentre, range: asked.range, keyword: asked.keyword)
        case .returnHome:
            state.viewCentre = state.home
            if asked.centre != state.home { newSearch = .init(centre: state.home, range: asked.range, keyword: asked.keyword) }
        case .zoom(let zoomIn):
            guard let range = SearchRange(rawValue: asked.range.rawValue + (zoomIn ? -1 : 1)) else { break }
            newSearch = .init(centre: state.viewCentre, range: range, keyword: asked.keyword)
        case .keyword(let text):
            let keyword = text.trimmingCharacters(in: .whitespaces)
            state.prompt = nil
            newSearch = .init(centre: state.viewCentre, range: asked.range, keyword: keyword.isEmpty ? nil : keyword)
        case .editKeyword: state.prompt = asked.keyword ?? ""
        case .prompt(let text): state.prompt = text
        case .toggleHelp: state.showingHelp.toggle()
        case .dismissAlert: state.alert = nil
        }
        if let newSearch {
            state.searching = newSearch
            searchInFlight?.cancel()
            searchInFlight = Task { await find(newSearch) }
        }
        explorer = state
        present()
    }

    func openPage(_ request: Map.Page.Request) {
        guard let restaurant = cardRestaurant ?? selectedRestaurant else { return }
        Task {
            let attempt = await PageAttempt.open(restaurant, with: opener)
            presenter?.presentPage(.init(restaurant: restaurant, attempt: attempt))
        }
    }

    /// Finds the centre, then makes the first search (or shows `shown` as its answer).
    private func start(at centre: Map.Restaurants.Centre, shown: RestaurantPage?) async {
        if case .place(let near) = centre {
            locating = near.text
            presenter?.presentExplorerLocating(.init(place: near.text, size: size))
        }
        let request = Map.Restaurants.Request(query: query ?? .init(), centre: centre, viewport: Map.Viewport(), open: open)
        let found = await self.centre(of: request)
        guard !Task.isCancelled else { return }
        locating = nil
        switch found {
        case .failure(let error):
            explorerFailure = error
            presenter?.presentExplorerFailure(error)
        case .success(let (center, located)):
            // The map zooms by range steps: a radius is shown as the step that covers it.
            let range = query.map { $0.radius.map(SearchRange.covering) ?? $0.range } ?? .default
            let first = Map.Explore.Search(centre: center, range: range, keyword: query?.keyword)
            explorer = Map.Explore.State(
                home: center, searched: first, searching: first, viewCentre: center, placeName: located?.place.name)
            present()
            await find(first, shown: shown)
        }
    }

    /// Searches with the map's conditions. What it finds replaces the map; when it finds
    /// nothing or fails, the map stays as it was and an alert says so. Until a search has
    /// answered (the first, or one asked for while it ran), a failure ends the map instead.
    private func find(_ asked: Map.Explore.Search, shown: RestaurantPage? = nil) async {
        guard var query else { return }
        query.center = asked.centre
        query.range = asked.range
        query.radius = nil
        query.keyword = asked.keyword
        query.start = 1
        let result = await search(query, open: open, shown: shown)
        guard !Task.isCancelled, var state = explorer else { return }
        state.searching = nil
        switch result {
        case .failure(let error) where !state.answered:
            explorerFailure = error
            presenter?.presentExplorerFailure(error)
            return
        case .failure(let error):
            state.alert = .failed(error)
        case .success(let answer) where answer.page.restaurants.isEmpty && state.answered:
            state.alert = .nothingFound(asked, tally: answer.tally, clock: answer.page.clock)
        case .success(let answer):
            state.restaurants = answer.page.restaurants
            state.region = answer.page.region
            state.total = answer.page.total
            state.tally = answer.tally
            state.searched = asked
            state.answered = true
            state.selected = state.restaurants.isEmpty ? nil : 0
            // Where it searched, for the card's walk there.
            self.query = query
            state.alert = state.restaurants.isEmpty ? .nothingFound(asked, tally: answer.tally, clock: answer.page.clock) : nil
            restaurants = state.restaurants
            region = state.region
        }
        explorer = state
        present(dropped: (try? result.get().page.dropped) ?? [])
        if case .success(let answer) = result, state.searched == asked {
            // The interactive map numbers its markers from 1, whatever page the answer was.
            var shown = answer.page
            shown.start = 1
            await lastList?.keep(shown, center: asked.centre)
        }
    }

    /// The places `query` finds, or `shown` (a list at hand) as if found.
    private func search(_ query: RestaurantQuery, open: OpenQuestion, shown: RestaurantPage?) async -> Result<
        FoundPlaces, ServiceError
    > {
        if let shown { return .success(FoundPlaces(page: shown, query: query)) }
        return await finder.find(PlaceSearch(query: query, open: open)).mapError(\.error)
    }

    private func present(dropped: [RestaurantPage.DroppedShop] = []) {
        guard let explorer else { return }
        presenter?.presentExplorer(.init(state: explorer, size: size, open: open, dropped: dropped))
    }

    /// The marker nearest the selected one in a direction: within 45° of it if any is, else
    /// anywhere ahead on that axis; the sideways distance counts double, so Right goes to the
    /// marker most nearly to the right.
    static func next(from state: Map.Explore.State, toward direction: Map.Explore.Direction) -> Int? {
        guard let current = state.selected, state.restaurants.indices.contains(current) else {
            return state.restaurants.isEmpty ? nil : 0
        }
        let projection = LocalProjection(center: state.searched.centre)
        let origin = projection.offset(of: state.restaurants[current].coordinate)
        let ahead = state.restaurants.indices.compactMap { index -> (index: Int, ahead: Double, aside: Double)? in
            guard index != current else { return nil }
            let offset = projection.offset(of: state.restaurants[index].coordinate)
            let (east, north) = (offset.east - origin.east, offset.north - origin.north)
            let (ahead, aside) =
                switch direction {
                case .north: (north, east)
                case .south: (-north, east)
                case .east: (east, north)
                case .west: (-east, north)
                }
            return ahead > 0 ? (index, ahead, abs(aside)) : nil
        }
        let inCone = ahead.filter { $0.aside <= $0.ahead }
        return (inCone.isEmpty ? ahead : inCone).min { $0.ahead + 2 * $0.aside < $1.ahead + 2 * $1.aside }?.index ?? current
    }

    /// A point `metres` away in a direction.
    static func moved(_ point: Coordinate, toward direction: Map.Explore.Direction, metres: Double) -> Coordinate {
        let degrees = metres / (Coordinate.earthRadiusMetres * .pi / 180)
        switch direction {
        case .north: return Coordinate(lat: point.lat + degrees, lng: point.lng)
        case .south: return Coordinate(lat: point.lat - degrees, lng: point.lng)
        case .east: return Coordinate(lat: point.lat, lng: point.lng + degrees / cos(point.lat * .pi / 180))
        case .west: return Coordinate(lat: point.lat, lng: point.lng - degrees / cos(point.lat * .pi / 180))
        }
    }

    /// The coordinates given, or where the place search found --near's place.
    private func centre(of request: Map.Restaurants.Request) async -> Result<
        (Coordinate, GeocodingWorker.Located?), ServiceError
    > {
        switch request.centre {
        case .coordinate(let center), .middle(let center):
            return .success((center, nil))
        case .place(let near):
            guard let places else { return .failure(.placeNotFound(near.text, known: [])) }
            do {
                let located = try await places.locate(near.text)
                return .success((located.place.coordinate, located))
            } catch {
                return .failure(error)
            }
        }
    }
}
