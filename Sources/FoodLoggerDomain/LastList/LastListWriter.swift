import Foundation

/// The last list in the lines `StoredLastList` reads: the first line as `JSONEncoder` writes
/// `StoredLastList.Header`, then each kept shop as `JSONEncoder` writes a `Restaurant` (the keys
/// of its synthesized `Codable`, nil left out), written straight into bytes.
///
/// Why by hand: JSONEncoder spent about 700 k instructions on each shop (70 M of a 225 M
/// 100-shop search, the largest part of it, for a file only `show N` reads); this writes the same
/// records in a small part of that. A place whose hours are periods (Google's, whose model is
/// deep) is left to JSONEncoder. `LastListWriterTests` reads every list back and compares it
/// with the list, and names every stored property this writer knows, so a field added to a
/// place fails there until it is written here too.
enum LastListWriter {
    /// The lines, or nil where the list cannot be written: a number that is not finite, which
    /// JSON cannot hold.
    static func data(_ list: LastList) -> Data? {
        var writer = Writer()
        guard writer.header(StoredLastList.Header(list)) else { return nil }
        if case .kept(let shops) = list.shops {
            for shop in shops {
                writer.newLine()
                let start = writer.bytes.count
                if !writer.restaurant(shop) {
                    guard let record = try? JSONEncoder().encode(shop) else { return nil }
                    writer.rewind(to: start)
                    writer.bytes.append(contentsOf: record)
                }
            }
        }
        writer.newLine()
        return Data(writer.bytes)
    }

    /// The stored properties written, by type, as `Mirror` names them (the test's check).
    static let written: [String: [String]] = [
        "Header": ["format", "provider", "region", "center", "firstNumber", "saved", "ids", "providers", "kept"],
        "Restaurant": [
            "id", "name", "genre", "subGenre", "coordinate", "address", "hours", "urls", "amenities", "provider",
            "rating", "ratingCount", "priceLevel", "businessStatus", "statusEvidence", "diets",
            "invented",
            "kind", "otherNames", "phone", "website", "hotpepper", "sources",
        ],
        "HotpepperDetails": [
            "nameKana", "catchCopy", "budget", "budgetMemo", "stationName", "access", "mobileAccess", "capacity",
            "partyCapacity", "areas", "otherMemo", "shopDetailMemo", "wedding", "logo", "couponPC", "couponSP",
        ],
        // Its reader's part (`reading`, `state`, `closingDaysUnreadable`) is not written: the
        // syntax's reader makes it again from the texts when the list is read back.
        "PlaceHours": [
            "syntax", "open", "close", "openingHours", "periods", "reading", "state", "closingDaysUnreadable",
        ],
        "Region": ["timeZone", "countryCode", "subdivision"], "Coordinate": ["lat", "lng"],
        "Genre": ["code", "name", "catchCopy"],
        "CodeName": ["code", "name"], "Links": ["shop", "photo"], "Amenity": ["kind", "value"],
        "LocalName": ["language", "name"], "PlaceSource": ["provider", "id", "fields", "record"],
        "Budget": ["code", "name", "average"],
        "Areas": ["largeServiceArea", "serviceArea", "largeArea", "middleArea", "smallArea"],
    ]

    private struct Writer {
        var bytes: [UInt8] = []
        /// Whether the object being written has a member yet (a comma goes before the next).
        private var open: [Bool] = []

        init() { bytes.reserveCapacity(64 << 10) }

        mutating func header(_ header: StoredLastList.Header) -> Bool {
            begin()
            key("format"); integer(header.format)
            key("provider"); string(header.provider.rawValue)
            if let region = header.region {
                key("region"); begin()
                optional("timeZone", region.timeZone); optional("countryCode", region.countryCode)
                optional("subdivision", region.subdivision)
                end()
            }
            if let center = header.center {
                key("center")
                guard coordinate(center) else { return false }
            }
            key("firstNumber"); integer(header.firstNumber)
            key("saved")
            guard number(header.saved.timeIntervalSinceReferenceDate) else { return false }
            key("ids"); strings(header.ids)
            if let providers = header.providers { key("providers"); strings(providers.map(\.rawValue)) }
            key("kept"); literal(header.kept ? "true" : "false")
            end()
            return true
        }

        mutating func newLine() { bytes.append(UInt8(ascii: "\n")) }

        /// Back to where a record began, when it is left to JSONEncoder.
        mutating func rewind(to count: Int) {
            bytes.removeSubrange(count...)
            open.removeAll()
        }

        mutating func restaurant(_ shop: Restaurant) -> Bool {
            guard shop.periodHours == nil else { return false }
            begin()
            key("id"); string(shop.id)
            key("name"); string(shop.name)
            key("genre"); begin()
            key("code"); string(shop.genre.code); key("name"); string(shop.genre.name)
            key("catchCopy"); string(shop.genre.catchCopy)
            end()
            if let sub = shop.subGenre { key("subGenre"); codeName(sub) }
            key("coordinate")
            guard coordinate(shop.coordinate) else { return false }
            key("address"); string(shop.address)
            key("hours"); begin()
            key("syntax"); string(shop.hours.syntax.rawValue)
            if !shop.hours.open.isEmpty { key("open"); string(shop.hours.open) }
            if !shop.hours.close.isEmpty { key("close"); string(shop.hours.close) }
            optional("openingHours", shop.hours.openingHours)
            end()
            key("urls"); begin(); key("shop"); string(shop.urls.shop); key("photo"); string(shop.urls.photo); end()
            key("amenities"); bytes.append(UInt8(ascii: "["))
            for (index, amenity) in shop.amenities.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                begin(); key("kind"); string(amenity.kind.rawValue); key("value"); string(amenity.value); end()
            }
            bytes.append(UInt8(ascii: "]"))
            key("provider"); string(shop.provider.rawValue)
            if let rating = shop.rating {
                key("rating")
                guard number(rating) else { return false }
            }
            if let count = shop.ratingCount { key("ratingCount"); integer(count) }
            if let level = shop.priceLevel { key("priceLevel"); integer(level) }
            optional("businessStatus", shop.businessStatus?.rawValue)
            if let evidence = shop.statusEvidence { key("statusEvidence"); statusEvidence(evidence) }
            if let diets = shop.diets { key("diets"); strings(diets.map(\.rawValue)) }
            if let invented = shop.invented { key("invented"); literal(invented ? "true" : "false") }
            optional("kind", shop.kind?.rawValue)
            if let names = shop.otherNames {
                key("otherNames"); bytes.append(UInt8(ascii: "["))
                for (index, name) in names.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    begin(); key("language"); string(name.language); key("name"); string(name.name); end()
                }
                bytes.append(UInt8(ascii: "]"))
            }
            optional("phone", shop.phone)
            optional("website", shop.website)
            if let own = shop.hotpepper { key("hotpepper"); hotpepper(own) }
            if let sources = shop.sources {
                key("sources"); bytes.append(UInt8(ascii: "["))
                for (index, source) in sources.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    begin()
                    key("provider"); string(source.provider.rawValue); key("id"); string(source.id)
                    key("fields"); strings(source.fields)
                    if let record = source.record {
                        key("record")
                        guard restaurant(record) else { return false }
                    }
                    end()
                }
                bytes.append(UInt8(ascii: "]"))
            }
            end()
            return true
        }

        /// As Codable writes an enum with values: `{"status": {"_0": "CLOSED_TEMPORARILY"}}`.
        mutating func statusEvidence(_ evidence: Restaurant.StatusEvidence) {
            begin()
            switch evidence {
            case .status(let value): key("status"); begin(); key("_0"); string(value); end()
            case .lifecycleTag(let tag): key("lifecycleTag"); begin(); key("_0"); string(tag); end()
            case .retagged: key("retagged"); begin(); end()
            }
            end()
        }

        mutating func hotpepper(_ own: HotpepperDetails) {
            begin()
            key("nameKana"); string(own.nameKana)
            key("catchCopy"); string(own.catchCopy)
            if let budget = own.budget {
                key("budget"); begin()
                key("code"); string(budget.code); key("name"); string(budget.name); key("average"); string(budget.average)
                end()
            }
            key("budgetMemo"); string(own.budgetMemo)
            key("stationName"); string(own.stationName)
            key("access"); string(own.access)
            key("mobileAccess"); string(own.mobileAccess)
            if let capacity = own.capacity { key("capacity"); integer(capacity) }
            if let party = own.partyCapacity { key("partyCapacity"); integer(party) }
            key("areas"); begin()
            let areas = own.areas
            for (name, area) in [
                ("largeServiceArea", areas.largeServiceArea), ("serviceArea", areas.serviceArea),
                ("largeArea", areas.largeArea), ("middleArea", areas.middleArea), ("smallArea", areas.smallArea),
            ] {
                if let area { key(name); codeName(area) }
            }
            end()
            key("otherMemo"); string(own.otherMemo)
            key("shopDetailMemo"); string(own.shopDetailMemo)
            key("wedding"); string(own.wedding)
            key("logo"); string(own.logo)
            key("couponPC"); string(own.couponPC)
            key("couponSP"); string(own.couponSP)
            end()
        }

        mutating func codeName(_ value: Restaurant.CodeName) {
            begin(); key("code"); string(value.code); key("name"); string(value.name); end()
        }

        mutating func coordinate(_ value: Coordinate) -> Bool {
            begin()
            key("lat")
            guard number(value.lat) else { return false }
            key("lng")
            guard number(value.lng) else { return false }
            end()
            return true
        }

        mutating func begin() {
            bytes.append(UInt8(ascii: "{"))
            open.append(false)
        }

        mutating func end() {
            bytes.append(UInt8(ascii: "}"))
            open.removeLast()
        }

        mutating func key(_ name: String) {
            if open[open.count - 1] { bytes.append(UInt8(ascii: ",")) }
            open[open.count - 1] = true
            string(name)
            bytes.append(UInt8(ascii: ":"))
        }

        mutating func optional(_ name: String, _ value: String?) {
            if let value { key(name); string(value) }
        }

        mutating func strings(_ values: [String]) {
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(value)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        mutating func literal(_ text: String) { bytes.append(contentsOf: text.utf8) }

        mutating func integer(_ value: Int) { literal(String(value)) }

        /// The number as all the program's JSON writes it (`plainText`: "35.6812", "1e-05");
        /// false for a number JSON cannot hold.
        mutating func number(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            literal(value.plainText)
            return true
        }

        /// A JSON string, escaped as every JSON the program writes escapes it.
        mutating func string(_ text: String) { JSONValue.writeString(text, to: &bytes) }
    }
}
