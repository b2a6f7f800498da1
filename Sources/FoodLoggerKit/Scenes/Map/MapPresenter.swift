import Foundation
import FoodLoggerDomain
/// Turns the restaurants around a point into what the terminal draws.
@MainActor
protocol MapPresentationLogic: AnyObject {
    func presentRestaurants(_ response: Map.Restaurants.Response)
    /// The interactive map's screen after a request.
    func presentExplorer(_ response: Map.Explore.Response)
    /// The interactive map's first search failed: the map ends with this error.
    func presentExplorerFailure(_ error: ServiceError)
    /// --near's place is being found: there is no map yet.
    func presentExplorerLocating(_ response: Map.Explore.Locating)
    /// What happened when `o` opened a page.
    func presentPage(_ response: Map.Page.Response)
}

/// Lays out the map (through `TerminalMap`), writes its legend and footer, or words the failure.
/// Never prints, and decides no exit status (the interactor's outcome does).
@MainActor
final class MapPresenter: MapPresentationLogic {
    weak var viewController: (any MapDisplayLogic)?
    /// The interactive map's drawing means: braille dots where the terminal is UTF-8 (else
    /// "."), and whether the selection can be shown in reverse video (else in brackets).
    let unicode: Bool
    let styled: Bool

    /// The units distances are written in.
    let units: DistanceUnits

    init(unicode: Bool = true, styled: Bool = true, units: DistanceUnits = .metric) {
        self.unicode = unicode; self.styled = styled; self.units = units
    }

    func presentRestaurants(_ response: Map.Restaurants.Response) {
        let viewModel: Map.Restaurants.ViewModel
        switch response.result {
        case .failure(let error):
            viewModel = .init(content: .failure(message: error.localizedDescription))
        case .success(let found):
            let page = found.page, center = found.center
            let markers = page.restaurants.enumerated().map { offset, restaurant in
                TerminalMap.Marker(number: page.start + offset, coordinate: restaurant.coordinate)
            }
            let (open, tally) = (response.open, found.tally)
            let notice = page.restaurants.isEmpty ? ResultsText.notice(found.list, open: open, units: units) : nil
            let footer = ResultsText.footer(found.list, open: open, units: units)
            let drawing = Self.layout(response.viewport, footer: footer) {
                width, height in
                let map = TerminalMap(
                    center: center, radiusMetres: response.query.metres, markers: markers,
                    width: width, height: height, centerKey: found.centreIsMiddle ? "@ middle of the places" : "@ you are here",
                    units: units)
                return (map, Self.legend(map, page: page, center: center, open: open, unicode: unicode, units: units))
            }
            let placeLine = found.located.map { ResultsText.placeLine($0, near: found.near) }
            viewModel = .init(
                content: .drawing(
                    .init(
                        map: drawing.map, legend: drawing.legend, footer: drawing.footer, notice: notice,
                        leftOut: page.restaurants.isEmpty
                            ? nil : tally.flatMap { ResultsText.leftOut($0, open: open, on: page.clock) },
                        place: placeLine?.place,
                        warnings: (placeLine?.warning.map { [$0] } ?? []) + ResultsText.notCovering(found.list)
                            + ResultsText.incomplete(found.list)
                            + ResultsText.dropped(page.dropped) + ResultsText.shortfall(page, query: response.query))))
        }
        viewController?.displayRestaurants(viewModel)
    }

    /// Wider maps only spread the same few shops further apart.
    nonisolated static let defaultMaxWidth = 120

    /// The map, its legend and its footer sized to the room there is: the size asked for, else
    /// the terminal's width and a height that keeps the ring round (a cell is twice as tall as
    /// wide). On a terminal of known height everything must fit above the prompt, so the map
    /// shrinks (down to its smallest) to make room for the legend, and a legend that still does
    /// not fit ends with a line saying how many more there are.
    static func layout(
        _ viewport: Map.Viewport, footer: [String],
        draw: (_ width: Int, _ height: Int) -> (map: TerminalMap, legend: TextTable)
    )
        -> (map: TerminalMap, legend: TextTable, footer: [String])
    {
        let width = viewport.width ?? min(max(viewport.columns, TerminalMap.widthRange.lowerBound), defaultMaxWidth)
        let round = width / 2 + 1
        guard viewport.height == nil, let rows = viewport.rows else {
            let drawn = draw(width, viewport.height ?? round)
            return (drawn.map, drawn.legend, Self.footer(footer, for: drawn.map))
        }
        let footerLines = 1 + footer.reduce(0) { $0 + DisplayWidth.wrap($1, to: width).count } + 1  // with the clamped note
        // The frame, its key line, a blank line and the footer, above the prompt's line.
        let room = rows - 1 - 1 - footerLines
        var height = max(TerminalMap.heightRange.lowerBound, min(round, room))
        var drawn = draw(width, height)
        func legendLines(_ legend: TextTable) -> Int { legend.rows.isEmpty ? 0 : legend.rows.count + 2 }
        while height > TerminalMap.heightRange.lowerBound, height + legendLines(drawn.legend) > room {
            height -= 1
            drawn = draw(width, height)
        }
        let legendRoom = room - height - 2  // a blank line and the heading
        var legend = drawn.legend
        if legend.rows.count > legendRoom {
            let shown = max(0, legendRoom - 1)
            let more = legend.rows.count - shown
            legend.rows =
                Array(legend.rows.prefix(shown)) + [
                    ["…", "+\(more) more (--format table)"] + Array(repeating: "", count: legendColumns.count - 2)
                ]
        }
        return (drawn.map, legend, Self.footer(footer, for: drawn.map))
    }

    /// The clamped note first, when a marker had to be pulled in to the frame's edge.
    static func footer(_ footer: [String], for map: TerminalMap) -> [String] {
        (map.groups.contains(where: \.clamped) ? [clampedNote] : []) + footer
    }

    static let clampedNote = "* beyond the radius: drawn at the frame's edge, in its direction."

    static let legendColumns: [TextTable.Column] = [
        .init("#", minWidth: 1),
        // As in the table, the walk and the genre go before a name is cut shorter than 24 cells.
        .init("Name", minWidth: 12, keep: .init(width: 24, overPriority: 3), weight: 2.5),
        .init("Genre", minWidth: 6, dropPriority: 5),
        // Whole or left out, and kept longer than the genre: "6440–71…" would lose the range's
        // end and the "*" of a shop beyond the radius.
        .init("Dist.", alignRight: true, minWidth: 6, dropPriority: 1, mayCut: false),
        // The table's words, and as there, times are never cut and the walk goes before them.
        .init("Walk", alignRight: true, minWidth: 8, dropPriority: 4, mayCut: false),
        .init("Open", minWidth: 6, dropPriority: 2, mayCut: false),
        .init("Left", minWidth: 6, dropPriority: 3, mayCut: false),
    ]

    /// One row per place on the map; markers merged into one cell share a row ("A=3+4"), each
    /// word said once.
    static func legend(
        _ map: TerminalMap, page: RestaurantPage, center: Coordinate, open: OpenQuestion, unicode: Bool,
        units: DistanceUnits = .metric
    ) -> TextTable {
        let clock = OpenClock(open.moment, region: page.region)
        let rows = map.groups.map { group in
            let restaurants = group.numbers.map { page.restaurants[$0 - page.start] }
            let genres = restaurants.map(\.genre.name).uniqued()
            let metres = restaurants.map { $0.coordinate.roundedMetres(to: center) }
            let low = metres.min() ?? 0, high = metres.max() ?? 0
            let distance = units.span(low, high) + (group.clamped ? "*" : "")
            let walks = restaurants.map { WalkText.short(Walk(from: center, to: $0.coordinate), unicode: unicode) }
            let times = restaurants.map { HoursText.openCells(of: $0, on: clock) }
            return [
                group.key, restaurants.map(\.name).joined(separator: " / "), genres.joined(separator: " / "), distance,
                walks.uniqued().joined(separator: " / "), times.map(\.when).uniqued().joined(separator: " / "),
                times.map(\.left).filter { !$0.isEmpty }.uniqued().joined(separator: " / "),
            ]
            .map(ResultsText.singleLine)
        }
        return TextTable(columns: legendColumns, rows: rows)
    }
}

// MARK: - The interactive map

extension MapPresenter {
    func presentExplorerFailure(_ error: ServiceError) {
        let screen = Screen(width: 1, height: 1)
        viewController?.displayExplorer(.init(screen: screen, failure: error.localizedDescription))
    }

    func presentPage(_ response: Map.Page.Response) {
        let address = response.restaurant.urls.shop
        let note =
            switch response.attempt {
            case nil: PageText.noAddress(response.restaurant)
            case .madeUp: PageText.madeUp(address)
            case .opened(.opened): PageText.opened(address)
            case .printOnly: address
            case .opened(.unavailable): "\(PageText.noBrowser) The page is \(address)"
            case .opened(.failed(let reason)): "\(PageText.cannotOpen(reason)) The page is \(address)"
            }
        viewController?.displayPage(.init(note: ResultsText.singleLine(note)))
    }

    func presentExplorerLocating(_ response: Map.Explore.Locating) {
        var screen = Screen(width: response.size.columns, height: response.size.rows)
        let row = screen.height - 1
        screen.clear(row: row, column: 0, width: screen.width, height: 1, style: .status)
        screen.write(" Finding \(quoted(response.place))\(glyph("…", "..."))   q: quit", row: row, column: 0, style: .status)
        viewController?.displayExplorer(.init(screen: screen, mode: .waiting))
    }

    func presentExplorer(_ response: Map.Explore.Response) {
        let layout = MapScreenLayout(size: response.size)
        var screen = Screen(width: response.size.columns, height: response.size.rows)
        guard layout.fits else {
            let minimum = MapScreenLayout.minimum
            let lines = DisplayWidth.wrap(
                "The map needs a terminal of at least \(minimum.columns)\(glyph("×", "x"))\(minimum.rows); this one is "
                    + "\(response.size.columns)\(glyph("×", "x"))\(response.size.rows). Enlarge it, or press q.",
                to: screen.width)
            for (offset, line) in lines.enumerated() { screen.write(line, row: offset, column: 0) }
            viewController?.displayExplorer(
                .init(screen: screen, mode: .waiting, warnings: ResultsText.dropped(response.dropped)))
            return
        }
        let state = response.state
        let painter = MapPainter(
            layout: layout, metresPerDot: layout.metresPerDot(radius: state.searched.range.metres), unicode: unicode,
            styled: styled, units: units)
        painter.drawMap(state, on: &screen)
        var targets = painter.drawMarkers(state, on: &screen)
        if layout.listColumn < response.size.columns { drawList(state, layout: layout, on: &screen) }
        if let index = state.selected, let target = targets.first(where: { $0.index == index }), state.alert == nil {
            let window = drawInfoWindow(
                state.restaurants[index], number: index + 1, state: state, beside: target, avoiding: targets,
                you: painter.youCell(state), layout: layout,
                open: response.open, on: &screen)
            // A marker under the window cannot be clicked.
            if let window {
                targets.removeAll { window.rows.contains($0.row) && window.columns.overlaps($0.columns) }
            }
        }
        drawStatus(state, layout: layout, on: &screen)
        // An alert waits while a keyword is typed, so it takes none of its keys.
        if let alert = state.alert, state.prompt == nil {
            let title = if case .failed = alert { "Search failed" } else { "Nothing found" }
            drawCentred(alertLines(alert, state: state, open: response.open), title: title, over: layout, on: &screen)
        }
        if state.showingHelp { drawCentred(helpLines(), title: "Keys", over: layout, on: &screen) }
        let mode: Map.Explore.Mode =
            state.prompt.map { .prompt($0) } ?? (state.alert != nil ? .alert : state.showingHelp ? .help : .map)
        viewController?.displayExplorer(
            .init(screen: screen, mode: mode, hitTargets: targets, warnings: ResultsText.dropped(response.dropped)))
    }

    /// A character for a UTF-8 terminal, or its stand-in on another.
    private func glyph(_ utf8: String, _ ascii: String) -> String { unicode ? utf8 : ascii }

    /// The list beside the map, numbered like the markers, nearest first, scrolled to keep the
    /// selection in view.
    private func drawList(_ state: Map.Explore.State, layout: MapScreenLayout, on screen: inout Screen) {
        let width = layout.size.columns - layout.listColumn - 1
        let column = layout.listColumn + 1
        let count = state.restaurants.count
        // Every distance on the screen is from the ring's centre, said here once (short enough
        // for the list's 40 columns).
        let from = state.searched.centre == state.home ? "nearest first, from @" : "from the ring's centre"
        let heading = count == 0 ? "No restaurants" : "\(count) restaurant\(count == 1 ? "" : "s"), \(from)"
        screen.write(heading, row: 0, column: column, style: .title, limit: width)
        let rows = layout.mapRows - 1
        let first = max(0, min((state.selected ?? 0) - rows / 2, state.restaurants.count - rows))
        for (offset, index) in (first..<min(first + rows, state.restaurants.count)).enumerated() {
            let restaurant = state.restaurants[index]
            let distance = units.text(restaurant.coordinate.roundedMetres(to: state.searched.centre))
            let number = DisplayWidth.pad(String(index + 1), to: 3, alignRight: true)
            let name = DisplayWidth.pad(
                DisplayWidth.truncate(ResultsText.singleLine(restaurant.name), to: width - 4 - 8), to: width - 4 - 8)
            let selected = index == state.selected
            let line = "\(number) \(name) \(DisplayWidth.pad(distance, to: 7, alignRight: true))"
            screen.write(selected && !styled ? glyph("›", ">") : " ", row: 1 + offset, column: column - 1)
            screen.write(line, row: 1 + offset, column: column, style: selected ? .selected : .plain, limit: width)
        }
    }

    /// The selected restaurant's info window, beside its marker and never over it or "@":
    /// right of it, left, below or above, the first spot that covers no other marker, else
    /// the one that covers fewest. Returns the cells it takes.
    private func drawInfoWindow(
        _ restaurant: Restaurant, number: Int, state: Map.Explore.State, beside target: Map.Explore.HitTarget,
        avoiding markers: [Map.Explore.HitTarget], you: (row: Int, column: Int)?, layout: MapScreenLayout,
        open: OpenQuestion, on screen: inout Screen
    ) -> (rows: Range<Int>, columns: ClosedRange<Int>)? {
        let width = min(40, layout.innerColumns / 2)
        // The box's frame and a space either side of the text.
        let lines = infoLines(restaurant, state: state, open: open, width: width - 4)
        let height = lines.count + 2
        let (top, bottom) = (1, layout.mapRows - 1)
        let level = min(max(top, target.row - 1), bottom - height)
        // Beside the marker (right, then left) at every height that keeps its row in view,
        // then below and above it, centred or to either side.
        let levels = [level] + (max(top, target.row - height + 2)...max(top, target.row - 1)).filter { $0 != level }
        let across = [
            target.columns.lowerBound - width / 2, target.columns.lowerBound - 1, target.columns.upperBound + 1 - width,
        ].map { min(max(1, $0), layout.mapColumns - 1 - width) }
        let candidates =
            levels.flatMap { [($0, target.columns.upperBound + 2), ($0, target.columns.lowerBound - 1 - width)] }
            + across.map { (target.row + 1, $0) } + across.map { (target.row - height, $0) }
        let spots = candidates.map { row, column in (rows: row..<(row + height), columns: column...(column + width - 1)) }
            .filter { spot in
                spot.rows.lowerBound >= top && spot.rows.upperBound <= bottom && spot.columns.lowerBound >= 1
                    && spot.columns.upperBound < layout.mapColumns - 1
                    && !(spot.rows.contains(target.row) && spot.columns.overlaps(target.columns))
                    && !(you.map { spot.rows.contains($0.row) && spot.columns.contains($0.column) } ?? false)
            }
        // A label touching the window's frame counts as covered: "4" beside "+--" reads "4+".
        let covered = { (spot: (rows: Range<Int>, columns: ClosedRange<Int>)) in
            let reach = (spot.columns.lowerBound - 1)...(spot.columns.upperBound + 1)
            return Set(markers.filter { spot.rows.contains($0.row) && reach.overlaps($0.columns) }.map(\.index)).count
        }
        guard let spot = spots.min(by: { covered($0) < covered($1) }) else { return nil }
        screen.box(
            lines, row: spot.rows.lowerBound, column: spot.columns.lowerBound, width: width,
            title: "\(number) \(ResultsText.singleLine(restaurant.name))", ascii: !unicode)
        return spot
    }

    /// After --open-at or --open-now, "open" and the day's hours are those of the moment asked
    /// about, named by its weekday rather than "today". Each fact is wrapped to `width` rather
    /// than cut, so the access and the time left stay whole; the distance and the walk are from
    /// the ring's centre, as the list's (its heading says which centre that is).
    func infoLines(_ restaurant: Restaurant, state: Map.Explore.State, open: OpenQuestion, width: Int) -> [String] {
        let clock = OpenClock(open.moment, region: state.region)
        let budget = BudgetBand.short(of: restaurant, country: clock.country)
        let walk = Walk(from: state.searched.centre, to: restaurant.coordinate)
        let access = restaurant.hotpepper.map { $0.mobileAccess.isEmpty ? $0.access : $0.mobileAccess } ?? ""
        let separator = glyph(" · ", " - ")
        // Hours that cannot be read are shown as the shop wrote them.
        let readable = HoursText.periods(of: restaurant, on: clock) != nil
        let hours = HoursText.today(restaurant, on: clock, named: open.openOnly)
        let written = restaurant.hoursText
        let given = written.isEmpty ? "not given" : written
        /// Words joined by " · ", or " - " where the terminal cannot show the dot.
        func joined(_ words: String) -> String { glyph(words, words.replacingOccurrences(of: " · ", with: " - ")) }
        let lines: [String?] = [
            [restaurant.genreOrKind, RatingText.short(restaurant).map { glyph("★", "*") + $0 } ?? "", budget]
                .filter { !$0.isEmpty }.joined(separator: separator),
            units.text(walk.metres) + separator + WalkText.short(walk, unicode: unicode),
            access.isEmpty ? nil : access,
            readable ? joined(hours) : "Hours: " + given,
            HoursText.left(clock.timeLeft(of: restaurant)).map(joined),
            restaurant.phone.map { "Tel " + $0 },
            "Enter: card   o: its page",
        ]
        return lines.compactMap { $0 }.map(ResultsText.singleLine).flatMap { DisplayWidth.wrap($0, to: width) }
    }

    /// The bottom line: what is shown, or that a search is running, or the keyword being typed;
    /// the keys at the right, as many of them as fit.
    private func drawStatus(_ state: Map.Explore.State, layout: MapScreenLayout, on screen: inout Screen) {
        let row = layout.statusRow
        screen.clear(row: row, column: 0, width: layout.size.columns, height: 1, style: .status)
        if let typed = state.prompt {
            let hint = "   Enter: search   Esc: cancel"
            let room = layout.size.columns - DisplayWidth.of(" Keyword: ") - DisplayWidth.of(hint) - 1
            // The end of a long keyword stays in view, where the typing is.
            var visible = typed
            while DisplayWidth.of(visible) > room - 2, !visible.isEmpty { visible.removeFirst() }
            if visible != typed { visible = "…" + visible }
            screen.write(" Keyword: \(visible)\(glyph("▏", "_"))\(hint)", row: row, column: 0, style: .status)
            return
        }
        let search = state.searching ?? state.searched
        // Away from the place it started at, the ring is no longer around it: say how far.
        let away = (search.centre.roundedMetres(to: state.home) + 50) / 100 * 100
        let place = state.placeName.map(ResultsText.singleLine).map {
            away == 0 ? $0 : "\(units.radius(away)) from \($0)"
        }
        var parts = [place, units.radius(search.range.metres)].compactMap { $0 }
        if let keyword = search.keyword { parts.append(quoted(keyword)) }
        if state.searching != nil {
            parts.append("searching" + glyph("…", "..."))
        } else {
            parts.append("\(state.restaurants.count) of \(state.total)")
            if let closed = state.tally?.closed, closed > 0 { parts.append("\(closed) closed left out") }
            if let soon = state.tally?.closingTooSoon, soon > 0 { parts.append("\(soon) closing too soon left out") }
            if state.viewCentre != state.searched.centre { parts.append("s: search here") }
        }
        let left = " " + parts.joined(separator: glyph(" · ", " - "))
        // The keys at the right, all where they fit, else ? and q, the left part cut for them.
        let all = glyph("←↑↓→", "arrows") + " pick  Tab next  Enter card  +/- range  ? keys  q quit "
        let keys = DisplayWidth.of(left) + 2 + DisplayWidth.of(all) <= layout.size.columns ? all : "? keys  q quit "
        let room = layout.size.columns - DisplayWidth.of(keys) - 2
        screen.write(left, row: row, column: 0, style: .status, limit: room)
        screen.write(keys, row: row, column: layout.size.columns - DisplayWidth.of(keys), style: .status)
    }

    /// A keyword or place in quotes: typographic ones where the terminal is UTF-8.
    private func quoted(_ text: String) -> String {
        let safe = ResultsText.singleLine(text)
        return glyph("“\(safe)”", "\"\(safe)\"")
    }

    /// A box in the middle of the map's frame (the list beside it stays readable).
    private func drawCentred(_ lines: [String], title: String, over layout: MapScreenLayout, on screen: inout Screen) {
        let width = min(layout.mapColumns - 4, (lines.map(DisplayWidth.of).max() ?? 0) + 4)
        let row = max(0, (layout.mapRows - lines.count - 2) / 2)
        screen.box(lines, row: row, column: (layout.mapColumns - width) / 2, width: width, title: title, ascii: !unicode)
    }

    /// What the alert says: what was searched and found nothing (with what --open-now left
    /// out), or why the search failed; the map under it is as it was.
    func alertLines(_ alert: Map.Explore.Alert, state: Map.Explore.State, open: OpenQuestion) -> [String] {
        switch alert {
        case .nothingFound(let search, let tally, let clock):
            let keyword = search.keyword.map { " for \(quoted($0))" } ?? ""
            let open = open.openOnly ? " open at \(HoursText.asked(open, on: clock))\(HoursText.openFor(open))" : ""
            let place = search.centre == state.home ? "@" : "the map's centre"
            var lines = DisplayWidth.wrap(
                "No restaurants\(keyword)\(open) within \(units.radius(search.range.metres)) of \(place).",
                to: 56)
            if let tally, tally.closed + tally.unknown + tally.closingTooSoon > 0 {
                let soon = tally.closingTooSoon > 0 ? ", \(tally.closingTooSoon) closing too soon" : ""
                let none = tally.noHours > 0 ? ", \(tally.noHours) with no hours given" : ""
                let unread = tally.unknown - tally.noHours
                let unknown = none + (unread > 0 ? ", \(unread) with hours that could not be read" : "")
                lines += DisplayWidth.wrap("Left out: \(tally.closed) closed\(soon)\(unknown).", to: 56)
            }
            return lines + [
                (search.range == .m3000 ? "" : "- widens the range, ") + "/ changes the keyword,",
                "Shift+arrows move the map, s searches there.",
                "Any key closes this.",
            ]
        case .failed(let error):
            return DisplayWidth.wrap(error.localizedDescription, to: 56) + ["Any key closes this."]
        }
    }

    /// The keys and what they do; "←↑↓→" reads "arrows" where the terminal is not UTF-8.
    func helpLines() -> [String] {
        let keys = [
            ("←↑↓→ or h j k l", "pick the marker that way"), ("Tab, Shift-Tab", "next or previous by distance"),
            ("click", "pick the marker under the mouse"), ("Enter", "the restaurant's card (Esc: back)"),
            ("o", "open its page in the browser"), ("v", "log a meal there today (log add)"),
            ("w", "put it on the want list"), ("Shift+←↑↓→, HJKL", "move the map"),
            ("s", "search where the map is"), ("c", "back to where you started"),
            ("+ / - (wheel)", "range down or up, search again"), ("/", "keyword search (empty: none)"),
            ("?", "this help"), ("q, Esc, Ctrl-C", "quit"),
        ]
        // 19 + 33 columns: the box fits the smallest map, 60 columns.
        return keys.map { key, meaning in
            DisplayWidth.pad(glyph(key, key.replacingOccurrences(of: "←↑↓→", with: "arrows")), to: 19) + meaning
        }
    }
}
