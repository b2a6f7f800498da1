import Foundation

/// What `log check` found of one logged place at one of its services: closed for good, closed
/// for now, or moved, and which service said so.
public struct TradingFinding: Sendable, Equatable {
    public enum Signal: Sendable, Equatable {
        /// The service says the place closed for good, or no longer answers its id.
        case closedForGood
        case closedForNow
        /// The service places it `metres` from where the log kept it.
        case moved(metres: Int)
    }

    /// Why: the service's own word (a business status, a lifecycle tag, read where its answer
    /// is decoded), its silence (the id is no longer answered), or the place's new position.
    public enum Evidence: Sendable, Equatable {
        case status(Restaurant.BusinessStatus)
        case notAnswered
        case position(Coordinate)
    }

    public var entry: FoodLogEntry
    public var source: FoodLogEntry.SourceID
    public var signal: Signal
    public var evidence: Evidence
    /// The place's name as the service gives it now, for an entry that kept none (Google's);
    /// nil when the service did not answer.
    public var answeredName: String?

    public init(
        entry: FoodLogEntry, source: FoodLogEntry.SourceID, signal: Signal, evidence: Evidence, answeredName: String? = nil
    ) {
        self.entry = entry; self.source = source; self.signal = signal; self.evidence = evidence
        self.answeredName = answeredName
    }

    /// Closed for good or for now: what makes `log check` exit 1. A move alone does not.
    public var closed: Bool {
        if case .moved = signal { return false }
        return true
    }
}

/// What a `log check` found: the places checked, the findings, and the services that could not
/// be asked (with why, and how many of the log's places they hold).
public struct TradingReport: Sendable, Equatable {
    public struct Unasked: Sendable, Equatable {
        public var provider: Provider
        public var error: ServiceError
        /// The logged places whose ids at this service went unchecked.
        public var places: Int
        public init(provider: Provider, error: ServiceError, places: Int) {
            self.provider = provider; self.error = error; self.places = places
        }
    }

    /// The logged places at least one of whose services answered (each once, however many
    /// times it was logged or services it has).
    public var checked: Int
    public var findings: [TradingFinding]
    public var unasked: [Unasked]
    /// How many ids each service that answered was asked about, in `Provider.allCases` order.
    public var asked: [Asked]

    public struct Asked: Sendable, Equatable {
        public var provider: Provider
        public var ids: Int
        public init(provider: Provider, ids: Int) { self.provider = provider; self.ids = ids }
    }

    public init(checked: Int, findings: [TradingFinding], unasked: [Unasked], asked: [Asked] = []) {
        self.checked = checked; self.findings = findings; self.unasked = unasked; self.asked = asked
    }
}

/// What the FoodLog scene asks to check the log's places; a protocol so tests can seat a spy.
public protocol TradingChecking: Sendable {
    func check(_ entries: [FoodLogEntry]) async -> TradingReport
}

/// Asks each service of the logged places, by id and in batches (`HotpepperWorking.lookupRestaurants`),
/// whether they still trade, and compares each answer with what the log kept. Each place is
/// asked of every service the log has an id of; a service that cannot be made (no key) or does
/// not answer is reported, and the other services' findings still stand.
public struct TradingCheckWorker: TradingChecking {
    /// A place answered this far from where the log kept it has moved; nearer is the same door
    /// given a little differently.
    public static let movedMetres = 100.0

    /// The worker that looks places up at a service; throws when the service cannot be asked
    /// at all (no key). Called once per service the log names, and only for those.
    let workers: @Sendable (Provider) throws(ServiceError) -> any HotpepperWorking

    public init(workers: @escaping @Sendable (Provider) throws(ServiceError) -> any HotpepperWorking) {
        self.workers = workers
    }

    public func check(_ entries: [FoodLogEntry]) async -> TradingReport {
        // Each logged place once (a place visited thrice is asked about once).
        var seenPlaces: Set<[FoodLogEntry.SourceID]> = []
        let places = entries.filter { seenPlaces.insert($0.shop.ids).inserted }
        var idsByProvider: [Provider: [String]] = [:]
        var seenIDs: Set<FoodLogEntry.SourceID> = []
        for source in places.flatMap(\.shop.ids) where seenIDs.insert(source).inserted {
            idsByProvider[source.provider, default: []].append(source.id)
        }
        var answered: [FoodLogEntry.SourceID: Restaurant] = [:]
        var unasked: [Provider: ServiceError] = [:]
        var asked: [TradingReport.Asked] = []
        // The services are asked at once: the check takes as long as the slowest, not the sum.
        let workers = workers
        let answers = await withTaskGroup(of: (Provider, Result<RestaurantPage, ServiceError>).self) { group in
            for (provider, ids) in idsByProvider {
                group.addTask {
                    do throws(ServiceError) {
                        return (provider, .success(try await workers(provider).lookupRestaurants(ids: ids)))
                    } catch {
                        return (provider, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [Provider: Result<RestaurantPage, ServiceError>]()) { $0[$1.0] = $1.1 }
        }
        for provider in Provider.allCases {
            guard let ids = idsByProvider[provider], let answer = answers[provider] else { continue }
            switch answer {
            case .success(let page):
                for place in page.restaurants { answered[.init(provider: provider, id: place.id)] = place }
                asked.append(.init(provider: provider, ids: ids.count))
            case .failure(let error):
                unasked[provider] = error
            }
        }
        var findings: [TradingFinding] = []
        for entry in places {
            for source in entry.shop.ids where unasked[source.provider] == nil {
                if let finding = Self.finding(entry, source, answered[source]) { findings.append(finding) }
            }
        }
        let unaskedList = Provider.allCases.compactMap { provider in
            unasked[provider].map { error in
                TradingReport.Unasked(
                    provider: provider, error: error,
                    places: places.count { $0.shop.ids.contains { $0.provider == provider } })
            }
        }
        // A place counts as checked when at least one of its services answered.
        let checked = places.count { $0.shop.ids.contains { unasked[$0.provider] == nil } }
        return TradingReport(checked: checked, findings: findings, unasked: unaskedList, asked: asked)
    }

    /// What one service's answer (nil: none) says of one logged place; nil when it still trades
    /// where the log kept it.
    static func finding(_ entry: FoodLogEntry, _ source: FoodLogEntry.SourceID, _ answer: Restaurant?) -> TradingFinding? {
        guard let answer else {
            return TradingFinding(entry: entry, source: source, signal: .closedForGood, evidence: .notAnswered)
        }
        switch answer.businessStatus {
        case .closedPermanently?:
            return TradingFinding(
                entry: entry, source: source, signal: .closedForGood, evidence: .status(.closedPermanently),
                answeredName: answer.name)
        case .closedTemporarily?:
            return TradingFinding(
                entry: entry, source: source, signal: .closedForNow, evidence: .status(.closedTemporarily),
                answeredName: answer.name)
        case .operational?, nil:
            guard let kept = entry.shop.coordinate else { return nil }
            let metres = kept.distance(to: answer.coordinate)
            guard metres > movedMetres else { return nil }
            return TradingFinding(
                entry: entry, source: source, signal: .moved(metres: Int(metres.rounded())),
                evidence: .position(answer.coordinate), answeredName: answer.name)
        }
    }
}
