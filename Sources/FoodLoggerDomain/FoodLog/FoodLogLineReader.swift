import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a food-log line in the plain form foodlogger writes (one JSON object of the keys
/// `FoodLogEntry` writes, each once; strings without `\u` escapes; plain decimal numbers;
/// `written_at` and `kept_until` as `YYYY-MM-DDTHH:MM:SSZ`) in a few thousand instructions, where JSONDecoder
/// takes some 100 k: the whole cost of listing a large log.
///
/// It answers nil for a line in any other form, and never an entry JSONDecoder would read
/// otherwise: the caller then asks JSONDecoder, which has the last word on every line this
/// reader does not take (a hand edit, a later version's keys). The fuzz target
/// `Tests/Fuzz/foodlogline` decodes the same bytes both ways and stops on any difference.
/// The checks of what an entry is are `FoodLogEntry`'s own, shared with its `Decodable` init.
struct FoodLogLineReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The entry `line` holds, or nil when it is not in the plain form or holds no entry.
    static func entry(in line: UnsafeRawBufferPointer) -> FoodLogEntry? {
        // foodlogger writes no control character into a line but its end: a line with one inside
        // is read by JSONDecoder, which knows where JSON allows one (fuzzing found a line the two
        // read differently).
        let end = line.lastIndex { $0 != 0x0A && $0 != 0x0D }.map { $0 + 1 } ?? 0
        guard line.baseAddress != nil, !line[..<end].contains(where: { $0 < 0x20 }) else { return nil }
        var reader = FoodLogLineReader(line)
        guard let entry = reader.entry(), reader.atEnd() else { return nil }
        return entry
    }

    // MARK: the entry and its shop

    private mutating func entry() -> FoodLogEntry? {
        var number: Int?, want: Bool?, writtenAt: Date?, shop: FoodLogEntry.Shop?
        var date: String?, note: String?, rating: Int?
        let read = object(Self.entryKeys) { reader, key in
            switch key {
            case .number: number = reader.integer(); return number != nil
            case .date: return reader.nullable(&date) { $0.string() }
            case .want: want = reader.bool(); return want != nil
            case .note: return reader.nullable(&note) { $0.string() }
            case .rating: return reader.nullable(&rating) { $0.integer() }
            case .writtenAt: writtenAt = reader.plainString().flatMap(Self.instant); return writtenAt != nil
            case .shop: shop = reader.shop(); return shop != nil
            }
        }
        guard read, let number, let want, let writtenAt, let shop else { return nil }
        return FoodLogEntry(
            checking: number, date: date, want: want, note: note, rating: rating, writtenAt: writtenAt, shop: shop)
    }

    private mutating func shop() -> FoodLogEntry.Shop? {
        var provider: Provider?, id: String?, sources: [FoodLogEntry.SourceID]?
        var name: String?, genre: String?, address: String?, url: String?, lat: Double?, lng: Double?
        var keptUntil: Date?
        let read = object(Self.shopKeys) { reader, key in
            switch key {
            case .provider: provider = reader.provider(); return provider != nil
            case .id: id = reader.string(); return id != nil
            case .name: return reader.nullable(&name) { $0.string() }
            case .genre: return reader.nullable(&genre) { $0.string() }
            case .lat: return reader.nullable(&lat) { $0.double() }
            case .lng: return reader.nullable(&lng) { $0.double() }
            case .address: return reader.nullable(&address) { $0.string() }
            case .url: return reader.nullable(&url) { $0.string() }
            case .sources: return reader.nullable(&sources) { $0.sources() }
            case .keptUntil: return reader.nullable(&keptUntil) { $0.plainString().flatMap(Self.instant) }
            }
        }
        guard read, let provider, let id else { return nil }
        return FoodLogEntry.Shop(
            checking: provider, id: id, name: name, genre: genre, lat: lat, lng: lng, address: address, url: url,
            sources: sources, keptUntil: keptUntil)
    }

    private mutating func sources() -> [FoodLogEntry.SourceID]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var sources: [FoodLogEntry.SourceID] = []
        if take(UInt8(ascii: "]")) { return sources }
        repeat {
            var provider: Provider?, id: String?
            let read = object(Self.sourceKeys) { reader, key in
                switch key {
                case .provider: provider = reader.provider(); return provider != nil
                case .id: id = reader.string(); return id != nil
                }
            }
            guard read, let provider, let id else { return nil }
            sources.append(.init(provider: provider, id: id))
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? sources : nil
    }

    private mutating func provider() -> Provider? { string().flatMap(Provider.init(rawValue:)) }

    /// `YYYY-MM-DDTHH:MM:SSZ`, a second that exists, from 1970 on; nil for any other form (a
    /// fraction, an offset), which JSONDecoder reads.
    static func instant(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
            let day = day(UnsafeRawBufferPointer(rebasing: bytes[..<10])), day.year >= 1970,
            let hour = digits(bytes, 11..<13), let minute = digits(bytes, 14..<16), let second = digits(bytes, 17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// `2026-11-24`, a day that exists, as `CivilDate.init?(_:)` reads it; nil for any other
    /// form (which that init may still read).
    static func day(_ bytes: UnsafeRawBufferPointer) -> CivilDate? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = digits(bytes, 0..<4), let month = digits(bytes, 5..<7), let day = digits(bytes, 8..<10),
            (1...12).contains(month), (1...CivilDate.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    private static func digits(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    // MARK: JSON, the plain part of it

    /// A type's coding keys as the bytes a line spells them with: the reader knows the keys the
    /// `Decodable` inits read, and a switch over them, no others.
    private typealias Keys<Key> = [(name: [UInt8], key: Key)]
    private static let entryKeys = keys(FoodLogEntry.CodingKeys.self)
    private static let shopKeys = keys(FoodLogEntry.Shop.CodingKeys.self)
    private static let sourceKeys = keys(FoodLogEntry.SourceID.CodingKeys.self)

    private static func keys<Key: CodingKey & CaseIterable>(_: Key.Type) -> Keys<Key> {
        Key.allCases.map { (Array($0.stringValue.utf8), $0) }
    }

    /// Reads an object, handing each key to `member`, which reads the value and says whether it
    /// could; false when it could not, for a key `keys` does not hold, for one met twice
    /// (JSONDecoder's choice between them is its own), or when the object is not one.
    private mutating func object<Key>(_ keys: Keys<Key>, _ member: (inout Self, Key) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        var seen: UInt64 = 0
        repeat {
            guard let name = key(), take(UInt8(ascii: ":")),
                let position = keys.firstIndex(where: { matches(name, $0.name) }), seen & 1 << position == 0,
                member(&self, keys[position].key)
            else { return false }
            seen |= 1 << position
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// A key's bytes: a string without escapes (a key with one is no key this reader knows).
    private mutating func key() -> Range<Int>? {
        guard openQuote() else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        return start..<(index - 1)
    }

    private func matches(_ key: Range<Int>, _ name: [UInt8]) -> Bool {
        key.count == name.count
            && name.withUnsafeBytes { memcmp(bytes.baseAddress! + key.lowerBound, $0.baseAddress!, key.count) == 0 }
    }

    /// `null`, which leaves `value` nil (as `decodeIfPresent` reads it), or what `read` reads.
    private mutating func nullable<T>(_ value: inout T?, _ read: (inout Self) -> T?) -> Bool {
        if take(literal: "null") { return true }
        value = read(&self)
        return value != nil
    }

    /// A string's text: nil for one with a `\u` escape, a control character or bytes that are
    /// not UTF-8.
    private mutating func string() -> String? {
        guard let (raw, escaped, ascii) = stringBytes() else { return nil }
        if escaped { return Self.unescaped(raw) }
        // ASCII alone needs no check: `String(decoding:)` would repair what is not UTF-8.
        return ascii ? String(decoding: raw, as: UTF8.self) : Self.text(raw)
    }

    /// A string's bytes when it has no escape (`written_at` and `kept_until`, read from them).
    private mutating func plainString() -> UnsafeRawBufferPointer? {
        guard let (raw, escaped, _) = stringBytes(), !escaped else { return nil }
        return raw
    }

    /// The bytes between a string's quotes, whether it has escapes and whether it is ASCII;
    /// nil when it holds a control character or has no end.
    private mutating func stringBytes() -> (UnsafeRawBufferPointer, escaped: Bool, ascii: Bool)? {
        guard openQuote() else { return nil }
        let start = index
        var escaped = false, high: UInt8 = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            } else if byte < 0x20 {
                return nil
            }
            high |= byte
            index += 1
        }
        guard index < bytes.count else { return nil }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return (raw, escaped, high < 0x80)
    }

    /// The bytes as a String when they are UTF-8, nil when they are not: checked once, where
    /// `String(validating:)` took ten times as long (its generic path).
    private static func text(_ raw: UnsafeRawBufferPointer) -> String? {
        guard let text = try? UTF8Span(validating: raw.assumingMemoryBound(to: UInt8.self).span) else { return nil }
        return String(copying: text)
    }

    /// The text of a string with escapes, when each is one of the short ones.
    private static func unescaped(_ raw: UnsafeRawBufferPointer) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "\\") else {
                text.append(raw[index])
                index += 1
                continue
            }
            switch raw[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(raw[index + 1])
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            default: return nil
            }
            index += 2
        }
        return text.withUnsafeBytes(Self.text)
    }

    /// Digits without a sign, a leading zero, a fraction or an exponent, at most 18 of them.
    private mutating func integer() -> Int? {
        let start = index
        var value = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 18 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        guard index > start, bytes[start] != 0x30 || index - start == 1, !endsNumberBadly() else { return nil }
        return value
    }

    /// `-12.5`: an optional minus, digits (no leading zero) and an optional fraction; no
    /// exponent, at most 24 characters. Both this and JSONDecoder round the text correctly.
    private mutating func double() -> Double? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        skipDigits()
        guard index > integerStart, bytes[integerStart] != 0x30 || index - integerStart == 1 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            skipDigits()
            guard index > fractionStart else { return nil }
        }
        guard index - start <= 24, !endsNumberBadly() else { return nil }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        return Self.exactly(text) ?? Double(String(decoding: text, as: UTF8.self))
    }

    /// Powers of ten a Double holds exactly.
    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// `-12.5` read without making a String, when its digits make an integer of at most 2^53
    /// and it has at most 22 decimals: that integer and the power of ten are exact Doubles, so
    /// one division rounds the text's value once and correctly, as `Double(_:)` does (Clinger's
    /// fast path). nil for other texts.
    private static func exactly(_ text: UnsafeRawBufferPointer) -> Double? {
        var digits = 0, decimals = 0, seenPoint = false, value = 0
        for byte in text where byte != UInt8(ascii: "-") {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            digits += 1
            if seenPoint { decimals += 1 }
            guard digits <= 16 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        guard value <= 1 << 53, decimals < powersOfTen.count else { return nil }
        let magnitude = Double(value) / powersOfTen[decimals]
        return text.first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    private mutating func skipDigits() {
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    }

    /// A number must end where a member or an element does: a digit, point or exponent
    /// straight after is a form this reader leaves to JSONDecoder.
    private func endsNumberBadly() -> Bool {
        index >= bytes.count || (0x30...0x39).contains(bytes[index]) || ".eE".utf8.contains(bytes[index])
    }

    private mutating func bool() -> Bool? {
        if take(literal: "true") { return true }
        if take(literal: "false") { return false }
        return nil
    }

    /// Skips white space, then takes `byte` if it comes next.
    /// A string's opening quote, after any space before it, never after it: that space is the
    /// string's own (`take` skipped it, and read `" provider"` as `"provider"`, found by fuzzing).
    private mutating func openQuote() -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        skipSpace()
        return true
    }

    private mutating func take(literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else {
            return false
        }
        index += count
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    /// Nothing but white space after the object.
    private mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }
}
