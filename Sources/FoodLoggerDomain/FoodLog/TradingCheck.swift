import Foundation

/// What `log check` found of one logged place at one of its services: closed for good, closed
/// for now, moved, or an id the service no longer knows, and what the service said.
public struct TradingFinding: Sendable, Equatable {
    public enum Signal: Sendable, Equatable {
        /// The service says the place closed for good, or no longer lists its id.
        case closedForGood
        case closedForNow
        /// The service places it `metres` from where the log kept it.
        case moved(metres: Int)
        /// The service says it does not know the id (Google retires ids): not a closure, but
        /// the place cannot be checked there until it is searched for and logged again.
        case unknownID
    }

    /// Why: the service's own word (a business status, a tag, read where its answer is
    /// decoded), its silence (the id is no longer listed), or the place's new position.
    public enum Evidence: Sendable, Equatable {
        /// The answer's status, with the service's own word for it where its decoder kept one.
        case status(Restaurant.BusinessStatus, said: Restaurant.StatusEvidence?)
        /// The service answered the lookup without the place: it no longer lists it.
        case notListed
        /// The service said it does not know the id.
        case unknownID
        case position(Coordinate)
    }

    /// The place's newest entry.
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

    /// Closed for good or for now: what makes `log check` exit 1. A move or an unknown id does not.
    public var closed: Bool { signal == .closedForGood || signal == .closedForNow }

    /// How strong the signal is, strongest first: a place is summed up under its strongest.
    public var rank: Int {
        switch signal {
        case .closedForGood: 0
        case .closedForNow: 1
        case .moved: 2
        case .unknownID: 3
        }
    }
}

/// What a `log check` found: the places looked at and checked, the findings, and the services
/// that could not be asked (with why, and how many of the log's places went unchecked).
public struct TradingReport: Sendable, Equatable {
    public struct Unasked: Sendable, Equatable {
        public var provider: Provider
        public var error: ServiceError
        /// The logged places with an id at this service that went unchecked there.
        public var places: Int
        public init(provider: Provider, error: ServiceError, places: Int) {
            self.provider = provider; self.error = error; self.places = places
        }
    }

    /// An id in the log that is no id of its service's form (a hand edit: `node/1x`,
    /// `places/../../admin`): never sent, and its place not called closed for it.
    public struct NotAnID: Sendable, Equatable {
        /// The newest entry of the place that holds it.
        public var entry: FoodLogEntry
        public var source: FoodLogEntry.SourceID
        public init(entry: FoodLogEntry, source: FoodLogEntry.SourceID) { self.entry = entry; self.source = source }
    }

    /// The logged places looked at (each once, however many times it was logged or services it has).
    public var places: Int
    /// Of those, the places at least one of whose services answered.
    public var checked: Int
    public var findings: [TradingFinding]
    public var unasked: [Unasked]
    /// The log's ids that are none of their service's, in the log's order (newest first).
    public var notIDs: [NotAnID] = []
    /// The billed requests (by service, `billedLookup`) the check would have sent and was not
    /// allowed to (`TradingCheckWorker.approve`): then nothing at all was sent. Nil when allowed.
    public var unapproved: [Provider: Int]?
    /// What the services answered of the places whose names and positions the log keeps for a
    /// while (`Shop.renewable`), by the id the log keeps (`Shop.source`): what the check writes
    /// back (`FoodLogStoring.refresh`).
    public var answers: [FoodLogEntry.SourceID: Restaurant] = [:]

    public init(
        checked: Int, findings: [TradingFinding], unasked: [Unasked], places: Int? = nil, notIDs: [NotAnID] = [],
        unapproved: [Provider: Int]? = nil
    ) {
        self.places = places ?? checked
        self.checked = checked; self.findings = findings; self.unasked = unasked; self.notIDs = notIDs
        self.unapproved = unapproved
    }

    /// The places not checked: none of their services (of those asked) answered.
    public var notChecked: Int { places - checked }
}

/// What the FoodLog scene asks to check the log's places; a protocol so tests can seat a spy.
public protocol TradingChecking: Sendable {
    func check(_ entries: [FoodLogEntry]) async -> TradingReport
}

/// Asks each service of the logged places, by id and in batches (`HotpepperWorking.lookupKeepingAnswers`),
/// whether they still trade, and compares each answer with what the log kept. Each place is
/// asked of every service the log has an id of (of `only`, when given); a service that cannot
/// be made (no key) or does not answer is reported, and the other services' findings still stand.
/// Each id is first checked against its service's form (`ServiceCapabilities.placeIDs`): one
/// that is none is reported (`TradingReport.notIDs`) and never sent.
public struct TradingCheckWorker: TradingChecking {
    /// A place answered this far from where the log kept it has moved; nearer is the same door
    /// given a little differently.
    public static let movedMetres = 100.0

    /// The worker that looks places up at a service; throws when the service cannot be asked
    /// at all (no key). Called once per service the log names, and only for those.
    let workers: @Sendable (Provider) throws(ServiceError) -> any HotpepperWorking
    /// The services to ask; nil for every one the log names.
    let only: Set<Provider>?
    /// Told, before any request is sent, how many billed requests (`billedLookup`) a service
    /// will be sent: once per service per check.
    let announce: (@Sendable (Provider, Int) -> Void)?
    /// Asked, before any request is sent, whether the billed requests (by service) may be sent;
    /// false sends nothing at all (`TradingReport.unapproved`). Nil: they may.
    let approve: (@Sendable ([Provider: Int]) async -> Bool)?

    public init(
        only: Set<Provider>? = nil, announce: (@Sendable (Provider, Int) -> Void)? = nil,
        approve: (@Sendable ([Provider: Int]) async -> Bool)? = nil,
        workers: @escaping @Sendable (Provider) throws(ServiceError) -> any HotpepperWorking
    ) {
        self.workers = workers; self.only = only; self.announce = announce; self.approve = approve
    }

    public func check(_ entries: [FoodLogEntry]) async -> TradingReport {
        // Each logged place once: entries sharing any id are one place.
        let places = FoodLogEntry.places(entries)
        let asked = AskedIDs(places, only: only)
        let idsByProvider = asked.idsByProvider
        // The workers first: a service that cannot be asked (no key) is reported, and its
        // requests, which will never be sent, are neither approved nor announced.
        var made: [Provider: any HotpepperWorking] = [:]
        var failed: [Provider: Result<RestaurantPage, ServiceError>] = [:]
        for provider in idsByProvider.keys {
            do throws(ServiceError) { made[provider] = try workers(provider) } catch { failed[provider] = .failure(error) }
        }
        let billed = idsByProvider.filter { made[$0.key] != nil && $0.key.billedLookup != nil }.mapValues(\.count)
        if !billed.isEmpty, let approve, await !approve(billed) {
            return TradingReport(
                checked: 0, findings: [], unasked: [], places: places.count, notIDs: asked.notIDs, unapproved: billed)
        }
        for provider in Provider.allCases {
            if let requests = billed[provider] { announce?(provider, requests) }
        }
        let answers = await Self.ask(idsByProvider, made).merging(failed) { asked, _ in asked }
        var answered = Answers()
        var unaskedErrors: [Provider: ServiceError] = [:]
        for provider in Provider.allCases {
            guard let ids = idsByProvider[provider], let answer = answers[provider] else { continue }
            switch answer {
            case .success(let page):
                answered.take(page, provider: provider)
                if let first = page.unasked.first { unaskedErrors[provider] = first.error }
            case .failure(let error):
                unaskedErrors[provider] = error
                answered.unasked.formUnion(ids.map { .init(provider: provider, id: $0) })
            }
        }
        var findings: [TradingFinding] = []
        var checked = 0
        for (place, sources) in zip(places, asked.sourcesByPlace) {
            let answeredSources = sources.filter { !answered.unasked.contains($0) }
            if !answeredSources.isEmpty { checked += 1 }
            // Where the log kept a position, the service whose record gave it (each entry's own id).
            var kept: [FoodLogEntry.SourceID: Coordinate] = [:]
            for entry in place {
                if let coordinate = entry.shop.coordinate, let source = asked.canonical[entry.shop.source],
                    kept[source] == nil
                {
                    kept[source] = coordinate
                }
            }
            for source in answeredSources {
                if let finding = answered.finding(place[0], source, kept: kept[source]) { findings.append(finding) }
            }
        }
        let unasked = Provider.allCases.compactMap { provider in
            unaskedErrors[provider].map { error in
                TradingReport.Unasked(
                    provider: provider, error: error,
                    places: asked.sourcesByPlace.count { sources in
                        sources.contains { $0.provider == provider && answered.unasked.contains($0) }
                    })
            }
        }
        var report = TradingReport(
            checked: checked, findings: findings, unasked: unasked, places: places.count, notIDs: asked.notIDs)
        for entry in places.joined() where entry.shop.renewable {
            if let id = asked.canonical[entry.shop.source], let answer = answered.places[id] {
                report.answers[entry.shop.source] = answer
            }
        }
        return report
    }

    /// The ids a check asks about, each checked against its service's form once: every place's
    /// ids as requests carry them (Google's `places/` dropped), and those that are no ids.
    struct AskedIDs {
        /// Each id once, by service, in the log's order.
        var idsByProvider: [Provider: [String]] = [:]
        /// Each place's ids to ask (of the services asked), as requests carry them.
        var sourcesByPlace: [[FoodLogEntry.SourceID]] = []
        /// The log's ids as requests carry them.
        var canonical: [FoodLogEntry.SourceID: FoodLogEntry.SourceID] = [:]
        var notIDs: [TradingReport.NotAnID] = []

        init(_ places: [[FoodLogEntry]], only: Set<Provider>?) {
            var seen: Set<FoodLogEntry.SourceID> = []
            var refused: Set<FoodLogEntry.SourceID> = []
            for place in places {
                var sources: [FoodLogEntry.SourceID] = []
                for source in place.flatMap(\.shop.ids).uniqued() where only?.contains(source.provider) ?? true {
                    guard let id = source.provider.placeIDs.id(source.id) else {
                        if refused.insert(source).inserted { notIDs.append(.init(entry: place[0], source: source)) }
                        continue
                    }
                    let asked = FoodLogEntry.SourceID(provider: source.provider, id: id)
                    canonical[source] = asked
                    if !sources.contains(asked) { sources.append(asked) }
                    if seen.insert(asked).inserted { idsByProvider[source.provider, default: []].append(id) }
                }
                sourcesByPlace.append(sources)
            }
        }
    }

    /// Every service's lookup at once: the check takes as long as the slowest, not the sum.
    private static func ask(
        _ idsByProvider: [Provider: [String]], _ workers: [Provider: any HotpepperWorking]
    ) async -> [Provider: Result<RestaurantPage, ServiceError>] {
        await withTaskGroup(of: (Provider, Result<RestaurantPage, ServiceError>).self) { group in
            for (provider, ids) in idsByProvider {
                guard let worker = workers[provider] else { continue }
                group.addTask {
                    do throws(ServiceError) {
                        let page = try await worker.lookupKeepingAnswers(ids: ids, perRequest: provider.idsPerLookup)
                        return (provider, .success(page))
                    } catch {
                        return (provider, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [Provider: Result<RestaurantPage, ServiceError>]()) { $0[$1.0] = $1.1 }
        }
    }

    /// What the services answered, by the id asked.
    struct Answers {
        var places: [FoodLogEntry.SourceID: Restaurant] = [:]
        /// Answered, but placed off the Earth (`RestaurantPage.dropped`): there, so not closed.
        var unplaceable: Set<FoodLogEntry.SourceID> = []
        var unknown: Set<FoodLogEntry.SourceID> = []
        var unasked: Set<FoodLogEntry.SourceID> = []

        mutating func take(_ page: RestaurantPage, provider: Provider) {
            func source(_ id: String) -> FoodLogEntry.SourceID { .init(provider: provider, id: id) }
            for place in page.restaurants { places[source(place.id)] = place }
            unplaceable.formUnion(page.dropped.map { source($0.id) })
            unknown.formUnion(page.unknownIDs.map(source))
            unasked.formUnion(page.unasked.map { source($0.id) })
        }

        /// What the answer about `source` says of the place; nil when it still trades where the
        /// log kept it (`kept`: the position the log has from this very service).
        func finding(_ entry: FoodLogEntry, _ source: FoodLogEntry.SourceID, kept: Coordinate?) -> TradingFinding? {
            if unknown.contains(source) {
                return TradingFinding(entry: entry, source: source, signal: .unknownID, evidence: .unknownID)
            }
            guard let answer = places[source] else {
                if unplaceable.contains(source) { return nil }
                return TradingFinding(entry: entry, source: source, signal: .closedForGood, evidence: .notListed)
            }
            let said = TradingFinding.Evidence.status
            switch answer.businessStatus {
            case .closedPermanently?:
                return TradingFinding(
                    entry: entry, source: source, signal: .closedForGood,
                    evidence: said(.closedPermanently, answer.statusEvidence), answeredName: answer.name)
            case .closedTemporarily?:
                return TradingFinding(
                    entry: entry, source: source, signal: .closedForNow,
                    evidence: said(.closedTemporarily, answer.statusEvidence), answeredName: answer.name)
            case .operational?, nil:
                guard let kept else { return nil }
                let metres = kept.distance(to: answer.coordinate)
                guard metres > TradingCheckWorker.movedMetres else { return nil }
                return TradingFinding(
                    entry: entry, source: source, signal: .moved(metres: Int(metres.rounded())),
                    evidence: .position(answer.coordinate), answeredName: answer.name)
            }
        }
    }
}

extension FoodLogEntry.Shop {
    /// The shop's own service and id: where the log's name and position came from.
    public var source: FoodLogEntry.SourceID { .init(provider: provider, id: id) }
}
