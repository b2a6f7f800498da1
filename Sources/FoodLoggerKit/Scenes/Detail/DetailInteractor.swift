import Foundation
import FoodLoggerDomain

/// What the Detail scene can do.
@MainActor
protocol DetailBusinessLogic: AnyObject {
    /// Each returns what the request came to, for the command's exit status.
    func lookupRestaurants(_ request: Detail.Lookup.Request) async -> SceneOutcome
    func showPassedRestaurants(_ request: Detail.ShowPassed.Request) -> SceneOutcome
    func openPage(_ request: Detail.OpenPage.Request) async -> SceneOutcome
}

/// What another scene's router fills in before showing this one.
@MainActor
protocol DetailDataStore: AnyObject {
    var restaurants: [Restaurant] { get set }
    /// The moment the card says "open" or "closed" for, when the search asked for one
    /// (--open-at); nil: the moment of the request.
    var moment: OpenQuestion.Moment? { get set }
    /// Where the shops are (their clock), as far as the search that found them said.
    var region: RestaurantPage.Region? { get set }
    /// The centre the search that found the shops measured from, for the walk there; nil for `show`.
    var center: Coordinate? { get set }
}

/// Looks shops up through the use case (`ShowPlaces`), or takes the ones passed in, and hands
/// them, unformatted, to the presenter.
@MainActor
final class DetailInteractor: DetailBusinessLogic, DetailDataStore {
    var presenter: (any DetailPresentationLogic)?
    let places: any PlaceShowing
    /// The browser: opening a page is work done outside, like asking the service.
    let opener: any URLOpening

    var restaurants: [Restaurant] = []
    var moment: OpenQuestion.Moment?
    var region: RestaurantPage.Region?
    var center: Coordinate?

    init(places: any PlaceShowing, opener: any URLOpening) {
        self.places = places
        self.opener = opener
    }

    func lookupRestaurants(_ request: Detail.Lookup.Request) async -> SceneOutcome {
        let result = await places.show(request.places)
        let shown = try? result.get()
        restaurants = shown?.places ?? []
        region = shown?.region
        let missing = shown?.missingIDs ?? []
        presenter?.presentRestaurants(
            Detail.Lookup.Response(
                result: result.map(\.places), missingIDs: missing, partsNotAsked: shown?.partsNotAsked ?? [],
                moment: request.moment, region: region, center: request.places.center, sources: request.sources))
        if case .failure(let error) = result { return .serviceFailed(error) }
        // Every id asked for is shown, or the run says some were not found.
        return missing.isEmpty && !restaurants.isEmpty ? .shown : .nothingFound
    }

    func showPassedRestaurants(_ request: Detail.ShowPassed.Request) -> SceneOutcome {
        presenter?.presentRestaurants(
            Detail.ShowPassed.Response(
                result: .success(restaurants), moment: moment ?? request.moment, askedAbout: moment != nil,
                region: region, center: center))
        return restaurants.isEmpty ? .nothingFound : .shown
    }

    func openPage(_ request: Detail.OpenPage.Request) async -> SceneOutcome {
        let result: Result<Restaurant?, ServiceError>
        if let id = request.id {
            result = await places.show(ShowPlaces.Request(ids: [id], known: request.known)).map(\.places.first)
            restaurants = (try? result.get()).flatMap { $0.map { [$0] } } ?? []
        } else {
            result = .success(restaurants.first)
        }
        var attempt: PageAttempt?
        let shop = (try? result.get()) ?? nil
        let address = shop.map { shop in request.directionsFrom.map(shop.directions(from:)) ?? shop.urls.shop }
        if let shop, let address {
            attempt = await PageAttempt.open(shop, address: address, printOnly: request.printOnly, with: opener)
        }
        presenter?.presentPage(Detail.OpenPage.Response(id: request.id, result: result, address: address, attempt: attempt))
        return Self.outcome(result, attempt: attempt)
    }

    /// Opened or its address given: shown; no such shop, or no address: nothing found; a browser
    /// that failed: not opened (the address is on stdout all the same).
    static func outcome(_ result: Result<Restaurant?, ServiceError>, attempt: PageAttempt?) -> SceneOutcome {
        switch (result, attempt) {
        case (.failure(let error), _): .serviceFailed(error)
        case (.success(nil), _), (_, nil): .nothingFound
        case (_, .opened(.failed)?): .notOpened
        case (_, .printOnly?), (_, .madeUp?), (_, .opened?): .shown
        }
    }
}
