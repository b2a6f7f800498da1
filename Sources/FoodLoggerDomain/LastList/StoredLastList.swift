import Foundation

/// The last list as its file holds it: a first line with the list's facts and every shop's id,
/// then, where the shops are kept whole, one line with each shop's record. A record is read
/// only when its shop is asked for, so `show 3` after a 100-shop search decodes one shop, not a
/// hundred: decoding, not reading the file, is what a whole list cost.
///
/// The lines are JSON documents, and a JSON document written without indentation holds no
/// line break (one inside a string is written `\n`): a line is a record.
public struct StoredLastList: Sendable {
    let header: Header
    /// One per shop when the list keeps them whole (`header.kept`), in the order shown.
    let records: [ArraySlice<UInt8>]
    /// The file's path, to name it when a record turns out not to be one this version wrote.
    let path: String

    /// What the first line holds.
    struct Header: Codable, Equatable {
        var format = Header.currentFormat
        var provider: Provider
        var region: RestaurantPage.Region?
        var center: Coordinate?
        var firstNumber: Int
        var saved: Date
        /// Every shop's id, in the order shown.
        var ids: [String]
        /// Each shop's own service, in the order shown; nil when every shop is the list's
        /// service's (any list but a merged one), which keeps the first line short to read.
        var providers: [Provider]?
        /// Whether a line with each shop's record follows (false: the service's terms keep ids only).
        var kept: Bool

        /// 4: a shop's hours as one value, its texts with the syntax they were read in. (3: the
        /// texts as the shop's own fields; 2: one document, read whole.)
        static let currentFormat = 4

        init(_ list: LastList) {
            provider = list.provider; region = list.region; center = list.center; firstNumber = list.firstNumber
            saved = list.saved
            switch list.shops {
            case .kept(let shops):
                ids = shops.map(\.id)
                providers = shops.allSatisfy { $0.provider == list.provider } ? nil : shops.map(\.provider)
                kept = true
            case .ids(let ids): self.ids = ids; kept = false
            }
        }
    }

    /// The list in `data`, nil when it is no list this version wrote: another format, a count of
    /// records that is not the count of ids, or an implausible value (a start, an id, a centre).
    init?(_ data: Data, path: String) {
        let lines = Self.lines(of: [UInt8](data))
        guard let first = lines.first, let header = try? JSONDecoder().decode(Header.self, from: Data(first)) else {
            return nil
        }
        let records = Array(lines.dropFirst())
        guard header.format == Header.currentFormat, (1...1_000_000).contains(header.firstNumber),
            header.ids.count <= RestaurantQuery.maxLimit, header.providers.map({ $0.count == header.ids.count }) ?? true,
            records.count == (header.kept ? header.ids.count : 0),
            header.ids.allSatisfy({ CacheCheck.isPlausible($0, maxLength: 500) }), header.center?.isOnEarth ?? true
        else { return nil }
        self.header = header
        self.records = records
        self.path = path
    }

    /// The lines, empty ones left out. Found with `firstIndex(of:)`, a plain loop over the bytes:
    /// `split(separator:)` calls a closure for each byte, which cost more than the shop read.
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            if end > start { lines.append(bytes[start..<end]) }
            start = end + 1
        }
        return lines
    }

    public var provider: Provider { header.provider }
    public var region: RestaurantPage.Region? { header.region }
    public var center: Coordinate? { header.center }

    /// The id of the shop shown with this number, and the service that looks it up: in a merged
    /// list, the place's own.
    public func shop(numbered number: Int) throws(LastList.Miss) -> (id: String, provider: Provider) {
        let count = header.ids.count
        let shown = count == 0 ? nil : header.firstNumber...(header.firstNumber + count - 1)
        guard let shown, shown.contains(number) else { throw LastList.Miss(number: number, numbers: shown) }
        return (header.ids[number - header.firstNumber], provider(at: number - header.firstNumber))
    }

    /// The service of the shop at `index`: its own in a merged list, else the list's.
    private func provider(at index: Int) -> Provider { header.providers?[index] ?? header.provider }

    /// The shop with this id as the list kept it, its record read now; nil where the list has no
    /// such shop or holds only its id (a service whose terms keep nothing), which is looked up again.
    public func keptShop(id: String) throws(LastListStore.Failure) -> Restaurant? {
        guard header.kept, let index = header.ids.firstIndex(of: id) else { return nil }
        let shop = try record(index)
        return shop.holdsOnlyItsID ? nil : shop
    }

    /// The whole list, every record read: what a drawing of it needs.
    public func whole() throws(LastListStore.Failure) -> LastList {
        var shops = LastList.Shops.ids(header.ids)
        if header.kept {
            var kept: [Restaurant] = []
            kept.reserveCapacity(records.count)
            for index in records.indices { kept.append(try record(index)) }
            shops = .kept(kept)
        }
        return LastList(
            provider: header.provider, region: header.region, center: header.center, firstNumber: header.firstNumber,
            shops: shops, saved: header.saved)
    }

    /// The record of the shop at `index`: refused when it is not the shop the first line names
    /// there, or a place whose service may keep it lies off the Earth.
    private func record(_ index: Int) throws(LastListStore.Failure) -> Restaurant {
        guard let shop = try? JSONDecoder().decode(Restaurant.self, from: Data(records[index])),
            shop.id == header.ids[index], shop.provider == provider(at: index),
            shop.holdsOnlyItsID || shop.coordinate.isOnEarth
        else { throw .notAList(path: path) }
        return shop
    }
}
