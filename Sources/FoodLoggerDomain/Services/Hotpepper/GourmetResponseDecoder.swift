import Foundation

/// Turns a gourmet/v1 JSON body into a `RestaurantPage` with Foundation's JSONDecoder, accepting
/// every shape real responses take (API.md §3): counters as numbers or strings, lat/lng as
/// numbers or strings, capacity as a number, a numeric string or "", missing sub_genre /
/// photo.mobile / genre.code, `"food": {}`, null for anything optional, and errors reported
/// inside an HTTP 200 as `results.error[]`. What cannot be read is said with its place in the
/// document ("unexpected type at results.shop[0].lat").
public enum GourmetResponseDecoder {
    public static func decode(_ data: Data) throws(ServiceError) -> RestaurantPage {
        let results = try ReplyDecoding.decode(Body.self, from: data).results
        if let serviceError = results.error?.first {
            throw serviceError.error
        }
        guard let total = results.available?.value ?? nil else {
            throw .unreadableResponse(detail: "JSON without results.results_available or results.error")
        }
        // Positions are added to and printed; a hostile or broken answer must not overflow them.
        let start = results.start?.value ?? nil ?? 1
        guard (0...maxPosition).contains(total), (1...maxPosition).contains(start) else {
            throw .unreadableResponse(detail: "results_available \(total) or results_start \(start) out of range")
        }
        // A shop placed off the Earth ("lat": 1e308, "nan") is left out and named, not the page refused.
        return RestaurantPage(
            total: total, start: start, restaurants: (results.shop ?? []).map(\.restaurant), provider: .hotpepper
        )
        .sanitized()
    }

    /// Far beyond any real result count, and far from overflowing when a page is added.
    static let maxPosition = Int(Int32.max)

    /// A member's name. Every object here is read with this one key type: the runtime looks
    /// up each key type's CodingKey conformance once a run, ≈330 k instructions each.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Body: Decodable {
        var results: Results

        init(from decoder: any Decoder) throws {
            results = try decoder.container(keyedBy: Key.self).decode(Results.self, forKey: Key("results"))
        }
    }

    /// `results`: the members foodlogger uses; unknown members are skipped.
    struct Results: Decodable {
        var error: [ReportedError]?
        var available: LenientInteger?
        var start: LenientInteger?
        var shop: [Shop]?

        init(from decoder: any Decoder) throws {
            let results = try decoder.container(keyedBy: Key.self)
            error = try results.decodeIfPresent([ReportedError].self, forKey: Key("error"))
            available = try results.decodeIfPresent(LenientInteger.self, forKey: Key("results_available"))
            start = try results.decodeIfPresent(LenientInteger.self, forKey: Key("results_start"))
            shop = try results.decodeIfPresent([Shop].self, forKey: Key("shop"))
        }
    }

    /// `{"code": 2000, "message": "…"}`: 2000 is a rejected key, 3000 a rejected request, 1000 a
    /// failure of the service's that asking again may get past. The number goes with the words.
    struct ReportedError: Decodable {
        var code: LenientInteger?
        var message: LenientText?

        init(from decoder: any Decoder) throws {
            let reported = try decoder.container(keyedBy: Key.self)
            code = try reported.decodeIfPresent(LenientInteger.self, forKey: Key("code"))
            message = try reported.decodeIfPresent(LenientText.self, forKey: Key("message"))
        }

        var error: ServiceError {
            let code = code?.value ?? nil ?? 0
            let message = "error \(code): \(message?.value ?? "")"
            return switch code {
            case 2000: .rejectedKey(message: message, service: .hotpepper)
            case 3000: .invalidRequest(message: message, service: .hotpepper)
            default: .serviceFailure(message: message, transient: code == 1000)
            }
        }
    }

    /// One `shop`; every member but lat and lng may be absent or null.
    struct Shop: Decodable {
        let restaurant: Restaurant

        init(from decoder: any Decoder) throws {
            let shop = try decoder.container(keyedBy: Key.self)
            func text(_ name: String) throws -> String { try LenientText.text(in: shop, at: Key(name)) ?? "" }
            func count(_ name: String) throws -> Int? {
                try shop.decodeIfPresent(LenientInteger.self, forKey: Key(name))?.value ?? nil
            }
            func decimal(_ name: String) throws -> Double { try shop.decode(LenientDecimal.self, forKey: Key(name)).value }
            func nested(_ name: String) throws -> Nested? { try shop.decodeIfPresent(Nested.self, forKey: Key(name)) }
            func codeName(_ name: String) throws -> Restaurant.CodeName? { try nested(name)?.codeName }
            let genre = try nested("genre"), coupons = try nested("coupon_urls")
            restaurant = Restaurant(
                id: try text("id"), name: try text("name"),
                genre: .init(code: genre?.code ?? "", name: genre?.name ?? "", catchCopy: genre?.catchCopy ?? ""),
                subGenre: try codeName("sub_genre"), coordinate: Coordinate(lat: try decimal("lat"), lng: try decimal("lng")),
                address: try text("address"), hours: .japaneseText(open: try text("open"), close: try text("close")),
                urls: .init(
                    shop: try nested("urls")?.pc ?? "",
                    photo: try shop.decodeIfPresent(Photo.self, forKey: Key("photo"))?.pc?.l?.value ?? ""),
                // In the API's order; an amenity the shop does not state (absent or null) is left out.
                amenities: try AmenityKind.allCases.compactMap { kind in
                    try LenientText.text(in: shop, at: Key(kind.rawValue)).map { Amenity(kind, $0) }
                },
                provider: .hotpepper, kind: HotpepperKinds.kind(ofGenre: genre?.code ?? ""),
                hotpepper: HotpepperDetails(
                    nameKana: try text("name_kana"), catchCopy: try text("catch"),
                    budget: try nested("budget").map { .init(code: $0.code, name: $0.name, average: $0.average) },
                    budgetMemo: try text("budget_memo"), stationName: try text("station_name"), access: try text("access"),
                    mobileAccess: try text("mobile_access"), capacity: try count("capacity"),
                    partyCapacity: try count("party_capacity"),
                    areas: .init(
                        largeServiceArea: try codeName("large_service_area"), serviceArea: try codeName("service_area"),
                        largeArea: try codeName("large_area"), middleArea: try codeName("middle_area"),
                        smallArea: try codeName("small_area")),
                    otherMemo: try text("other_memo"), shopDetailMemo: try text("shop_detail_memo"),
                    wedding: try text("wedding"), logo: try text("logo_image"), couponPC: coupons?.pc ?? "",
                    couponSP: coupons?.sp ?? ""))
        }
    }

    /// The small objects the API nests (`genre`, `budget`, `urls`, areas…): every member optional.
    struct Nested: Decodable {
        var code = "", name = "", catchCopy = "", average = "", pc = "", sp = ""

        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: Key.self)
            func text(_ name: String) throws -> String { try LenientText.text(in: members, at: Key(name)) ?? "" }
            code = try text("code"); name = try text("name"); catchCopy = try text("catch")
            average = try text("average"); pc = try text("pc"); sp = try text("sp")
        }

        var codeName: Restaurant.CodeName? {
            code.isEmpty && name.isEmpty ? nil : .init(code: code, name: name)
        }
    }

    /// `photo`: only the large PC picture is kept (`photo.pc.l`); `mobile` may be absent.
    struct Photo: Decodable {
        var pc: Sizes?

        init(from decoder: any Decoder) throws {
            pc = try decoder.container(keyedBy: Key.self).decodeIfPresent(Sizes.self, forKey: Key("pc"))
        }

        struct Sizes: Decodable {
            var l: LenientText?

            init(from decoder: any Decoder) throws {
                l = try decoder.container(keyedBy: Key.self).decodeIfPresent(LenientText.self, forKey: Key("l"))
            }
        }
    }
}

/// Values the service writes in more than one way (API.md §6): text that older responses send
/// as a number, integers and decimals sent as numeric strings, "" meaning none.
struct LenientText: Decodable {
    var value: String

    /// The text at `key`, nil when absent or null. A string, as nearly every member is, is read
    /// as `String` directly; only another shape goes through `LenientText`, whose own container
    /// for every member cost the decoder about a third of its work.
    /// An absent or null member is nil at once: asking `LenientText` again for those too took
    /// a generic decode each (≈12 k instructions, 7 a shop).
    static func text<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, at key: Key) throws -> String? {
        do {
            return try container.decodeIfPresent(String.self, forKey: key)
        } catch {
            return try container.decodeIfPresent(LenientText.self, forKey: key)?.value
        }
    }

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            value = text
        } else if let integer = try? single.decode(Int.self) {
            value = String(integer)
        } else if let decimal = try? single.decode(Double.self), decimal.isFinite {
            value = String(decimal)
        } else {
            throw mismatch(String.self, single)
        }
    }
}

/// A number, a numeric string, or "" (none, so `value` is nil); 54.0 is 54, 5.4 no integer at all.
struct LenientInteger: Decodable {
    var value: Int?

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let integer = try? single.decode(Int.self) {
            value = integer
        } else if let decimal = try? single.decode(Double.self), let integer = Int(exactly: decimal) {
            value = integer
        } else if let text = try? single.decode(String.self), let trimmed = Optional(text.trimmingCharacters(in: .whitespaces)),
            trimmed.isEmpty || Int(trimmed) != nil
        {
            value = Int(trimmed)
        } else {
            throw mismatch(Int.self, single)
        }
    }
}

/// A number, or a string holding one (lat/lng in older responses). Not necessarily finite
/// ("nan", "inf"): whether it is a place on the Earth is decided with the whole coordinate.
struct LenientDecimal: Decodable {
    var value: Double

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        let decimal =
            (try? single.decode(Double.self))
            ?? (try? single.decode(String.self)).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard let decimal else { throw mismatch(Double.self, single) }
        value = decimal
    }
}

private func mismatch(_ type: Any.Type, _ single: any SingleValueDecodingContainer) -> DecodingError {
    .typeMismatch(type, .init(codingPath: single.codingPath, debugDescription: "not a \(type)"))
}
