import Foundation
import FoodLoggerDomain

/// What the FoodLog scene can do.
@MainActor
protocol FoodLogBusinessLogic: AnyObject {
    /// Each returns what the request came to, for the command's exit status.
    func add(_ request: FoodLog.Add.Request) async -> SceneOutcome
    func remove(_ request: FoodLog.Remove.Request) async -> SceneOutcome
    func list(_ request: FoodLog.List.Request) -> SceneOutcome
    func showMap(_ request: FoodLog.ShowMap.Request) -> SceneOutcome
    func check(_ request: FoodLog.Check.Request) async -> SceneOutcome
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
    func check(_ request: FoodLog.Check.Request) async -> SceneOutcome {
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
        presenter?.presentCheck(
            .init(result: result, filter: request.filter, file: store.url, refreshed: refreshed, now: request.now))
        switch result {
        case .failure(let error): return .logFailed(error)
        case .success(let read): return Self.outcome(of: read.report)
        }
    }

    /// A service that could not be asked: incomplete (what could be checked is still shown; it
    /// wins), else an id in the log that is none of its service's (never sent; the other places
    /// are still checked and shown), else a place a service said closed (for good or for now),
    /// else shown (a move or an unknown id alone is news, not a closure). More billed requests
    /// than `BilledLookupConsent.threshold`, not allowed: refused, and nothing was sent.
    static func outcome(of report: TradingReport) -> SceneOutcome {
        if report.unapproved != nil { return .refused }
        if !report.unasked.isEmpty { return .incomplete }
        if !report.notIDs.isEmpty { return .notAnID }
        return report.findings.contains(where: \.closed) ? .closed : .shown
    }

    /// What a change came to: made, or why not.
    static func outcome(of change: Result<FoodLogChange, FoodLog.Failure>) -> SceneOutcome {
        switch change {
        case .success: .shown
        case .failure(.service(let error)): .serviceFailed(error)
        case .failure(.unknownShop): .nothingFound
        case .failure(.log(let error)): .logFailed(error)
        case .failure(.invented), .failure(.alreadyLogged), .failure(.alreadyWanted): .refused
        }
    }

    func add(_ request: FoodLog.Add.Request) async -> SceneOutcome {
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
        presenter?.presentAdded(.init(result: result, file: store.url, now: request.now))
        return Self.outcome(of: result)
    }

    func remove(_ request: FoodLog.Remove.Request) async -> SceneOutcome {
        let result: Result<FoodLogChange, FoodLog.Failure>
        do {
            result = .success(try await store.remove(number: request.number))
        } catch {
            result = .failure(.log(error))
        }
        presenter?.presentRemoved(.init(result: result, file: store.url, now: request.now))
        return Self.outcome(of: result)
    }

    /// The entries are read as they are drawn: a failure to read one, met while drawing, is
    /// the outcome too (`Reading`).
    func list(_ request: FoodLog.List.Request) -> SceneOutcome {
        let listing = Result { () throws(FoodLogError) in try store.listing(wants: request.filter.wants, at: request.now) }
        let reading = FoodLog.List.Reading()
        presenter?.presentList(
            .init(result: listing, filter: request.filter, file: store.url, now: request.now, reading: reading))
        switch listing {
        case .failure(let error): return .logFailed(error)
        case .success(let listing):
            if let failure = reading.failure { return .logFailed(failure) }
            return listing.isEmpty ? .nothingFound : .shown
        }
    }

    /// Keeps the shops the filter takes that have a position, each once, for the router: those
    /// of one group of places (`PlaceGroups`), the one --near names or else the largest.
    func showMap(_ request: FoodLog.ShowMap.Request) -> SceneOutcome {
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
        let nearMatchedNothing = chosen == nil && !placed.isEmpty ? request.near : nil
        presenter?.presentMap(
            .init(
                result: read.map { _ in
                    .init(
                        shops: shops, unplaced: unique.count - placed.count, refreshable: refreshable, elsewhere: groups)
                },
                nearMatchedNothing: nearMatchedNothing,
                unreadableLines: (try? read.get())?.unreadableLines ?? [],
                unreadableCount: (try? read.get())?.unreadableCount ?? 0, filter: request.filter, file: store.url))
        if case .failure(let error) = read { return .logFailed(error) }
        if nearMatchedNothing != nil { return .refused }
        return shops.isEmpty ? .nothingFound : .shown
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
