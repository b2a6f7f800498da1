import Foundation

/// One line of the food log: a shop the user ate at (on `date`) or wants to go to (`want`),
/// with their note and rating, and enough of the shop to show it without asking the service.
///
/// Written as one JSON object per line with snake_case keys (the README documents each):
/// `number`, `date` (absent for a want), `want`, `note`, `rating`, `written_at` and `shop`.
public struct FoodLogEntry: Sendable, Equatable, Codable {
    /// The entry's number, given by the store when it is added and never changed: what
    /// `log remove` takes.
    public var number: Int
    /// The day the user ate there; nil for a shop they want to go to.
    public var date: CivilDate?
    public var note: String?
    /// 1 to 5 stars, the user's own; nil when not rated.
    public var rating: Int?
    /// When the entry was added.
    public var writtenAt: Date
    public var shop: Shop

    /// "Want to go": the user has not been yet.
    public var want: Bool { date == nil }

    public static let ratings = 1...5
    /// The numbers an entry may have: more than any log will reach, and far enough from
    /// `Int.max` that the next number (one more than the highest) is always an Int. A line
    /// numbered outside (a hand edit) is not an entry, and is kept as it is.
    public static let numbers = 1...999_999_999
    /// The earliest day a meal may be logged on: every service's places are of this century, so
    /// a day before it is a typo (1900 for 2000), not a meal one of them could stand for.
    public static let earliestDate = CivilDate(year: 2000, month: 1, day: 1)

    public init(number: Int = 0, date: CivilDate?, note: String?, rating: Int?, writtenAt: Date, shop: Shop) {
        self.number = number; self.date = date; self.note = note; self.rating = rating
        self.writtenAt = writtenAt; self.shop = shop
    }

    /// One service's id of a shop: what `log check` asks that service about.
    public struct SourceID: Sendable, Hashable, Codable {
        public var provider: Provider
        public var id: String
        public init(provider: Provider, id: String) { self.provider = provider; self.id = id }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case provider, id
        }
    }

    /// What the log keeps of a shop: who describes it, its id there, and what a list and a map
    /// show. A service whose terms let foodlogger keep only ids (`Provider.mayKeepContent`) has
    /// its shops kept as ids: the rest is empty and nil, but for the name and position where the
    /// service lets them be kept for a while (`nameAndPositionKeptFor`, Google's 30 days), kept
    /// with the day they lapse (`keptUntil`). A merged place (several services) keeps its content
    /// only when every one of its services lets it, and every service's id always.
    public struct Shop: Sendable, Equatable, Codable {
        public var provider: Provider
        public var id: String
        /// Every service's id of a merged place (`provider`/`id`'s among them), in the order the
        /// services were asked; empty for a place one service alone described. Written as the
        /// line's `sources` key only when there is more than one.
        public var sources: [SourceID]
        public var name: String
        public var genre: String
        public var coordinate: Coordinate?
        public var address: String
        /// The shop's page at its service; "" when it has none.
        public var url: String
        /// Until when the service's terms let the log keep `name` and `coordinate` (written
        /// `kept_until`); nil where they may be kept for good, or none was kept. Past it they are
        /// not shown (`shown(at:)`), and `log check` renews them (`refreshed(from:at:)`).
        public var keptUntil: Date?

        public init(
            provider: Provider, id: String, name: String = "", genre: String = "", coordinate: Coordinate? = nil,
            address: String = "", url: String = "", sources: [SourceID] = [], keptUntil: Date? = nil
        ) {
            self.provider = provider; self.id = id; self.name = name; self.genre = genre
            self.coordinate = coordinate; self.address = address; self.url = url
            self.sources = Self.kept(sources, provider: provider, id: id)
            self.keptUntil = keptUntil
        }

        /// The shop as the log keeps it when written at `now`: what its services' terms let be kept.
        public init(_ restaurant: Restaurant, at now: Date) {
            let sources = (restaurant.sources ?? []).map { SourceID(provider: $0.provider, id: $0.id) }
            // A merged record may hold any of its services' texts: kept only when all allow it.
            switch Keeping([restaurant.provider] + sources.map(\.provider)) {
            case .everything:
                self.init(
                    provider: restaurant.provider, id: restaurant.id, name: restaurant.name, genre: restaurant.genre.name,
                    coordinate: restaurant.coordinate, address: restaurant.address, url: restaurant.urls.shop,
                    sources: sources)
            case .nameAndPosition(let kept):
                self.init(
                    provider: restaurant.provider, id: restaurant.id, name: restaurant.name,
                    coordinate: restaurant.coordinate, sources: sources, keptUntil: Self.until(now, kept))
            case .ids:
                self.init(provider: restaurant.provider, id: restaurant.id, sources: sources)
            }
        }

        /// What the terms of a place's services (all of them, for a merged place) let the log keep.
        enum Keeping: Equatable {
            case everything
            /// The name and position, for this long (the shortest of the services' whiles).
            case nameAndPosition(for: TimeInterval)
            case ids

            init(_ providers: [Provider]) {
                let restricted = providers.filter { !$0.mayKeepContent }
                let whiles = restricted.compactMap(\.nameAndPositionKeptFor)
                if restricted.isEmpty {
                    self = .everything
                } else if whiles.count == restricted.count, let shortest = whiles.min() {
                    self = .nameAndPosition(for: shortest)
                } else {
                    self = .ids
                }
            }
        }

        /// `now` and `kept` later, to the second before: the line keeps whole seconds, so the
        /// shop just written and the shop read back are the same.
        static func until(_ now: Date, _ kept: TimeInterval) -> Date {
            Date(timeIntervalSince1970: (now.timeIntervalSince1970 + kept).rounded(.down))
        }

        /// Whether the name and position were kept for a while that is over at `now`.
        public func lapsed(at now: Date) -> Bool { keptUntil.map { now >= $0 } ?? false }

        /// The shop as lists, cards and maps may show it at `now`: its ids alone once the while
        /// its name and position were kept for is over.
        public func shown(at now: Date) -> Shop {
            lapsed(at: now) ? Shop(provider: provider, id: id, sources: sources, keptUntil: keptUntil) : self
        }

        /// Whether `log check` would bring back a name and position the log shows none of at
        /// `now`: kept for a while now over, or (a line written before they were kept) never kept
        /// where the services let them be.
        public func wantsRefresh(at now: Date) -> Bool {
            // Most shops have a name and no while: told without asking their services' terms.
            guard keptUntil != nil || (name.isEmpty && coordinate == nil) else { return false }
            return renewable && (lapsed(at: now) || keptUntil == nil)
        }

        /// Whether its services let the log keep its name and position for a while, which
        /// `log check` renews.
        public var renewable: Bool {
            if case .nameAndPosition = Keeping(ids.map(\.provider)) { true } else { false }
        }

        /// The shop with the name and position its service answers now, kept for the while its
        /// services' terms allow from `now`; nil for a shop whose services let the log keep
        /// everything (nothing to renew) or only ids.
        public func refreshed(from answer: Restaurant, at now: Date) -> Shop? {
            guard case .nameAndPosition(let kept) = Keeping(ids.map(\.provider)) else { return nil }
            var shop = self
            shop.name = answer.name
            shop.coordinate = answer.coordinate
            shop.keptUntil = Self.until(now, kept)
            return shop
        }

        /// Every service's id of the shop, `provider`/`id` first, each once.
        public var ids: [SourceID] {
            var seen: Set<SourceID> = []
            return ([SourceID(provider: provider, id: id)] + sources).filter { seen.insert($0).inserted }
        }

        /// `sources` as the log keeps them: each id once, none when they name only the shop's own.
        static func kept(_ sources: [SourceID], provider: Provider, id: String) -> [SourceID] {
            var seen: Set<SourceID> = []
            let unique = sources.filter { !$0.id.isEmpty && seen.insert($0).inserted }
            return unique.contains { $0 != SourceID(provider: provider, id: id) } ? unique : []
        }

        /// The shop as scenes take one (to draw on a map, to show its card), from what the log
        /// kept; nil when it kept no position.
        public var restaurant: Restaurant? {
            coordinate.map {
                Restaurant(
                    id: id, name: name, genre: .init(code: "", name: genre, catchCopy: ""), coordinate: $0,
                    address: address, hours: .none, urls: .init(shop: url, photo: ""), provider: provider,
                    sources: sources.isEmpty ? nil : sources.map { PlaceSource(provider: $0.provider, id: $0.id) })
            }
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case provider, id, name, genre, lat, lng, address, url, sources
            case keptUntil = "kept_until"
        }

        /// A shop as a line describes it, or nil when the line's is none: no id, an empty id among
        /// `sources`, or a position a hand edit put off the Earth (which would reach the map's
        /// arithmetic). A position is kept only when both its halves are there. Lines written
        /// before merged places have no `sources`: the shop's own id is all; lines written before
        /// names and positions were kept for a while have no `kept_until`: nil.
        init?(
            checking provider: Provider, id: String, name: String?, genre: String?, lat: Double?, lng: Double?,
            address: String?, url: String?, sources: [SourceID]?, keptUntil: Date?
        ) {
            let coordinate = lat.flatMap { lat in lng.map { Coordinate(lat: lat, lng: $0) } }
            let sources = sources ?? []
            guard !id.isEmpty, coordinate?.isOnEarth ?? true, sources.allSatisfy({ !$0.id.isEmpty }) else { return nil }
            self.init(
                provider: provider, id: id, name: name ?? "", genre: genre ?? "", coordinate: coordinate,
                address: address ?? "", url: url ?? "", sources: sources, keptUntil: keptUntil)
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let shop = Shop(
                checking: try container.decode(Provider.self, forKey: .provider),
                id: try container.decode(String.self, forKey: .id),
                name: try container.decodeIfPresent(String.self, forKey: .name),
                genre: try container.decodeIfPresent(String.self, forKey: .genre),
                lat: try container.decodeIfPresent(Double.self, forKey: .lat),
                lng: try container.decodeIfPresent(Double.self, forKey: .lng),
                address: try container.decodeIfPresent(String.self, forKey: .address),
                url: try container.decodeIfPresent(String.self, forKey: .url),
                sources: try container.decodeIfPresent([SourceID].self, forKey: .sources),
                keptUntil: try container.decodeIfPresent(Date.self, forKey: .keptUntil))
            guard let shop else {
                throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.id], debugDescription: "not a shop"))
            }
            self = shop
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(provider, forKey: .provider)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(genre, forKey: .genre)
            try container.encodeIfPresent(coordinate?.lat, forKey: .lat)
            try container.encodeIfPresent(coordinate?.lng, forKey: .lng)
            try container.encode(address, forKey: .address)
            try container.encode(url, forKey: .url)
            if !sources.isEmpty { try container.encode(sources, forKey: .sources) }
            try container.encodeIfPresent(keptUntil, forKey: .keptUntil)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case number, date, want, note, rating, shop
        case writtenAt = "written_at"
    }

    /// An entry as a line describes it, or nil when the line's is none of this version: a
    /// number outside `numbers`, a date not written YYYY-MM-DD, a want with a date (or a visit
    /// without), a rating outside `ratings`.
    init?(checking number: Int, date text: String?, want: Bool, note: String?, rating: Int?, writtenAt: Date, shop: Shop) {
        // The plain form is read first: `CivilDate.init?(_:)` splits the text, a fifth of
        // what listing an entry cost.
        let date = text.flatMap { text in
            var text = text
            return text.withUTF8 { FoodLogLineReader.day(UnsafeRawBufferPointer($0)) } ?? CivilDate(text)
        }
        guard date != nil || text == nil, Self.numbers.contains(number), want == (date == nil),
            rating.map(Self.ratings.contains) ?? true
        else { return nil }
        self.init(number: number, date: date, note: note, rating: rating, writtenAt: writtenAt, shop: shop)
    }

    /// Reads only what this version writes: a line that is not (a rating of 7, a want with a
    /// date) is not an entry, and the store keeps it as it is.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entry = FoodLogEntry(
            checking: try container.decode(Int.self, forKey: .number),
            date: try container.decodeIfPresent(String.self, forKey: .date),
            want: try container.decode(Bool.self, forKey: .want),
            note: try container.decodeIfPresent(String.self, forKey: .note),
            rating: try container.decodeIfPresent(Int.self, forKey: .rating),
            writtenAt: try container.decode(Date.self, forKey: .writtenAt),
            shop: try container.decode(Shop.self, forKey: .shop))
        guard let entry else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.number], debugDescription: "not an entry"))
        }
        self = entry
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encode(want, forKey: .want)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encode(writtenAt, forKey: .writtenAt)
        try container.encode(shop, forKey: .shop)
    }
}

extension FoodLogEntry {
    /// The entry as lists, cards and maps may show it at `now` (`Shop.shown(at:)`).
    public func shown(at now: Date) -> FoodLogEntry {
        var entry = self
        entry.shop = shop.shown(at: now)
        return entry
    }

    /// The meal's day as lists give it, `CivilDate.description`'s text made a digit at a time:
    /// its interpolations cost 2.8 k instructions an entry of a long list.
    public var dateText: String? {
        date.map { date in
            guard (0...9999).contains(date.year) else { return date.description }
            var text: [UInt8] = []
            Self.append(date, to: &text)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// When the entry was written, as the log and lists give it (`2026-11-18T11:06:40Z`): for a
    /// whole second from 1970 to 9999, the text `formatted(.iso8601)` gives, made a digit at a
    /// time (that format style cost 2.6 k instructions an entry); by that style otherwise.
    public var writtenAtText: String { Self.instantText(writtenAt) }

    /// An instant as the log writes it (`written_at`, `kept_until`): `writtenAtText`'s form.
    public static func instantText(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince1970
        guard seconds == seconds.rounded(.down), (0...253_402_300_799).contains(seconds) else {
            return instant.formatted(.iso8601)
        }
        let whole = Int(seconds), time = whole % 86_400
        var text: [UInt8] = []
        text.reserveCapacity(20)
        Self.append(CivilDate(daysSinceEpoch: whole / 86_400), to: &text)
        text.append(UInt8(ascii: "T"))
        Self.append(time / 3_600, digits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.append(time / 60 % 60, digits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.append(time % 60, digits: 2, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    private static func append(_ date: CivilDate, to text: inout [UInt8]) {
        append(date.year, digits: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        append(date.month, digits: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        append(date.day, digits: 2, to: &text)
    }

    /// `value` (not negative, at most `digits` long) with zeros in front.
    private static func append(_ value: Int, digits: Int, to text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
