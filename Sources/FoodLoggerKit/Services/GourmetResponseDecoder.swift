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
            guard let results = try reader.member("results", of: reader.root, at: "") else { throw .missing(path: "results") }
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
                guard let member = ShopMember.named[key] else { continue }
                func field() -> String { path() + "." + key }
                func text() throws(ShapeError) -> String { try reader.text(value, at: field()) ?? "" }
                func nested() throws(ShapeError) -> Nested? { try Nested(value, at: field(), reader) }
                switch member {
                case .id: shop.id = try text()
                case .name: shop.name = try text()
                case .nameKana: shop.nameKana = try text()
                case .catchCopy: shop.catchCopy = try text()
                case .budgetMemo: shop.budgetMemo = try text()
                case .address: shop.address = try text()
                case .stationName: shop.stationName = try text()
                case .access: shop.access = try text()
                case .mobileAccess: shop.mobileAccess = try text()
                case .open: shop.open = try text()
                case .close: shop.close = try text()
                case .logo: shop.urls.logo = try text()
                case .otherMemo: shop.otherMemo = try text()
                case .shopDetailMemo: shop.shopDetailMemo = try text()
                case .wedding: shop.wedding = try text()
                case .lat: lat = try reader.decimal(value, at: field())
                case .lng: lng = try reader.decimal(value, at: field())
                case .capacity: shop.capacity = try reader.integer(value, at: field())
                case .partyCapacity: shop.partyCapacity = try reader.integer(value, at: field())
                case .genre:
                    let genre = try nested()
                    shop.genre = .init(code: genre?.code ?? "", name: genre?.name ?? "", catchCopy: genre?.catchCopy ?? "")
                case .subGenre: shop.subGenre = try nested()?.codeName
                case .budget: shop.budget = try nested().map { .init(code: $0.code, name: $0.name, average: $0.average) }
                case .urls: shop.urls.shop = try nested()?.pc ?? ""
                case .couponURLs:
                    let coupons = try nested()
                    shop.urls.couponPC = coupons?.pc ?? ""
                    shop.urls.couponSP = coupons?.sp ?? ""
                case .photo: shop.urls.photo = try largePhoto(value, at: field(), reader)
                case .largeServiceArea: shop.areas.largeServiceArea = try nested()?.codeName
                case .serviceArea: shop.areas.serviceArea = try nested()?.codeName
                case .largeArea: shop.areas.largeArea = try nested()?.codeName
                case .middleArea: shop.areas.middleArea = try nested()?.codeName
                case .smallArea: shop.areas.smallArea = try nested()?.codeName
                case .amenity(let position): amenities[position] = try reader.text(value, at: field())
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
            guard reader.kind(index) != .null, let pc = try reader.member("pc", of: index, at: path()),
                  reader.kind(pc) != .null, let large = try reader.member("l", of: pc, at: path() + ".pc") else { return "" }
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

    /// The shop members foodlogger keeps, looked up by name: one hash per member instead of
    /// comparing each of a shop's ~60 names with ~50 cases in turn.
    enum ShopMember {
        case id, name, nameKana, catchCopy, budgetMemo, address, stationName, access, mobileAccess, open, close, logo
        case otherMemo, shopDetailMemo, wedding, lat, lng, capacity, partyCapacity, genre, subGenre, budget, urls
        case couponURLs, photo, largeServiceArea, serviceArea, largeArea, middleArea, smallArea
        /// An amenity, by its position in `AmenityKind.allCases`.
        case amenity(Int)

        static let named: [String: ShopMember] = {
            var named: [String: ShopMember] = [
                "id": .id, "name": .name, "name_kana": .nameKana, "catch": .catchCopy, "budget_memo": .budgetMemo,
                "address": .address, "station_name": .stationName, "access": .access, "mobile_access": .mobileAccess,
                "open": .open, "close": .close, "logo_image": .logo, "other_memo": .otherMemo,
                "shop_detail_memo": .shopDetailMemo, "wedding": .wedding, "lat": .lat, "lng": .lng, "capacity": .capacity,
                "party_capacity": .partyCapacity, "genre": .genre, "sub_genre": .subGenre, "budget": .budget, "urls": .urls,
                "coupon_urls": .couponURLs, "photo": .photo, "large_service_area": .largeServiceArea,
                "service_area": .serviceArea, "large_area": .largeArea, "middle_area": .middleArea, "small_area": .smallArea,
            ]
            for (position, kind) in AmenityKind.allCases.enumerated() { named[kind.rawValue] = .amenity(position) }
            return named
        }()
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
    func object(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError)
        -> LazyMapSequence<ParsedJSON.Members, (key: String, value: Int)> {
        guard json.kind(index) == .object else { throw .unexpectedType(path: path()) }
        return json.members(of: index).lazy.map { [json] in (json.string($0.key), $0.value) }
    }

    /// The value of an object's member (the last one, when a name repeats); nil when absent.
    func member(_ name: String, of index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> Int? {
        var found: Int?
        for (key, value) in try object(index, at: path()) where key == name { found = value }
        return found
    }

    /// An array's elements; null reads as no elements, as an absent member does.
    func array(_ index: Int, at path: @autoclosure () -> String) throws(ShapeError) -> [Int] {
        switch json.kind(index) {
        case .array: Array(json.elements(of: index))
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
