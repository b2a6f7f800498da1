import Foundation
import FoodLoggerDomain
/// What the Map scene can do.
@MainActor
protocol MapBusinessLogic: AnyObject {
    func showRestaurants(_ request: Map.Restaurants.Request) async
    /// The interactive map: one request per key press or click.
    func explore(_ request: Map.Explore.Request) async
}

/// What the Map scene keeps for routing: the restaurants on the map, nearest first.
@MainActor
protocol MapDataStore: AnyObject {
    var restaurants: [Restaurant] { get }
    var query: RestaurantQuery? { get }
    /// The restaurant selected on the interactive map.
    var selectedRestaurant: Restaurant? { get }
}

/// Asks the worker for the restaurants around the centre and hands them, unformatted, to the
/// presenter.
@MainActor
final class MapInteractor: MapBusinessLogic, MapDataStore {
    var presenter: (any MapPresentationLogic)?
    let worker: any HotpepperWorking
    /// Finds --near's place.
    let places: (any PlaceLocating)?

    private(set) var restaurants: [Restaurant] = []
    private(set) var query: RestaurantQuery?
    /// The interactive map's state, from its first search on.
    private(set) var explorer: Map.Explore.State?
    private var size = Map.Explore.Size(columns: 80, rows: 24)
    private var open = OpenQuestion(moment: JapanTime(Date()))

    var selectedRestaurant: Restaurant? {
        guard let explorer, let index = explorer.selected, explorer.restaurants.indices.contains(index) else { return nil }
        return explorer.restaurants[index]
    }

    init(worker: any HotpepperWorking, places: (any PlaceLocating)? = nil) {
        self.worker = worker
        self.places = places
    }

    func showRestaurants(_ request: Map.Restaurants.Request) async {
        var asked = request.query
        let result: Result<Map.Restaurants.Response.Found, HotpepperError>
        switch await centre(of: request) {
        case .failure(let error):
            result = .failure(error)
        case .success(let (center, located)):
            asked.center = center
            let near: NearPlace? = if case .place(let place) = request.centre { place } else { nil }
            result = await worker.search(asked, request.open).map {
                .init(page: $0.page, center: center, near: near, located: located)
            }
        }
        query = asked
        restaurants = (try? result.get().page.restaurants) ?? []
        presenter?.presentRestaurants(.init(result: result, query: asked, viewport: request.viewport))
    }

    func explore(_ request: Map.Explore.Request) async {
        if case .start(let query, let centre, let open, let size) = request {
            await start(query: query, centre: centre, open: open, size: size)
            return
        }
        guard var state = explorer else { return }
        switch request {
        case .start: return
        case .move(let direction): state.selected = Self.next(from: state, toward: direction)
        case .cycle(let forward):
            guard !state.restaurants.isEmpty else { break }
            let count = state.restaurants.count
            state.selected = state.selected.map { ($0 + (forward ? 1 : count - 1)) % count } ?? 0
        case .select(let index) where state.restaurants.indices.contains(index): state.selected = index
        case .select: break
        case .pan(let direction):
            state.viewCentre = Self.moved(state.viewCentre, toward: direction, metres: Double(state.range.metres) / 2)
        case .searchHere:
            explorer = state
            await search(around: state.viewCentre)
            return
        case .returnHome:
            state.viewCentre = state.home
            explorer = state
            if state.searchCentre != state.home { await search(around: state.home) } else { present() }
            return
        case .zoom(let zoomIn):
            let raw = state.range.rawValue + (zoomIn ? -1 : 1)
            guard let range = SearchRange(rawValue: raw) else { break }
            state.range = range
            explorer = state
            await search(around: state.viewCentre)
            return
        case .keyword(let text):
            let keyword = text.trimmingCharacters(in: .whitespaces)
            state.keyword = keyword.isEmpty ? nil : keyword
            state.prompt = nil
            explorer = state
            await search(around: state.viewCentre)
            return
        case .prompt(let text): state.prompt = text
        case .toggleHelp: state.showingHelp.toggle()
        case .dismissAlert: state.alert = nil
        case .resize(let newSize): size = newSize
        }
        explorer = state
        present()
    }

    /// Finds the centre, then makes the first search; a first search that fails is presented
    /// as such (the map ends with its error) instead of as an alert.
    private func start(query: RestaurantQuery, centre: Map.Restaurants.Centre, open: OpenQuestion, size: Map.Explore.Size)
        async
    {
        self.query = query
        self.open = open
        self.size = size
        let request = Map.Restaurants.Request(query: query, centre: centre, viewport: Map.Viewport(), open: open)
        switch await self.centre(of: request) {
        case .failure(let error):
            presenter?.presentExplorerFailure(error)
        case .success(let (center, located)):
            explorer = Map.Explore.State(
                home: center, searchCentre: center, viewCentre: center, range: query.range, keyword: query.keyword,
                placeName: located?.place.name)
            await search(around: center, first: true)
        }
    }

    /// Searches around a point with the map's range and keyword, showing that it is loading.
    private func search(around centre: Coordinate, first: Bool = false) async {
        guard var state = explorer, var asked = query else { return }
        state.loading = true
        explorer = state
        present()
        asked.center = centre
        asked.range = state.range
        asked.keyword = state.keyword
        asked.start = 1
        switch await worker.search(asked, open) {
        case .failure(let error) where first:
            presenter?.presentExplorerFailure(error)
            return
        case .failure(let error):
            state.alert = .failed(error)
        case .success(let answer):
            state.restaurants = answer.page.restaurants
            state.total = answer.page.total
            state.searchCentre = centre
            state.selected = state.restaurants.isEmpty ? nil : 0
            state.alert = state.restaurants.isEmpty ? .nothingFound : nil
            restaurants = state.restaurants
        }
        state.loading = false
        explorer = state
        present()
    }

    private func present() {
        guard let explorer else { return }
        presenter?.presentExplorer(.init(state: explorer, size: size, moment: OpeningHours.Moment(open.moment)))
    }

    /// The marker nearest the selected one in a direction: ahead of it on that axis, the
    /// sideways distance counting double, so Right goes to the marker most nearly to the right.
    static func next(from state: Map.Explore.State, toward direction: Map.Explore.Direction) -> Int? {
        guard let current = state.selected, state.restaurants.indices.contains(current) else {
            return state.restaurants.isEmpty ? nil : 0
        }
        let projection = LocalProjection(center: state.searchCentre)
        let origin = projection.offset(of: state.restaurants[current].coordinate)
        let scored = state.restaurants.indices.compactMap { index -> (index: Int, score: Double)? in
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
            return ahead > 0 ? (index, ahead + 2 * abs(aside)) : nil
        }
        return scored.min { $0.score < $1.score }?.index ?? current
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
        (Coordinate, GeocodingWorker.Located?), HotpepperError
    > {
        switch request.centre {
        case .coordinate(let center):
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
