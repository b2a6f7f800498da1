import Foundation

/// Turns a gourmet/v1 JSON body into a `RestaurantPage`, accepting every shape real responses
/// take (API.md §3): counters as numbers or strings, lat/lng as numbers or strings, capacity as
/// a number, a numeric string or "", missing sub_genre / photo.mobile / genre.code, `"food": {}`,
/// and errors reported inside an HTTP 200 as `results.error[]`.
public enum GourmetResponseDecoder {
    public static func decode(_ data: Data) throws(HotpepperError) -> RestaurantPage {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch let error as DecodingError {
            throw .unreadableResponse(detail: describe(error))
        } catch {
            throw .unreadableResponse(detail: "not JSON")
        }
        let results = envelope.results
        if let serviceError = results.error?.first {
            throw serviceError.asHotpepperError
        }
        guard let total = results.available else {
            throw .unreadableResponse(detail: "JSON without results.results_available or results.error")
        }
        // Positions are added to and printed; a hostile or broken answer must not overflow them.
        let start = results.start ?? 1
        guard (0...maxPosition).contains(total), (1...maxPosition).contains(start) else {
            throw .unreadableResponse(detail: "results_available \(total) or results_start \(start) out of range")
        }
        let shops = results.shop ?? []
        return RestaurantPage(total: total, start: start, restaurants: shops.map(\.restaurant))
    }

    /// Far beyond any real result count, and far from overflowing when a page is added.
    static let maxPosition = Int(Int32.max)

    /// A decoding failure in a user's words: where in the document, and what was wrong.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.dropFirst(keys.hasPrefix(".") ? 1 : 0))
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not JSON"
        case .dataCorrupted(let context):
            return "unexpected value at \(path(context))"
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing \(parent == "the top level" ? "" : parent + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected type at \(path(context))"
        @unknown default:
            return "unexpected JSON shape"
        }
    }

    struct Envelope: Decodable {
        let results: Results
    }

    struct Results: Decodable {
        let error: [ServiceError]?
        let available: Int?
        let start: Int?
        let shop: [Shop]?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            error = try c.decodeIfPresent([ServiceError].self, forKey: "error")
            available = try c.flexibleInt("results_available")
            start = try c.flexibleInt("results_start")
            shop = try c.decodeIfPresent([Shop].self, forKey: "shop")
        }
    }

    struct ServiceError: Decodable {
        let code: Int
        let message: String

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            code = try c.flexibleInt("code") ?? 0
            message = try c.string("message")
        }

        var asHotpepperError: HotpepperError {
            switch code {
            case 2000: .rejectedKey(message: message)
            case 3000: .invalidRequest(message: message)
            default: .serviceFailure(code: code, message: message)
            }
        }
    }

    struct Shop: Decodable {
        let restaurant: Restaurant

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            let genre = try c.decodeIfPresent(Nested.self, forKey: "genre")
            let budget = try c.decodeIfPresent(Nested.self, forKey: "budget")
            let urls = try c.decodeIfPresent(Nested.self, forKey: "urls")
            let coupons = try c.decodeIfPresent(Nested.self, forKey: "coupon_urls")
            let photo = try c.decodeIfPresent(Photo.self, forKey: "photo")
            guard let lat = try c.flexibleDouble("lat"), let lng = try c.flexibleDouble("lng") else {
                throw DecodingError.keyNotFound(AnyKey("lat"), .init(codingPath: c.codingPath, debugDescription: "a shop without lat/lng"))
            }
            var amenities: [Amenity] = []
            for kind in AmenityKind.allCases {
                if let value = try c.flexibleString(kind.rawValue) { amenities.append(Amenity(kind, value)) }
            }
            restaurant = Restaurant(
                id: try c.string("id"),
                name: try c.string("name"),
                nameKana: try c.string("name_kana"),
                genre: .init(code: genre?.code ?? "", name: genre?.name ?? "", catchCopy: genre?.catchCopy ?? ""),
                subGenre: try c.decodeIfPresent(Nested.self, forKey: "sub_genre")?.codeName,
                catchCopy: try c.string("catch"),
                budget: budget.map { .init(code: $0.code, name: $0.name, average: $0.average) },
                budgetMemo: try c.string("budget_memo"),
                coordinate: Coordinate(lat: lat, lng: lng),
                address: try c.string("address"),
                stationName: try c.string("station_name"),
                access: try c.string("access"),
                mobileAccess: try c.string("mobile_access"),
                open: try c.string("open"),
                close: try c.string("close"),
                capacity: try c.flexibleInt("capacity"),
                partyCapacity: try c.flexibleInt("party_capacity"),
                urls: .init(shop: urls?.pc ?? "", photo: photo?.large ?? "", logo: try c.string("logo_image"),
                            couponPC: coupons?.pc ?? "", couponSP: coupons?.sp ?? ""),
                areas: .init(largeServiceArea: try c.decodeIfPresent(Nested.self, forKey: "large_service_area")?.codeName,
                             serviceArea: try c.decodeIfPresent(Nested.self, forKey: "service_area")?.codeName,
                             largeArea: try c.decodeIfPresent(Nested.self, forKey: "large_area")?.codeName,
                             middleArea: try c.decodeIfPresent(Nested.self, forKey: "middle_area")?.codeName,
                             smallArea: try c.decodeIfPresent(Nested.self, forKey: "small_area")?.codeName),
                amenities: amenities,
                otherMemo: try c.string("other_memo"),
                shopDetailMemo: try c.string("shop_detail_memo"),
                wedding: try c.string("wedding"))
        }
    }

    /// The small objects the API nests (`genre`, `budget`, `urls`, areas…): every member optional.
    struct Nested: Decodable {
        let code, name, catchCopy, average, pc, sp: String

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            code = try c.string("code"); name = try c.string("name"); catchCopy = try c.string("catch")
            average = try c.string("average"); pc = try c.string("pc"); sp = try c.string("sp")
        }

        var codeName: Restaurant.CodeName? {
            code.isEmpty && name.isEmpty ? nil : .init(code: code, name: name)
        }
    }

    /// `photo`: only the large PC picture is kept (`photo.pc.l`); `mobile` may be absent.
    struct Photo: Decodable {
        let large: String

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            guard c.contains("pc"), try !c.decodeNil(forKey: "pc") else { large = ""; return }
            large = try c.nestedContainer(keyedBy: AnyKey.self, forKey: "pc").string("l")
        }
    }
}

/// A coding key made from any string, for reading the API's snake_case fields by name.
struct AnyKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// A string member; "" when absent or null, as the model promises.
    func string(_ key: String) throws -> String {
        try flexibleString(key) ?? ""
    }

    // Each reader asks for the usual type first with one `decodeIfPresent` (absent and null read
    // as nil) and falls back to the other shapes only when that throws: three container calls
    // per member (contains, decodeNil, decode) made decoding twice as slow (BENCHMARKS.md).

    /// A string member that older responses sometimes send as a number (ktai_coupon, capacity).
    func flexibleString(_ key: String) throws -> String? {
        let key = AnyKey(key)
        do {
            return try decodeIfPresent(String.self, forKey: key)
        } catch is DecodingError {
            if let number = try? decode(Int.self, forKey: key) { return String(number) }
            if let number = try? decode(Double.self, forKey: key) { return String(number) }
            throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath + [key], debugDescription: "expected text"))
        }
    }

    /// An integer sent as a number, a numeric string, or "" (meaning none).
    func flexibleInt(_ key: String) throws -> Int? {
        let key = AnyKey(key)
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch is DecodingError {
            if let text = try? decode(String.self, forKey: key) {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { return nil }
                if let number = Int(trimmed) { return number }
            }
            throw DecodingError.typeMismatch(Int.self, .init(codingPath: codingPath + [key], debugDescription: "expected an integer"))
        }
    }

    /// A decimal sent as a number or a numeric string (lat/lng in older responses).
    func flexibleDouble(_ key: String) throws -> Double? {
        let key = AnyKey(key)
        do {
            let number = try decodeIfPresent(Double.self, forKey: key)
            if number?.isFinite ?? true { return number }
        } catch is DecodingError {
            if let text = try? decode(String.self, forKey: key), let number = Double(text.trimmingCharacters(in: .whitespaces)),
               number.isFinite {
                return number
            }
        }
        throw DecodingError.typeMismatch(Double.self, .init(codingPath: codingPath + [key], debugDescription: "expected a number"))
    }
}
