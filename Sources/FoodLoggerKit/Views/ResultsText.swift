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
    /// closed is unknown where the shops' clock is, and the service's credit.
    /// After an open-only search (`tally`), the counts say how far into the results it looked;
    /// after a log filter (`narrowed`: the filter and how many it left out), how many it kept of
    /// the results looked at.
    static func footer(
        _ page: RestaurantPage, query: RestaurantQuery, prompted: Bool = false, open: OpenQuestion? = nil,
        tally: OpenTally? = nil, narrowed: (filter: LogFilter, leftOut: Int)? = nil
    ) -> [String] {
        var lines: [String] = []
        if !page.restaurants.isEmpty {
            let nearest = query.center == nil ? "" : ", nearest first"
            // Shops left out (off the Earth, sent twice, by the log) still take their places in the results.
            let last = page.start + (tally?.examined ?? page.sent + (narrowed?.leftOut ?? 0)) - 1
            if tally != nil, let open {
                lines.append(
                    "\(page.restaurants.count) open\(open.includeUnknown ? " or unknown" : "") at \(HoursText.asked(open, on: page.clock))\(HoursText.openFor(open)) among results "
                        + "\(span(page.start, last)) of \(page.total)\(place(query))\(nearest).")
            } else if let narrowed, narrowed.leftOut > 0 {
                lines.append(
                    "\(page.restaurants.count) kept by \(LogText.flag(narrowed.filter)) among results "
                        + "\(span(page.start, last)) of \(page.total)\(place(query))\(nearest).")
            } else {
                lines.append("\(span(page.start, last)) of \(page.total)\(place(query))\(nearest).")
            }
            if last < page.total {
                lines.append(
                    prompted
                        ? tally == nil && (narrowed?.leftOut ?? 0) == 0
                            ? "More: n shows \(span(last + 1, min(last + page.restaurants.count, page.total)))."
                            : "More: n looks on from \(last + 1)."
                        : "More: add --start \(last + 1).")
            }
        }
        if let note = clockNote(page) { lines.append(note) }
        // A list from the food log mixes services: each one's credit goes with its shops.
        lines += ([page.provider] + page.restaurants.flatMap(\.answeredBy)).uniqued().map(\.creditLine)
        return lines
    }

    /// When the page's shops keep a clock nobody named: that whether they are open is unknown.
    static func clockNote(_ page: RestaurantPage) -> String? {
        page.restaurants.isEmpty || page.clock != .unknown ? nil : HoursText.unknownClockNote(page.provider)
    }

    /// "3–5", or "5" alone for one result ("5–5 of 5" read as a typo).
    static func span(_ first: Int, _ last: Int) -> String { first == last ? "\(first)" : "\(first)–\(last)" }

    /// Why nothing came, as far as the answer tells, and what to try that fits what was asked.
    /// `prompted`: under the `search -i` prompt, where `n` looks further.
    static func notice(
        _ page: RestaurantPage, query: RestaurantQuery, prompted: Bool = false, open: OpenQuestion? = nil,
        tally: OpenTally? = nil
    ) -> String {
        // No clock for the area: no place's state can be told (a place closed for good aside), so
        // another time or page would not help.
        if let tally, tally.examined > 0, page.clock == .unknown {
            return HoursText.unknownClockNote(page.provider)
                + " --include-unknown lists the places with their hours as written."
        }
        if let tally, let open, tally.examined > 0 {
            let last = page.start + tally.examined - 1
            let counts = [
                tally.closed > 0 ? "\(tally.closed) closed" : nil,
                tally.closingTooSoon > 0 ? "\(tally.closingTooSoon) closing within \(tally.openFor?.minutes ?? 0) min" : nil,
                tally.noHours > 0 ? "\(tally.noHours) with no hours given" : nil,
                tally.unknown > tally.noHours ? "\(tally.unknown - tally.noHours) unknown" : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            // Results were left unread: the next ones may be open; a wider circle only adds more to read.
            let further =
                last >= page.total ? "a wider --radius" : prompted ? "n to look further" : "--start \(last + 1) to look further"
            let tries = [
                "another time", tally.closingTooSoon > 0 ? "a shorter --open-for" : nil, further,
                tally.unknown > 0 ? "--include-unknown" : nil,
            ].compactMap { $0 }
            return "No restaurants open at \(HoursText.asked(open, on: page.clock))\(HoursText.openFor(open)) among results "
                + "\(span(page.start, last))"
                + " of \(page.total)\(place(query))\(counts.isEmpty ? "" : " (\(counts))"). Try "
                + tries.dropLast().joined(separator: ", ") + ", or " + tries.last! + "."
        }
        if page.total > 0 {
            return "No restaurants on this page: --start \(page.start) is past the last of \(page.total) results."
        }
        let found = "No restaurants found\(place(query))."
        if let coverage = page.coverage, query.center != nil {
            let places =
                coverage.count > 1 ? coverage.dropLast().joined(separator: ", ") + " and " + coverage.last! : coverage.joined()
            return found + " The offline stub knows only \(places)"
                + "; search around one of them, or leave out --stub for the real service."
        }
        var hints: [String] = []
        let widest = page.provider.maxRadius
        if query.center != nil, query.metres < widest { hints.append("a wider --radius (up to \(widest) m)") }
        let conditions =
            query.filters.map(\.flag) + (query.genres.isEmpty && query.names.genres.isEmpty ? [] : ["--genre"])
            + (query.budgets.isEmpty && query.names.budgets.isEmpty ? [] : ["--budget"])
            + (query.keyword == nil ? [] : ["--keyword"])
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

    /// What an open-only search left out, for stderr: "Left out 12 closed, 2 with no hours given and
    /// 3 whose hours could not be read (--include-unknown keeps those)."
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
        let stopped =
            tally.stoppedEarly
            ? " Stopped after \(tally.examined) results; narrow the search or add --start to look further." : ""
        guard !parts.isEmpty || !stopped.isEmpty else { return nil }
        let left =
            parts.isEmpty
            ? ""
            : "At \(HoursText.asked(open, on: clock)), left out "
                + (parts.count < 3
                    ? parts.joined(separator: " and ") : parts.dropLast().joined(separator: ", ") + " and " + parts.last!)
                + "."
        return left + stopped
    }

    /// "near 渋谷駅, 35.658, 139.7016", saying when the place came from the environment and when
    /// it was the best of several matches.
    static func placeLine(_ located: GeocodingWorker.Located, near: NearPlace?) -> String {
        let coordinate = located.place.coordinate
        let matches = located.matches > 1 ? " (the best of \(located.matches) matches)" : ""
        let source = near?.fromEnvironment == true ? " from FOODLOGGER_NEAR" : ""
        return
            "near \(TerminalSafe.line(located.place.name))\(matches)\(source), \(coordinate.lat.plainText), \(coordinate.lng.plainText)"
    }

    /// " within 1000 m of 35.6812, 139.7671", or "" for a search without a centre.
    static func place(_ query: RestaurantQuery) -> String {
        guard let center = query.center else { return "" }
        return " within \(query.metres) m of \(center.lat.plainText), \(center.lng.plainText)"
    }
}
