import Foundation
import FoodLoggerDomain

/// What the Detail scene can do.
@MainActor
protocol DetailBusinessLogic: AnyObject {
    /// Each returns the exit status of what the view controller displayed for it.
    func lookupRestaurants(_ request: Detail.Lookup.Request) async -> ExitCode
    func showPassedRestaurants(_ request: Detail.ShowPassed.Request) -> ExitCode
    func openPage(_ request: Detail.OpenPage.Request) async -> ExitCode
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

/// Looks shops up through the worker (or takes the ones passed in) and hands them, unformatted,
/// to the presenter.
@MainActor
final class DetailInteractor: DetailBusinessLogic, DetailDataStore {
    var presenter: (any DetailPresentationLogic)?
    let worker: any HotpepperWorking
    /// The browser: opening a page is work done outside, like asking the service.
    let opener: any URLOpening

    var restaurants: [Restaurant] = []
    var moment: OpenQuestion.Moment?
    var region: RestaurantPage.Region?
    var center: Coordinate?

    init(worker: any HotpepperWorking, opener: any URLOpening) {
        self.worker = worker
        self.opener = opener
    }

    func lookupRestaurants(_ request: Detail.Lookup.Request) async -> ExitCode {
        let result = await lookup(request.ids)
        restaurants = (try? result.get())?.restaurants ?? []
        region = (try? result.get())?.region
        let found = Set(restaurants.map(\.id))
        return presenter?.presentRestaurants(
            Detail.Lookup.Response(
                result: result.map(\.restaurants), missingIDs: request.ids.filter { !found.contains($0) },
                partsNotAsked: (try? result.get())?.unasked.filter { !request.ids.contains($0.id) } ?? [],
                moment: request.moment, region: region, center: request.center, sources: request.sources)) ?? .success
    }

    func showPassedRestaurants(_ request: Detail.ShowPassed.Request) -> ExitCode {
        presenter?.presentRestaurants(
            Detail.ShowPassed.Response(
                result: .success(restaurants), moment: moment ?? request.moment, askedAbout: moment != nil,
                region: region, center: center)) ?? .success
    }

    func openPage(_ request: Detail.OpenPage.Request) async -> ExitCode {
        let result: Result<Restaurant?, ServiceError>
        if let id = request.id {
            result = await lookup([id]).map(\.restaurants.first)
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
        return presenter?.presentPage(
            Detail.OpenPage.Response(id: request.id, result: result, address: address, attempt: attempt)) ?? .success
    }

    private func lookup(_ ids: [String]) async -> Result<RestaurantPage, ServiceError> {
        do {
            return .success(try await worker.lookupRestaurants(ids: ids))
        } catch {
            return .failure(error)
        }
    }
}
