import Foundation

/// Turns an Overpass `[out:json]` answer into shops: every node, way or relation with a name and
/// a position (a node's own, an outline's `center`), in the answer's order, and the region the
/// `area` elements describe. The server's own failures come inside an HTTP 200 as a `remark`
/// beside whatever elements it had found: those are errors, never a short or empty result.
enum OverpassDecoder {
    /// An element that is not what Overpass writes (a centre without `lon`, a negative id, a
    /// tag that is not a string) is skipped, not the whole answer failed; `log` is told how many.
    /// `language` is the user's (`en`, `ja`): a place with no `name` tag is named in it first.
    /// `lookup`: the answer to a lookup by id, where an element no longer tagged as a place to
    /// eat, live or under a lifecycle prefix, is a place that closed (`StatusEvidence.retagged`).
    static func decode(
        _ data: Data, language: String = "en", lookup: Bool = false, log: (@Sendable (String) -> Void)? = nil
    ) throws(ServiceError) -> RestaurantPage {
        let body: Body
        do {
            // Bytes that are not UTF-8 become U+FFFD in their text instead of failing the answer.
            body = try JSONDecoder().decode(Body.self, from: Data(String(decoding: data, as: UTF8.self).utf8))
        } catch let error as DecodingError {
            throw .unreadableResponse(detail: ReplyDecoding.detail(error))
        } catch {
            throw .unreadableResponse(detail: "not JSON")
        }
        if let remark = body.remark, failureWords.contains(where: { remark.range(of: $0, options: .caseInsensitive) != nil }) {
            throw .queryFailed(remark: remark)
        }
        guard let readable = body.elements else { throw .unreadableResponse(detail: "JSON without elements or remark") }
        let elements = readable.compactMap(\.element)
        if elements.count < readable.count {
            log?(
                "skipped \(readable.count - elements.count) of the \(readable.count) elements Overpass sent: not readable as OSM elements"
            )
        }
        // A shop placed off the Earth is left out and named, not the answer refused; the total
        // counts what can be shown, as the pages are cut from those.
        let places = elements.filter { $0.type != "area" }
        let restaurants = places.compactMap { $0.restaurant(language: language, lookup: lookup) }
        if restaurants.count < places.count {
            log?("left out \(places.count - restaurants.count) of \(places.count) places: no name in any form, or no position")
        }
        let region = region(elements, near: restaurants.first?.coordinate)
        if let subdivision = region?.subdivision, let country = region?.countryCode,
            !HolidayCalendar.knowsRegion(of: subdivision)
        {
            log?(
                "holidays: \(subdivision) is a region the holiday rules do not know; \(country)'s are used "
                    + "(a day its regions keep differently stays unknown)")
        }
        var page = RestaurantPage(total: 0, start: 1, restaurants: restaurants, region: region, provider: .osm)
            .sanitized()
        page.total = page.restaurants.count
        return page
    }

    /// What Overpass's remarks say when the query did not run to its end.
    static let failureWords = ["runtime error", "timed out"]

    /// The clock of the narrowest area that names one (the highest `admin_level`: a province
    /// may keep its own zone inside a country of several), the country's alpha-2 code and its
    /// widest ISO 3166-2 subdivision (the state, `GB-SCT`: where regional holidays are set).
    /// Where the areas name no country or no clock, `coordinate` (a place of the answer) finds
    /// them (`ZoneMap`).
    static func region(_ elements: [Element], near coordinate: Coordinate?) -> RestaurantPage.Region? {
        let areas = elements.filter { $0.type == "area" }.compactMap(\.tags)
            .sorted { Int($0["admin_level"] ?? "") ?? 0 > Int($1["admin_level"] ?? "") ?? 0 }
        let tagged = areas.lazy.compactMap { $0["ISO3166-1"] ?? $0["ISO3166-1:alpha2"] }
            .first { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }?.uppercased()
        let located = tagged == nil ? coordinate.flatMap(ZoneMap.locate) : nil
        let country = tagged ?? located?.country
        let timeZone =
            areas.lazy.compactMap { $0["timezone"].flatMap(nonEmpty) }.first ?? located?.zone
            ?? country.flatMap { ZoneMap.zone(country: $0, near: coordinate) }
        guard timeZone != nil || country != nil else { return nil }
        let subdivision = country.flatMap { country in
            areas.compactMap { $0["ISO3166-2"]?.uppercased() }.last { $0.hasPrefix(country + "-") && $0.count <= 6 }
        }
        return RestaurantPage.Region(timeZone: timeZone, countryCode: country, subdivision: subdivision)
    }

    struct Body: Decodable {
        var elements: [Readable]?
        var remark: String?
    }

    /// One entry of `elements`: the element, or nil where it cannot be read as one.
    struct Readable: Decodable {
        var element: Element?
        init(from decoder: any Decoder) throws { element = try? Element(from: decoder) }
    }

    /// One element; Overpass writes every tag value as a string. Encodable too: the offline stub
    /// (`OverpassStub`) writes its places in Overpass's own format and reads them back here.
    struct Element: Codable {
        var type: String
        var id: UInt64
        var lat: Double?
        var lon: Double?
        var center: Point?
        var tags: [String: String]?

        struct Point: Codable {
            var lat: Double
            var lon: Double
        }

        init(
            type: String, id: UInt64, lat: Double? = nil, lon: Double? = nil, center: Point? = nil, tags: [String: String]? = nil
        ) {
            self.type = type; self.id = id; self.lat = lat; self.lon = lon; self.center = center; self.tags = tags
        }

        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            type = try members.decode(String.self, forKey: .type)
            id = try members.decode(UInt64.self, forKey: .id)
            lat = try members.decodeIfPresent(Double.self, forKey: .lat)
            lon = try members.decodeIfPresent(Double.self, forKey: .lon)
            center = try members.decodeIfPresent(Point.self, forKey: .center)
            tags = try members.decodeIfPresent(Tags.self, forKey: .tags)?.values
        }

        /// The tags, each value read as a string, into a dictionary sized once: a
        /// `[String: String]` reads each value through JSONDecoder's generic path and grows as it
        /// goes (Hanoi's 826 elements: 46.9 M instructions that way, 32.7 M this one).
        struct Tags: Decodable {
            var values: [String: String]

            init(from decoder: any Decoder) throws {
                let tags = try decoder.container(keyedBy: Key.self)
                let keys = tags.allKeys
                values = Dictionary(minimumCapacity: keys.count)
                for key in keys { values[key.stringValue] = try tags.decode(String.self, forKey: key) }
            }

            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
        }

        /// The shop, or nil for an element no list can show: no name in any form, or no position.
        /// With `lookup`, an element no longer tagged as a place to eat is one that closed.
        func restaurant(language: String, lookup: Bool = false) -> Restaurant? {
            guard type != "area", let tags else { return nil }
            let names = OverpassDecoder.names(tags, language: language)
            let live = tags["amenity"].flatMap(nonEmpty).flatMap { OSMFacts.kinds[$0] }
            // A food place whose tag went under a lifecycle prefix has closed: its kind is the
            // one it had, and its name may have gone the same way.
            let prefixed = live == nil ? OSMFacts.closedKind(tags) : nil
            let evidence: Restaurant.StatusEvidence? =
                if let prefixed { .lifecycleTag(prefixed.tag) } else if live == nil { lookup ? .retagged : nil } else {
                    OSMFacts.closedFlag(tags).map { .lifecycleTag($0) }
                }
            guard
                let name = tags["name"].flatMap(nonEmpty) ?? names.first?.name ?? tags["brand"].flatMap(nonEmpty)
                    ?? tags["operator"].flatMap(nonEmpty)
                    ?? (evidence == nil ? nil : OSMFacts.closedNameKeys.lazy.compactMap { tags[$0].flatMap(nonEmpty) }.first)
                    ?? (evidence == .retagged ? "\(type)/\(self.id)" : nil)
            else { return nil }
            let position = lat.flatMap { lat in lon.map { Coordinate(lat: lat, lng: $0) } }
            guard let coordinate = position ?? center.map({ Coordinate(lat: $0.lat, lng: $0.lon) }) else { return nil }
            let id = "\(type)/\(self.id)"
            let website = tags["website"].flatMap(nonEmpty) ?? tags["contact:website"].flatMap(nonEmpty)
            let others = names.filter { $0.name != name }
            var place = Restaurant(
                id: id, name: name, genre: .init(code: "", name: cuisine(tags["cuisine"]), catchCopy: ""),
                coordinate: coordinate, address: address(tags), hours: .openingHours(tags["opening_hours"].flatMap(nonEmpty)),
                urls: .init(shop: website ?? "https://www.openstreetmap.org/\(id)", photo: ""),
                amenities: amenityKeys.compactMap { kind, key in tags[key].flatMap(nonEmpty).map { Amenity(kind, $0) } },
                provider: .osm,
                businessStatus: evidence == nil ? nil : .closedPermanently, diets: OSMFacts.diets(tags),
                kind: live ?? prefixed?.kind, otherNames: others.isEmpty ? nil : others,
                phone: tags["phone"].flatMap(nonEmpty) ?? tags["contact:phone"].flatMap(nonEmpty), website: website)
            place.statusEvidence = evidence
            return place
        }
    }

    /// The `name:<language>` tags (`name:en`, `name:vi-Latn`), the user's language first, then
    /// English, then the others by code; other `name:…` keys (`name:etymology`) are no names.
    static func names(_ tags: [String: String], language: String) -> [Restaurant.LocalName] {
        let names = tags.compactMap { key, value -> Restaurant.LocalName? in
            guard key.hasPrefix("name:"), let name = nonEmpty(value) else { return nil }
            let code = key.dropFirst(5)
            let base = code.split(separator: "-", maxSplits: 1).first ?? ""
            guard (2...3).contains(base.count), base.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
            return Restaurant.LocalName(language: String(code), name: name)
        }
        func rank(_ name: Restaurant.LocalName) -> Int { name.language == language ? 0 : name.language == "en" ? 1 : 2 }
        return names.sorted { (rank($0), $0.language) < (rank($1), $1.language) }
    }

    /// The OSM keys of the yes/no facts, by the amenity they tell, in `AmenityKind.allCases`
    /// order; their values are kept as OSM writes them (`yes`, `limited`, `wlan`, `outside`).
    static let amenityKeys: [(kind: AmenityKind, key: String)] = [
        (.wifi, "internet_access"), (.barrierFree, "wheelchair"), (.openAir, "outdoor_seating"), (.takeaway, "takeaway"),
        (.delivery, "delivery"), (.smoking, "smoking"),
    ]

    /// `cuisine=barbecue;korean;coffee_shop` as a genre's name: "barbecue, korean, coffee shop".
    static func cuisine(_ value: String?) -> String {
        (value ?? "").split(separator: ";")
            .compactMap { nonEmpty(String($0)) }
            .map { $0.utf8.contains(UInt8(ascii: "_")) ? $0.replacingOccurrences(of: "_", with: " ") : $0 }
            .joined(separator: ", ")
    }

    /// `addr:full` when the mapper wrote one; else the house number and street, then the wider
    /// places from the narrowest, each once (a city is often its province too).
    static func address(_ tags: [String: String]) -> String {
        if let full = tags["addr:full"].flatMap(nonEmpty) { return full }
        let street = streetKeys.compactMap { tags[$0].flatMap(nonEmpty) }.joined(separator: " ")
        var parts: [String] = []
        for part in [street] + widerKeys.compactMap({ tags[$0].flatMap(nonEmpty) }) where !part.isEmpty {
            if !parts.contains(part) { parts.append(part) }
        }
        return parts.joined(separator: ", ")
    }

    static let streetKeys = ["addr:housenumber", "addr:street"]
    static let widerKeys = ["addr:subdistrict", "addr:suburb", "addr:district", "addr:city", "addr:province", "addr:postcode"]

    /// The text without its surrounding spaces (what `CharacterSet.whitespaces` holds on Linux:
    /// the tab, the space separators and the zero-width space), nil when nothing is left. Read
    /// on the scalars: every tag read goes through here, and Foundation's trimming cost several
    /// thousand instructions a call.
    static func nonEmpty(_ text: String) -> String? {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return nil }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }
}
