/// One record from the records several services gave of one place: each field from the service
/// that knows it best, as each service declares (`ServiceCapabilities.knowsBest`). The rule,
/// field by field (the README says it in words):
///
/// - name, position, id, page and the record's provider: the first service of the merge's
///   order that has the place (the order `--provider` listed; `all`: OpenStreetMap, Google
///   Places, HOT PEPPER); address, genre, phone, website, photo: the first that gives one.
/// - hours: Google's dated hours, else OpenStreetMap's, else Google's week, else HOT PEPPER's
///   text (`hoursOrder`).
/// - rating, reviews, price level and whether it still trades: Google's.
/// - budget, courses, station and access (HOT PEPPER's own part): HOT PEPPER's.
/// - diets and kind: OpenStreetMap's, then Google's (then HOT PEPPER's kind).
/// - names in other languages and the yes/no facts: every service's, the first's where two say.
public enum PlaceMerge {
    /// The services that know `field` best, best first, as each declares (`knowsBest`); one
    /// that ranks it not gives the field only where no ranked one does, in the merge's order.
    static func ranked(_ field: ServiceCapabilities.MergedField) -> [Provider] { rankings[field] ?? [] }

    /// Worked out once: every merged place asks for each field's ranking.
    private static let rankings = Dictionary(
        uniqueKeysWithValues: ServiceCapabilities.MergedField.allCases.map { field in
            (
                field,
                Provider.allCases.compactMap { provider in provider.knowsBest[field].map { (provider, $0) } }
                    .sorted { $0.1 < $1.1 }.map(\.0)
            )
        })

    /// Each ranked field's key in a source's `fields`: its JSON name (the rating's and the own
    /// part's several keys are listed by `keys`).
    static func key(_ field: ServiceCapabilities.MergedField) -> String {
        switch field {
        case .rating: "rating"
        case .businessStatus: "business_status"
        case .ownPart: "budget"
        case .diets: "diet"
        case .kind: "kind"
        }
    }

    /// The merged record of `group` (in the merge's order, each of a different service); a
    /// group of one is that place as it is, with no sources.
    public static func merge(_ group: [Restaurant]) -> Restaurant {
        guard var merged = group.first, group.count > 1 else { return group.first! }
        var gave: [Int: [String]] = [:]
        /// The first place of `order` (then of the group) for which `has` holds, noting that it gave `field`.
        func from(_ field: String, _ order: [Provider] = [], _ has: (Restaurant) -> Bool) -> Restaurant? {
            let ranked = order.compactMap { provider in group.firstIndex { $0.provider == provider } }
            guard let index = (ranked + Array(group.indices)).first(where: { has(group[$0]) }) else { return nil }
            gave[index, default: []].append(field)
            return group[index]
        }
        for field in ["id", "name", "lat", "lng", "url"] { gave[0, default: []].append(field) }
        merged.address = from("address") { !$0.address.isEmpty }?.address ?? ""
        if let genre = from("genre", [], { !$0.genre.name.isEmpty }) {
            merged.genre = genre.genre
            merged.subGenre = genre.subGenre
        }
        merged.urls.photo = from("photo_url") { !$0.urls.photo.isEmpty }?.urls.photo ?? ""
        merged.phone = from("phone") { $0.phone != nil }?.phone
        merged.website = from("website") { $0.website != nil }?.website
        let hours = hoursSource(group)
        if let hours, let index = group.firstIndex(of: hours) { gave[index, default: []].append("hours") }
        let text = from("open") { !$0.open.isEmpty || !$0.close.isEmpty }
        // The chosen place's reading as its reader made it, the texts beside it: nothing is read
        // again; with no machine-readable hours, the texts' own reading.
        merged.hours = (hours ?? text)?.hours.keeping(open: text?.open ?? "", close: text?.close ?? "") ?? .none
        let rated = from(key(.rating), ranked(.rating)) { $0.rating != nil || $0.priceLevel != nil }
        (merged.rating, merged.ratingCount, merged.priceLevel) = (rated?.rating, rated?.ratingCount, rated?.priceLevel)
        merged.businessStatus =
            from(key(.businessStatus), ranked(.businessStatus)) { $0.businessStatus != nil }?
            .businessStatus
        merged.hotpepper = from(key(.ownPart), ranked(.ownPart)) { $0.hotpepper != nil }?.hotpepper
        merged.diets = from(key(.diets), ranked(.diets)) { $0.diets != nil }?.diets
        merged.kind = from(key(.kind), ranked(.kind)) { $0.kind != nil }?.kind
        merged.amenities = group.flatMap(\.amenities).reduce(into: []) { kept, amenity in
            if !kept.contains(where: { $0.kind == amenity.kind }) { kept.append(amenity) }
        }
        let names = group.flatMap { $0.otherNames ?? [] }.reduce(into: [Restaurant.LocalName]()) { kept, name in
            if name.name != merged.name, !kept.contains(where: { $0.language == name.language }) { kept.append(name) }
        }
        merged.otherNames = names.isEmpty ? nil : names
        merged.invented = group.contains { $0.invented == true } ? true : nil
        merged.sources = group.enumerated().map { index, place in
            var record = place
            record.sources = nil
            let fields = (gave[index] ?? []).flatMap { keys($0, of: place) }
            return PlaceSource(provider: place.provider, id: place.id, fields: fields, record: record)
        }
        return merged
    }

    /// The JSON keys a ranked field stands for that `place` gave: the rating's and HOT PEPPER's
    /// part are several keys, each named where the place has it.
    static func keys(_ field: String, of place: Restaurant) -> [String] {
        let present: [(String, Bool)]
        switch field {
        case key(.rating):
            present = [
                ("rating", place.rating != nil), ("rating_count", place.ratingCount != nil),
                ("price_level", place.priceLevel != nil),
            ]
        case key(.ownPart):
            guard let own = place.hotpepper else { return [] }
            present = [
                ("name_kana", !own.nameKana.isEmpty), ("catch", !own.catchCopy.isEmpty), ("budget", own.budget != nil),
                ("station", !own.stationName.isEmpty), ("access", !own.access.isEmpty), ("coupon_url", !own.coupon.isEmpty),
            ]
        default: return [field]
        }
        return present.filter(\.1).map(\.0)
    }

    /// The hours' order: Google's dated hours, else OpenStreetMap's `opening_hours`, else
    /// Google's week, else none (HOT PEPPER's text, `open`, is read when nothing else is).
    static let hoursOrder: [(provider: Provider, has: @Sendable (Restaurant) -> Bool)] = [
        (.google, { $0.periodHours?.dated.isEmpty == false }),
        (.osm, { $0.osmOpeningHours != nil }),
        (.google, { $0.periodHours?.isReadable == true }),
    ]

    /// The place whose machine-readable hours the merged record takes; nil: only text, if any.
    static func hoursSource(_ group: [Restaurant]) -> Restaurant? {
        for rule in hoursOrder {
            if let place = group.first(where: { $0.provider == rule.provider && rule.has($0) }) { return place }
        }
        return group.first { $0.periodHours?.isReadable == true || $0.osmOpeningHours != nil }
    }
}

extension Restaurant {
    /// The place as a list may keep it past the run (the last list). What a service whose terms
    /// let nothing be kept (Google's) gave is left out and only its id stays: a place of that
    /// service alone is reduced to its id (`holdsOnlyItsID`), and a merged place is made again
    /// by `PlaceMerge.merge` from the other services' records with that service's reduced to its
    /// id (so OpenStreetMap's hours stand where Google's dated hours had been chosen, and the
    /// place is named by the first service that may be kept). A stub's made-up place is kept as
    /// it is.
    public var keepable: Restaurant {
        guard invented != true else { return self }
        guard let sources else { return provider.mayKeepContent ? self : Self.onlyID(id, of: provider) }
        // A place read back from a list has no records to make it again: it was made keepable then.
        if sources.allSatisfy(\.provider.mayKeepContent) || sources.contains(where: { $0.record == nil }) {
            return self
        }
        let kept = sources.compactMap { $0.provider.mayKeepContent ? $0.record : nil }
        guard !kept.isEmpty else { return Self.onlyID(id, of: provider) }
        let ids = sources.filter { !$0.provider.mayKeepContent }.map { Self.onlyID($0.id, of: $0.provider) }
        var place = PlaceMerge.merge(kept + ids)
        // In the merge's order, as shown while the run lasted.
        let order = sources.map(\.provider)
        place.sources = place.sources?.map { source in
            source.provider.mayKeepContent ? source : PlaceSource(provider: source.provider, id: source.id)
        }.sorted { (order.firstIndex(of: $0.provider) ?? 0) < (order.firstIndex(of: $1.provider) ?? 0) }
        return place
    }

    /// A place of a service whose terms let nothing be kept, as a kept list holds it: its id.
    static func onlyID(_ id: String, of provider: Provider) -> Restaurant {
        Restaurant(
            id: id, name: "", genre: Genre(code: "", name: "", catchCopy: ""), coordinate: Coordinate(lat: 0, lng: 0),
            hours: .none, urls: Links(shop: "", photo: ""), provider: provider)
    }

    /// In a kept list, a place that holds nothing but its id (its service's terms): it is looked
    /// up again, by its own service.
    public var holdsOnlyItsID: Bool { !provider.mayKeepContent && invented != true }
}
