import Foundation

/// Turns a gourmet/v1 JSON body into a `RestaurantPage`, accepting every shape real responses
/// take (API.md §3): counters as numbers or strings, lat/lng as numbers or strings, capacity as
/// a number, a numeric string or "", missing sub_genre / photo.mobile / genre.code, `"food": {}`,
/// and errors reported inside an HTTP 200 as `results.error[]`.
///
/// It reads a `ParsedJSON` member by member rather than going through JSONDecoder: decoding was
/// the largest part of a search's own time (BENCHMARKS.md).
public enum GourmetResponseDecoder {
    public static func decode(_ data: Data) throws(HotpepperError) -> RestaurantPage {
        let results: Results
        do {
            results = try Results(ShapeReader(data))
        } catch {
            throw .unreadableResponse(detail: error.detail)
        }
        if let serviceError = results.errors.first {
            throw serviceError
        }
        guard let total = results.available else {
            throw .unreadableResponse(detail: "JSON without results.results_available or results.error")
        }
        // Positions are added to and printed; a hostile or broken answer must not overflow them.
        let start = results.start ?? 1
        guard (0...maxPosition).contains(total), (1...maxPosition).contains(start) else {
            throw .unreadableResponse(detail: "results_available \(total) or results_start \(start) out of range")
        }
        return RestaurantPage(total: total, start: start, restaurants: results.shops)
    }

    /// Far beyond any real result count, and far from overflowing when a page is added.
    static let maxPosition = Int(Int32.max)

    /// What was wrong with a body, in a user's words: where in the document, and what.
    enum ShapeError: Error, Equatable {
        case notJSON
        case missing(path: String)
        case unexpectedType(path: String)

        var detail: String {
            switch self {
            case .notJSON: "not JSON"
            case .missing(let path): "missing \(path)"
            case .unexpectedType(let path): "unexpected type at \(path.isEmpty ? "the top level" : path)"
            }
        }
    }

    /// `results`: the members foodlogger uses; unknown members are skipped.
    struct Results {
        var errors: [HotpepperError] = []
        var available: Int?
        var start: Int?
        var shops: [Restaurant] = []

        init(_ reader: ShapeReader) throws(ShapeError) {
            let top = try reader.object(reader.root, at: "")
            guard let results = top.last(where: { $0.key == "results" })?.value else { throw .missing(path: "results") }
            for (key, value) in try reader.object(results, at: "results") {
                switch key {
                case "error":
                    for (position, element) in try reader.array(value, at: "results.error").enumerated() {
                        errors.append(try Self.serviceError(element, at: "results.error[\(position)]", reader))
                    }
                case "results_available": available = try reader.integer(value, at: "results.results_available")
                case "results_start": start = try reader.integer(value, at: "results.results_start")
                case "shop":
                    for (position, element) in try reader.array(value, at: "results.shop").enumerated() {
                        shops.append(try Self.restaurant(element, at: "results.shop[\(position)]", reader))
                    }
                default: continue
                }
            }
        }

        /// `{"code": 2000, "message": "…"}`: 2000 is a rejected key, 3000 a rejected request.
        static func serviceError(_ index: Int, at path: @autoclosure () -> String,
                                 _ reader: ShapeReader) throws(ShapeError) -> HotpepperError {
            var code = 0, message = ""
            for (key, value) in try reader.object(index, at: path()) {
                switch key {
                case "code": code = try reader.integer(value, at: path() + ".code") ?? 0
                case "message": message = try reader.text(value, at: path() + ".message") ?? ""
                default: continue
                }
            }
            return switch code {
            case 2000: .rejectedKey(message: message)
            case 3000: .invalidRequest(message: message)
            default: .serviceFailure(code: code, message: message)
            }
        }

        static func restaurant(_ index: Int, at path: @autoclosure () -> String,
                               _ reader: ShapeReader) throws(ShapeError) -> Restaurant {
            var shop = Restaurant(id: "", name: "", genre: .init(code: "", name: "", catchCopy: ""),
                                  coordinate: Coordinate(lat: 0, lng: 0), urls: .init(shop: "", photo: ""))
            var lat: Double?, lng: Double?
            var amenities = [String?](repeating: nil, count: AmenityKind.allCases.count) // in the API's order
            for (key, value) in try reader.object(index, at: path()) {
                func field() -> String { path() + "." + key }
                func text() throws(ShapeError) -> String { try reader.text(value, at: field()) ?? "" }
                func nested() throws(ShapeError) -> Nested? { try Nested(value, at: field(), reader) }
                switch key {
                case "id": shop.id = try text()
                case "name": shop.name = try text()
                case "name_kana": shop.nameKana = try text()
                case "catch": shop.catchCopy = try text()
                case "budget_memo": shop.budgetMemo = try text()
                case "address": shop.address = try text()
                case "station_name": shop.stationName = try text()
                case "access": shop.access = try text()
                case "mobile_access": shop.mobileAccess = try text()
                case "open": shop.open = try text()
                case "close": shop.close = try text()
                case "logo_image": shop.urls.logo = try text()
                case "other_memo": shop.otherMemo = try text()
                case "shop_detail_memo": shop.shopDetailMemo = try text()
                case "wedding": shop.wedding = try text()
                case "lat": lat = try reader.decimal(value, at: field())
                case "lng": lng = try reader.decimal(value, at: field())
                case "capacity": shop.capacity = try reader.integer(value, at: field())
                case "party_capacity": shop.partyCapacity = try reader.integer(value, at: field())
                case "genre":
                    let genre = try nested()
                    shop.genre = .init(code: genre?.code ?? "", name: genre?.name ?? "", catchCopy: genre?.catchCopy ?? "")
                case "sub_genre": shop.subGenre = try nested()?.codeName
                case "budget": shop.budget = try nested().map { .init(code: $0.code, name: $0.name, average: $0.average) }
                case "urls": shop.urls.shop = try nested()?.pc ?? ""
                case "coupon_urls":
                    let coupons = try nested()
                    shop.urls.couponPC = coupons?.pc ?? ""
                    shop.urls.couponSP = coupons?.sp ?? ""
                case "photo": shop.urls.photo = try largePhoto(value, at: field(), reader)
                case "large_service_area": shop.areas.largeServiceArea = try nested()?.codeName
                case "service_area": shop.areas.serviceArea = try nested()?.codeName
                case "large_area": shop.areas.largeArea = try nested()?.codeName
                case "middle_area": shop.areas.middleArea = try nested()?.codeName
                case "small_area": shop.areas.smallArea = try nested()?.codeName
                default:
                    guard let position = AmenityKind.allCases.firstIndex(where: { $0.rawValue == key }) else { continue }
                    amenities[position] = try reader.text(value, at: field())
                }
            }
            guard let lat else { throw .missing(path: path() + ".lat") }
            guard let lng else { throw .missing(path: path() + ".lng") }
            shop.coordinate = Coordinate(lat: lat, lng: lng)
            shop.amenities = zip(AmenityKind.allCases, amenities).compactMap { kind, value in value.map { Amenity(kind, $0) } }
            return shop
        }

        /// `photo`: only the large PC picture is kept (`photo.pc.l`); `mobile` may be absent.
        static func largePhoto(_ index: Int, at path: @autoclosure () -> String,
                               _ reader: ShapeReader) throws(ShapeError) -> String {
            guard reader.kind(index) != .null else { return "" }
            guard let pc = try reader.object(index, at: path()).last(where: { $0.key == "pc" })?.value,
                  reader.kind(pc) != .null else { return "" }
            guard let large = try reader.object(pc, at: path() + ".pc").last(where: { $0.key == "l" })?.value else { return "" }
            return try reader.text(large, at: path() + ".pc.l") ?? ""
        }
    }

    /// The small objects the API nests (`genre`, `budget`, `urls`, areas…): every member optional.
    struct Nested {
        var code = "", name = "", catchCopy = "", average = "", pc = "", sp = ""

        /// nil for null, as for an absent member.
        init?(_ index: Int, at path: @autoclosure () -> String, _ reader: ShapeReader) throws(ShapeError) {
            guard reader.kind(index) != .null else { return nil }
            for (key, value) in try reader.object(index, at: path()) {
                func text() throws(ShapeError) -> String { try reader.text(value, at: path() + "." + key) ?? "" }
                switch key {
                case "code": code = try text()
                case "name": name = try text()
                case "catch": catchCopy = try text()
                case "average": average = try text()
                case "pc": pc = try text()
                case "sp": sp = try text()
                default: continue
                }
            }
        }

        var codeName: Restaurant.CodeName? {
            code.isEmpty && name.isEmpty ? nil : .init(code: code, name: name)
        }
    }
}

/// Reads the values of a parsed body the tolerant way API.md asks for. Each reader takes the
/// value's path, built only when it fails, for the error message.
struct ShapeReader {
    typealias ShapeError = GourmetResponseDecoder.ShapeError
    private let json: ParsedJSON
    var root: Int { json.root }

    init(_ data: Data) throws(ShapeError) {
        do { json = try ParsedJSON([UInt8](data)) } catch { throw .notJSON }
    }

    func kind(_ index: Int) -> ParsedJSON.Kind { json.kind(index) }

    /// An object's members with their names, in document order.
    func object(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> [(key: String, value: Int)] {
        guard json.kind(index) == .object else { throw .unexpectedType(path: path()) }
        var members: [(key: String, value: Int)] = []
        for (key, value) in json.members(of: index) {
            members.append((json.string(key), value))
        }
        return members
    }

    /// An array's elements; null reads as no elements, as an absent member does.
    func array(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> [Int] {
        switch json.kind(index) {
        case .array: json.elements(of: index)
        case .null: []
        default: throw .unexpectedType(path: path())
        }
    }

    /// Text that older responses sometimes send as a number (ktai_coupon, capacity); nil for null.
    func text(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> String? {
        switch json.kind(index) {
        case .string, .escapedString: return json.string(index)
        case .null: return nil
        case .number:
            let number = json.numberText(index)
            if let integer = Int(number) { return String(integer) }
            if let decimal = Double(number), decimal.isFinite { return String(decimal) }
            throw .unexpectedType(path: path())
        default: throw .unexpectedType(path: path())
        }
    }

    /// An integer sent as a number, a numeric string, or "" (meaning none); nil for null.
    func integer(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> Int? {
        switch json.kind(index) {
        case .null: return nil
        case .number:
            let number = json.numberText(index)
            if let integer = Int(number) { return integer }
            // 54.0 or 5.4e1: an integer written as a decimal, when it is exactly one.
            if let decimal = Double(number), let integer = Int(exactly: decimal) { return integer }
        case .string, .escapedString:
            let trimmed = json.string(index).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if let integer = Int(trimmed) { return integer }
        default: break
        }
        throw .unexpectedType(path: path())
    }

    /// A decimal sent as a number or a numeric string (lat/lng in older responses); nil for null.
    func decimal(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> Double? {
        let number: Double?
        switch json.kind(index) {
        case .null: return nil
        case .number: number = Double(json.numberText(index))
        case .string, .escapedString: number = Double(json.string(index).trimmingCharacters(in: .whitespaces))
        default: number = nil
        }
        guard let number, number.isFinite else { throw .unexpectedType(path: path()) }
        return number
    }
}
