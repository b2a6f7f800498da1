import FoodLoggerDomain
/// The words around a list of results that Search and Map both show: the one-line cells, the
/// footer (counts, how to see more, the credit) and the notice when nothing was found.
enum ResultsText {
    /// Table cells are one line; free text from the service may hold breaks and tabs, which
    /// become spaces, and other control characters, which become visible escapes (TerminalSafe)
    /// so that no shop's name can colour or retitle the terminal. Breaks and tabs are scalars of
    /// their own, so a text without an invisible scalar is returned as it is.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TerminalSafe.isInvisible) else { return text }
        return TerminalSafe.line(text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " "))
    }

    /// One warning per shop the page left out because the service placed it off the Earth,
    /// naming the shop (escaped: the name and id are the service's) and the position it gave.
    static func dropped(_ shops: [RestaurantPage.DroppedShop]) -> [String] {
        shops.map { shop in
            let name = shop.name.isEmpty ? "a shop without a name" : TerminalSafe.quoted(shop.name)
            let id = shop.id.isEmpty ? "" : " (\(TerminalSafe.short(shop.id, limit: 20)))"
            return "warning: left out \(name)\(id): the service placed it at lat \(shop.coordinate.lat), "
                + "lng \(shop.coordinate.lng), which is not on the Earth."
        }
    }

    /// A warning when a fetch of several pages came short of what the service counts: its later
    /// pages empty or repeating earlier ones, so the list is shorter than it says it could be.
    static func shortfall(_ page: RestaurantPage, query: RestaurantQuery) -> [String] {
        guard page.missing > 0 else { return [] }
        let asked = page.restaurants.count + page.dropped.count + page.missing
        return [
            "warning: the service counts \(page.total) results but sent \(asked - page.missing) different places "
                + "for the \(asked) asked (from \(query.start) on): \(page.missing) never came, its pages empty or "
                + "repeating earlier places. Asking again later may bring them."
        ]
    }

    /// Counts, how to see more (the prompt's `n` when `prompted`, else --start), that open or
    /// closed is unknown where the shops' clock is, and the service's credit. A list filtered
    /// (open, the food log) says what it kept and among how many places; one the services have
    /// more of than were looked at says its total is a lower bound; the order is named.
    static func footer(
        _ found: FoundPlaces, prompted: Bool = false, open: OpenQuestion? = nil, log: LogFilter? = nil,
        units: DistanceUnits = .metric
    ) -> [String] {
        let page = found.page
        var lines: [String] = []
        if !page.restaurants.isEmpty {
            let last = page.start + page.restaurants.count - 1
            lines.append(
                "\(span(page.start, last)) of \(total(found))\(kept(found, open: open, log: log))\(place(found.query, units: units))\(order(found.query))."
            )
            if let next = found.nextStart {
                lines.append(
                    prompted
                        ? "More: n shows \(span(next, min(next + page.restaurants.count - 1, page.total)))."
                        : "More: add --start \(next).")
            }
        }
        if let note = clockNote(page) { lines.append(note) }
        // A list from the food log mixes services: each one's credit goes with its shops.
        lines += ([page.provider] + page.restaurants.flatMap(\.answeredBy)).uniqued().map(\.creditLine)
        return lines
    }

    /// The list's length as known: "174", or "500+" when the services have more than were looked at.
    static func total(_ found: FoundPlaces) -> String {
        "\(found.page.total)\(found.totalIsExact ? "" : "+")"
    }

    /// What a filter kept, and among how many places: " open at 12:00 among 174 places".
    static func kept(_ found: FoundPlaces, open: OpenQuestion?, log: LogFilter?) -> String {
        var what: [String] = []
        if let open, open.openOnly {
            what.append(
                " open\(open.includeUnknown ? " or unknown" : "") at \(HoursText.asked(open, on: found.page.clock))\(HoursText.openFor(open))"
            )
        }
        if let log { what.append(" kept by \(LogText.flag(log))") }
        guard !what.isEmpty, let looked = found.looked else { return "" }
        return what.joined(separator: " and") + " among " + lookedAt(found, looked)
    }

    /// "174 places", or "the first 500 of 1234 places" when the services have more.
    static func lookedAt(_ found: FoundPlaces, _ looked: (places: Int, ofAll: Int)) -> String {
        found.totalIsExact ? "\(looked.places) places" : "the first \(looked.places) of \(looked.ofAll) places"
    }

    /// ", nearest first", ", best rated first" or ", by name": the order the list is in.
    static func order(_ query: RestaurantQuery) -> String {
        switch query.sort {
        case .distance: query.center == nil ? "" : ", nearest first"
        case .rating: ", best rated first"
        case .name: ", by name"
        }
    }

    /// For stderr, when a list was ordered or filtered among fewer places than the services have.
    static func looked(_ found: FoundPlaces) -> String? {
        guard !found.totalIsExact, let looked = found.looked else { return nil }
        return
            "Looked at \(lookedAt(found, looked)) the services have here; a smaller --radius or a --keyword narrows the search."
    }

    /// One line a service of the merge that failed: what failed, and how to leave it out.
    static func incomplete(_ found: FoundPlaces) -> [String] {
        let failed = Set(found.incomplete.map(\.provider))
        let answered = found.asked.filter { !failed.contains($0) }
        return found.incomplete.map { failure in
            "warning: "
                + ServiceError.inMerge(failure.error, service: failure.provider, others: answered).localizedDescription
                .trimmingCharacters(in: .whitespacesAndNewlines) + " (the list is the other services' only)"
        }
    }

    /// One line for the services of a merge not asked: the centre is outside their countries.
    /// "Edinburgh is outside Japan, where HOT PEPPER Gourmet has restaurants: asking OpenStreetMap
    /// and Google Places only"; `near`: the place asked for, else the centre is named.
    static func notCovering(_ found: FoundPlaces, near: NearPlace? = nil) -> [String] {
        guard let center = found.query.center else { return [] }
        let asked = found.asked
        let centre = near.map { ServiceAssembly.Centre.place($0) } ?? .coordinate(center)
        return found.notCovering.map { service in
            ServiceError.outsideCoverage(centre.described, service: service).coverageLine
                + ": asking \(asked.map(\.title).joined(separator: " and ")) only"
        }
    }

    /// When the page's shops keep a clock nobody named: that whether they are open is unknown.
    static func clockNote(_ page: RestaurantPage) -> String? {
        page.restaurants.isEmpty || page.clock != .unknown ? nil : HoursText.unknownClockNote(page.provider)
    }

    /// "3–5", or "5" alone for one result ("5–5 of 5" read as a typo).
    static func span(_ first: Int, _ last: Int) -> String { first == last ? "\(first)" : "\(first)–\(last)" }

    /// Why nothing came, as far as the answer tells, and what to try that fits what was asked.
    /// `prompted`: under the `search -i` prompt.
    static func notice(
        _ found: FoundPlaces, prompted: Bool = false, open: OpenQuestion? = nil, log: LogFilter? = nil,
        units: DistanceUnits = .metric
    ) -> String {
        let page = found.page, query = found.query
        let none = "No " + places(query)
        if page.total > 0 {
            return "\(none) on this page: --start \(page.start) is past the last of \(total(found)) results."
        }
        let hintUnknown = found.totalIsExact ? "a wider --radius" : nil
        if let tally = found.tally, let open, tally.examined > 0 {
            // No clock for the area: no place's state can be told (a place closed for good aside), so
            // another time would not help.
            if page.clock == .unknown {
                return HoursText.unknownClockNote(page.provider)
                    + " --include-unknown lists the places with their hours as written."
            }
            let counts = [
                tally.closed > 0 ? "\(tally.closed) closed" : nil,
                tally.closingTooSoon > 0 ? "\(tally.closingTooSoon) closing within \(tally.openFor?.minutes ?? 0) min" : nil,
                tally.noHours > 0 ? "\(tally.noHours) with no hours given" : nil,
                tally.unknown > tally.noHours ? "\(tally.unknown - tally.noHours) unknown" : nil,
                found.logLeftOut > 0 ? log.map { LogText.leftOutPlaces(found.logLeftOut, $0) } ?? nil : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            let tries = [
                "another time", tally.closingTooSoon > 0 ? "a shorter --open-for" : nil, hintUnknown,
                tally.unknown > 0 ? "--include-unknown" : nil,
            ].compactMap { $0 }
            return "\(none) open at \(HoursText.asked(open, on: page.clock))\(HoursText.openFor(open)) among "
                + "\(lookedAt(found, found.looked ?? (tally.examined, tally.examined)))\(place(query, units: units))"
                + "\(counts.isEmpty ? "" : " (\(counts))"). Try \(alternatives(tries))."
        }
        if let reviews = reviewsLeftOut(found) {
            let tries = [
                query.minRating.map { _ in "a lower --min-rating" }, query.prices.map { _ in "a wider --price" },
            ].compactMap { $0 }
            return "No restaurants left: \(reviews.options) left out all \(reviews.places)\(place(query, units: units)). "
                + "Try \(tries.joined(separator: " or "))."
        }
        if let log, found.logLeftOut > 0 {
            let places = (found.logLeftOut == 1 ? "" : "all ") + LogText.leftOutPlaces(found.logLeftOut, log)
            let wantHint = log == .want ? ", or put places on it with 'foodlogger log add N --want'" : ""
            return "\(none) left: \(LogText.flag(log)) left out \(places)\(place(query, units: units)). "
                + "Try \(hintUnknown ?? "another search")\(wantHint)."
        }
        let found = "\(none) found\(place(query, units: units))."
        if let coverage = page.coverage, query.center != nil {
            let places =
                coverage.count > 1 ? coverage.dropLast().joined(separator: ", ") + " and " + coverage.last! : coverage.joined()
            return found + " The offline stub knows only \(places)"
                + "; search around one of them, or leave out --stub for the real service."
        }
        var hints: [String] = []
        let widest = page.provider.maxRadius
        if query.center != nil, query.metres < widest { hints.append("a wider --radius (up to \(units.text(widest)))") }
        let conditions =
            query.filters.map(\.flag) + (query.genres.isEmpty && query.names.genres.isEmpty ? [] : ["--genre"])
            + (query.budgets.isEmpty && query.names.budgets.isEmpty ? [] : ["--budget"])
            + (query.keyword == nil ? [] : ["--keyword"]) + (query.kinds.isEmpty ? [] : ["--kind"])
        switch conditions.count {
        case 0: break
        case 1: hints.append(conditions[0] == "--keyword" ? "another --keyword" : "leaving out \(conditions[0])")
        default: hints.append("fewer conditions")
        }
        let hint = hints.isEmpty ? "" : " Try \(hints.joined(separator: " or "))."
        // A service that matches Japanese text only (and its stub) finds little or nothing for an English word.
        let japanese =
            page.provider.keywordLanguage == "ja" && query.keyword.map { $0.unicodeScalars.allSatisfy(\.isASCII) } == true
            ? " The service matches Japanese text: write the keyword in Japanese (ラーメン rather than ramen)." : ""
        return found + hint + japanese
    }

    /// "a", "a, or b", "a, b, or c".
    /// What the search looked for, as a notice names it: "restaurants", or the kinds --kind
    /// asked for ("cafés", "bars or pubs"), so a search for cafés is not told no restaurants came.
    static func places(_ query: RestaurantQuery) -> String {
        let kinds = query.kinds.map(\.plural)
        return kinds.count < 2 ? kinds.first ?? "restaurants" : kinds.dropLast().joined(separator: ", ") + " or " + kinds.last!
    }

    static func alternatives(_ tries: [String]) -> String {
        tries.count < 2 ? tries.joined() : tries.dropLast().joined(separator: ", ") + ", or " + tries.last!
    }

    /// What an open-only search left out, for stderr: "Left out 12 closed, 2 with no hours given and
    /// 3 whose hours could not be read (--include-unknown keeps those)."
    /// What --min-rating and --price left out: the options as given ("--min-rating 4.2") and the
    /// places ("5 places (3 rated lower, 2 unrated)"); nil when they left out none.
    static func reviewsLeftOut(_ found: FoundPlaces) -> (options: String, places: String)? {
        let (outside, unsaid) = found.reviewsLeftOut
        guard outside + unsaid > 0 else { return nil }
        let query = found.query
        let rating = query.minRating.map { "--min-rating \($0.plainText)" }
        let price = query.prices.map { "--price \($0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)")" }
        let asked = (rating: rating != nil, price: price != nil)
        let parts = [
            outside > 0
                ? "\(outside) \([asked.rating ? "rated lower" : nil, asked.price ? "priced otherwise" : nil].compactMap { $0 }.joined(separator: " or "))"
                : nil,
            unsaid > 0
                ? "\(unsaid) \([asked.rating ? "unrated" : nil, asked.price ? "of no known price" : nil].compactMap { $0 }.joined(separator: " or "))"
                : nil,
        ].compactMap { $0 }
        let count = outside + unsaid
        return (
            [rating, price].compactMap { $0 }.joined(separator: " and "),
            "\(count) place\(count == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
        )
    }

    static func leftOut(_ tally: OpenTally, open: OpenQuestion, on clock: HoursClock) -> String? {
        var parts: [String] = []
        if tally.closed > 0 { parts.append("\(tally.closed) closed") }
        if tally.closingTooSoon > 0, let openFor = tally.openFor {
            parts.append("\(tally.closingTooSoon) closing within \(openFor.minutes) min")
        }
        if tally.noHours > 0 { parts.append("\(tally.noHours) with no hours given") }
        if tally.unknown > tally.noHours {
            parts.append("\(tally.unknown - tally.noHours) whose hours could not be read")
        }
        if tally.unknown > 0 { parts[parts.count - 1] += " (--include-unknown keeps those)" }
        guard !parts.isEmpty else { return nil }
        return "At \(HoursText.asked(open, on: clock)), left out "
            + (parts.count < 3
                ? parts.joined(separator: " and ") : parts.dropLast().joined(separator: ", ") + " and " + parts.last!)
            + "."
    }

    /// "near 渋谷駅, 35.658, 139.7016", saying when the place came from the environment. Of
    /// several matches, the one taken is named with its region and country, and the next with
    /// what to say for it: "near Edinburgh, Indiana, United States (the first of 2; others:
    /// Edinburgh, Scotland, United Kingdom: say --near 'Edinburgh, Scotland'), 39.35, -85.96".
    /// For stderr on a terminal (`place`), or always when the match was one of several (`warning`):
    /// a script's user is the one most likely to miss that it searched the wrong Edinburgh.
    static func placeLine(_ located: GeocodingWorker.Located, near: NearPlace?) -> (place: String?, warning: String?) {
        let coordinate = located.place.coordinate
        let source = near?.fromEnvironment == true ? " from FOODLOGGER_NEAR" : ""
        var matches = ""
        if located.matches > 1 {
            let others = located.others.map(described).joined(separator: "; ")
            let say = located.others.first.map { ": say --near \(TerminalSafe.quoted(short($0)))" } ?? ""
            matches = " (the first of \(located.matches)\(others.isEmpty ? "" : "; others: \(others)\(say)"))"
        }
        let line = "near \(described(located.place))\(matches)\(source), \(coordinate.lat.plainText), \(coordinate.lng.plainText)"
        return located.matches > 1 ? (nil, line) : (line, nil)
    }

    /// "Edinburgh, Scotland, United Kingdom": the name, then what the place search says of where.
    static func described(_ place: Place) -> String {
        TerminalSafe.line([place.name, place.region, place.countryName].compactMap { $0 }.joined(separator: ", "))
    }

    /// "Edinburgh, Scotland": the name and the first thing that tells it apart, for --near.
    static func short(_ place: Place) -> String {
        [place.name, place.region ?? place.countryName].compactMap { $0 }.joined(separator: ", ")
    }

    /// " within 1000 m of 35.6812, 139.7671" (in `units`), or "" for a search without a centre.
    static func place(_ query: RestaurantQuery, units: DistanceUnits = .metric) -> String {
        guard let center = query.center else { return "" }
        return " within \(units.text(query.metres)) of \(center.lat.plainText), \(center.lng.plainText)"
    }
}

extension PlaceKind {
    /// The kind as a notice counts it: "cafés", "fast-food places".
    var plural: String {
        switch self {
        case .cafe: "cafés"
        case .fastFood: "fast-food places"
        case .iceCream: "ice-cream places"
        default: label + "s"
        }
    }
}
