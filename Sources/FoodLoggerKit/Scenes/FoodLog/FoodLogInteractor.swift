import Foundation
import FoodLoggerDomain

/// What the FoodLog scene can do.
@MainActor
protocol FoodLogBusinessLogic: AnyObject {
    /// Each returns the exit status of what the view controller displayed for it.
    func add(_ request: FoodLog.Add.Request) async -> ExitCode
    func remove(_ request: FoodLog.Remove.Request) async -> ExitCode
    func list(_ request: FoodLog.List.Request) -> ExitCode
    func showMap(_ request: FoodLog.ShowMap.Request) -> ExitCode
    func check(_ request: FoodLog.Check.Request) async -> ExitCode
}

/// What the router passes to the Map scene: the logged shops and where to draw them.
@MainActor
protocol FoodLogDataStore: AnyObject {
    var shops: [Restaurant] { get }
}

/// Looks the shop up through the worker and writes the entry, or reads and changes the log, and
/// hands what happened, unformatted, to the presenter.
@MainActor
final class FoodLogInteractor: FoodLogBusinessLogic, FoodLogDataStore {
    var presenter: (any FoodLogPresentationLogic)?
    let store: any FoodLogStoring
    /// The service, to look a shop up by id; nil where no command needs one (list, remove, map).
    let worker: (any HotpepperWorking)?
    /// Asks each logged place's services whether it still trades (`log check`); nil elsewhere.
    let checker: (any TradingChecking)?

    private(set) var shops: [Restaurant] = []

    init(store: any FoodLogStoring, worker: (any HotpepperWorking)?, checker: (any TradingChecking)? = nil) {
        self.store = store
        self.worker = worker
        self.checker = checker
    }

    /// Reads the log and has the checker ask about the places the filter keeps, newest first.
    func check(_ request: FoodLog.Check.Request) async -> ExitCode {
        let result: Result<(log: FoodLogContents, report: TradingReport), FoodLogError>
        do {
            let log = try store.read()
            // A position kept past its while is not compared with the service's either.
            let entries = log.newestFirst.filter(request.filter.keeps).map { $0.shown(at: request.now) }
            let report =
                entries.isEmpty
                ? TradingReport(checked: 0, findings: [], unasked: [])
                : await checker?.check(entries) ?? TradingReport(checked: 0, findings: [], unasked: [])
            result = .success((log, report))
        } catch {
            result = .failure(error)
        }
        // What the services answered of names and positions kept for a while is written back.
        var refreshed: Result<Int, FoodLogError>?
        if case .success((_, let report)) = result, !report.answers.isEmpty {
            do { refreshed = .success(try await store.refresh(report.answers, at: request.now)) } catch {
                refreshed = .failure(error)
            }
        }
        return presenter?.presentCheck(
            .init(result: result, filter: request.filter, file: store.url, refreshed: refreshed, now: request.now))
            ?? .success
    }

    func add(_ request: FoodLog.Add.Request) async -> ExitCode {
        let result: Result<FoodLogChange, FoodLog.Failure>
        do throws(FoodLog.Failure) {
            let shop = try await lookup(request.id)
            // The user's log holds real places only; the stub's own log takes the stub's.
            if shop.invented == true, !request.stubLog { throw .invented(id: shop.id) }
            let date: CivilDate? =
                switch request.when {
                case .today: CivilDate(request.now, in: request.zone)
                case .yesterday: CivilDate(request.now, in: request.zone, offset: -1)
                case .day(let day): day
                case .want: nil
                }
            if date == nil, let wanted = try entry(for: shop, on: nil) {
                throw .alreadyWanted(id: shop.id, number: wanted.number)
            }
            // Twice the same day is more often a retry than a second meal: said, unless asked for.
            if let date, !request.again, let logged = try entry(for: shop, on: date) {
                throw .alreadyLogged(id: shop.id, number: logged.number, date: date)
            }
            let entry = FoodLogEntry(
                date: date, note: request.note, rating: request.rating, writtenAt: request.now,
                shop: .init(shop, at: request.now))
            do { result = .success(try await store.add(entry)) } catch { throw .log(error) }
        } catch {
            result = .failure(error)
        }
        return presenter?.presentAdded(.init(result: result, file: store.url, now: request.now)) ?? .success
    }

    func remove(_ request: FoodLog.Remove.Request) async -> ExitCode {
        let result: Result<FoodLogChange, FoodLog.Failure>
        do {
            result = .success(try await store.remove(number: request.number))
        } catch {
            result = .failure(.log(error))
        }
        return presenter?.presentRemoved(.init(result: result, file: store.url, now: request.now)) ?? .success
    }

    func list(_ request: FoodLog.List.Request) -> ExitCode {
        presenter?.presentList(
            .init(
                result: Result { () throws(FoodLogError) in try store.listing(wants: request.filter.wants, at: request.now) },
                filter: request.filter, file: store.url, now: request.now))
            ?? .success
    }

    /// Keeps the shops the filter takes that have a position, each once, for the router: those
    /// of one group of places (`PlaceGroups`), the one --near names or else the largest.
    func showMap(_ request: FoodLog.ShowMap.Request) -> ExitCode {
        let read = Result { () throws(FoodLogError) in try store.read() }
        let entries = ((try? read.get())?.newestFirst ?? []).filter(request.filter.keeps)
        var seen: Set<String> = []
        let unique = entries.filter { seen.insert("\($0.shop.provider.rawValue) \($0.shop.id)").inserted }
        // A name and position kept for a while that is over are not drawn.
        let placed = unique.compactMap { $0.shop.shown(at: request.now).restaurant }
        let refreshable = unique.count { $0.shop.wantsRefresh(at: request.now) }
        var groups = PlaceGroups.of(placed)
        let chosen = request.near.map { Self.group(near: $0, in: groups) } ?? (groups.isEmpty ? nil : 0)
        shops = chosen.map { groups.remove(at: $0) } ?? []
        return presenter?.presentMap(
            .init(
                result: read.map { _ in
                    .init(
                        shops: shops, unplaced: unique.count - placed.count, refreshable: refreshable, elsewhere: groups)
                },
                nearMatchedNothing: chosen == nil && !placed.isEmpty ? request.near : nil,
                unreadableLines: (try? read.get())?.unreadableLines ?? [],
                unreadableCount: (try? read.get())?.unreadableCount ?? 0, filter: request.filter, file: store.url))
            ?? .success
    }

    /// The group nearest the point `near` names, else the first holding a place whose name or
    /// address holds its words (case and accents aside); nil when there is neither.
    static func group(near: String, in groups: [[Restaurant]]) -> Int? {
        if let point = Coordinate(pair: near) {
            let distances = groups.map { $0.map { point.distance(to: $0.coordinate) }.min() ?? .infinity }
            return distances.indices.min { distances[$0] < distances[$1] }
        }
        let holds = { (text: String) in text.range(of: near, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        return groups.firstIndex { $0.contains { holds($0.name) || holds($0.address) } }
    }

    /// The place's entry on `date`, or on the want list for nil (a place is wanted once).
    private func entry(for shop: Restaurant, on date: CivilDate?) throws(FoodLog.Failure) -> FoodLogEntry? {
        let entries: [FoodLogEntry]
        do { entries = try store.read().entries } catch { throw .log(error) }
        return entries.last { $0.date == date && $0.shop.provider == shop.provider && $0.shop.id == shop.id }
    }

    /// The shop by id, from the service.
    private func lookup(_ id: String) async throws(FoodLog.Failure) -> Restaurant {
        guard let worker else { throw .unknownShop(id: id) }
        let page: RestaurantPage
        do { page = try await worker.lookupRestaurants(ids: [id]) } catch { throw .service(error) }
        guard let shop = page.restaurants.first else { throw .unknownShop(id: id) }
        return shop
    }
}
