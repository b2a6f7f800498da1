import FoodLoggerDomain

extension MapViewController {
    /// `foodlogger map` at a terminal: the app's map screen. Keys and clicks become Requests;
    /// each ViewModel is written as the difference from the screen before. Ends shown on q or
    /// Esc, interrupted on Ctrl-C, or with the first search's failure; the terminal is restored
    /// on every way out.
    func explore(
        _ query: RestaurantQuery, around centre: Map.Restaurants.Centre, open: OpenQuestion,
        terminal: any FullScreenTerminal, shops: RestaurantPage? = nil
    ) async -> SceneOutcome {
        self.terminal = terminal
        terminal.enter()
        defer {
            interactor?.explore(.close)
            terminal.leave()
            // A page still opening says nothing once the map is gone.
            self.terminal = nil
        }
        interactor?.explore(.start(query: query, centre: centre, open: open, size: terminal.size, shown: shops))
        while true {
            if let failure = shown?.failure {
                terminal.leave()
                context.report(failure)
                return interactor?.explorerFailure.map(SceneOutcome.serviceFailed) ?? .nothingFound
            }
            let event = await terminal.next(during: interactor?.searchInFlight)
            switch event {
            case .wake: continue
            case .end, .terminate: return .shown
            case .key(.controlC): return .interrupted
            case .key(.controlZ):
                terminal.suspend()
                redraw()
            case .key(.controlL): redraw()
            case .resize: interactor?.explore(.resize(terminal.size))
            default:
                if let request = request(for: event) {
                    interactor?.explore(request)
                    continue
                }
                let mode = shown?.mode ?? .waiting
                if mode == .map || mode == .waiting, event == .key(.character("q")) || event == .key(.escape) {
                    return .shown
                }
                guard mode == .map else { continue }
                if event == .key(.enter) {
                    if let ending = await showCard() { return ending }
                    // Back on the map, drawn for the terminal's size now (it may have changed).
                    interactor?.explore(.resize(terminal.size))
                }
                if event == .key(.character("o")) { interactor?.openPage(.init()) }
                if event == .key(.character("v")) || event == .key(.character("w")),
                    let said = await router?.logSelected(want: event == .key(.character("w")))
                {
                    showStatus(said)
                }
            }
        }
    }

    /// What a key or click asks for on the screen shown; nil for keys handled here (quitting,
    /// the card, the page, the food log) and keys that mean nothing.
    func request(for event: TerminalEvent) -> Map.Explore.Request? {
        switch shown?.mode ?? .waiting {
        case .waiting: return nil
        case .alert: return .dismissAlert
        case .help: return .toggleHelp
        case .prompt(let text):
            switch event {
            case .key(.enter): return .keyword(text)
            case .key(.escape): return .prompt(nil)
            case .key(.backspace): return .prompt(String(text.dropLast()))
            case .key(.character(let character)): return .prompt(text + String(character))
            default: return nil
            }
        case .map:
            switch event {
            case .key(.up), .key(.character("k")): return .move(.north)
            case .key(.down), .key(.character("j")): return .move(.south)
            case .key(.left), .key(.character("h")): return .move(.west)
            case .key(.right), .key(.character("l")): return .move(.east)
            case .key(.shiftUp), .key(.character("K")): return .pan(.north)
            case .key(.shiftDown), .key(.character("J")): return .pan(.south)
            case .key(.shiftLeft), .key(.character("H")): return .pan(.west)
            case .key(.shiftRight), .key(.character("L")): return .pan(.east)
            case .key(.tab): return .cycle(forward: true)
            case .key(.backTab): return .cycle(forward: false)
            case .key(.character("s")): return .searchHere
            case .key(.character("c")): return .returnHome
            case .key(.character("+")), .key(.character("=")), .wheel(up: true): return .zoom(in: true)
            case .key(.character("-")), .wheel(up: false): return .zoom(in: false)
            case .key(.character("/")): return .editKeyword
            case .key(.character("?")): return .toggleHelp
            case .click(let row, let column):
                let under = shown?.restaurants(atRow: row, column: column) ?? []
                return under.isEmpty ? nil : .select(among: under)
            default: return nil
            }
        }
    }

    /// Writes the map as it changed; a search that ends while the card is open is drawn when the
    /// card closes, and a failed first search wakes the event loop to end the map.
    func displayExplorer(_ viewModel: Map.Explore.ViewModel) {
        // Held with the rest of stderr while the map has the screen, and said when it closes.
        for warning in viewModel.warnings { context.report(warning) }
        shown = viewModel
        guard let terminal else { return }
        guard viewModel.failure == nil else { return terminal.wake() }
        guard !showingCard else { return }
        terminal.write(ScreenDiff.bytes(from: onTerminal, to: viewModel.screen, styled: styled))
        onTerminal = viewModel.screen
    }

    var styled: Bool { context.allowsStyle(onTerminal: true) }

    /// The whole screen again, at the terminal's size now (after Ctrl-L, or after `fg`, when
    /// the terminal may show anything and may have been resized while the map was stopped).
    private func redraw() {
        onTerminal = nil
        interactor?.explore(.resize(terminal?.size ?? .init(columns: 80, rows: 24)))
    }

    /// The selected restaurant's card, from the Detail scene, over the map until Esc or q;
    /// the arrows, j k, Space and b scroll it. Nil back on the map; else the map ends with
    /// this (Ctrl-C, a signal, stdin closed).
    private func showCard() async -> SceneOutcome? {
        guard let terminal else { return nil }
        showingCard = true
        router?.showCard()
        defer {
            showingCard = false
            router?.closeCard()
        }
        var width = 0
        var lines: [String] = []
        var top = 0
        while true {
            let size = terminal.size
            if width != min(size.columns, 100) {
                width = min(size.columns, 100)
                lines = router?.card().map { Self.cardLines($0, width: width) } ?? []
            }
            guard !lines.isEmpty else { return nil }
            let room = CardScreen.room(size)
            top = max(0, min(top, lines.count - room))
            let screen = CardScreen.screen(lines, top: top, size: size, unicode: context.isUTF8)
            terminal.write(ScreenDiff.bytes(from: onTerminal, to: screen, styled: styled))
            onTerminal = screen
            switch await terminal.next(during: interactor?.searchInFlight) {
            case .key(.up), .key(.character("k")), .wheel(up: true): top -= 1
            case .key(.down), .key(.character("j")), .key(.enter), .wheel(up: false): top += 1
            case .key(.character(" ")): top += room - 1
            case .key(.character("b")): top -= room - 1
            case .key(.character("o")): interactor?.openPage(.init())
            case .key(.escape), .key(.character("q")), .key(.backspace): return nil
            case .end, .terminate: return .shown
            case .key(.controlC): return .interrupted
            case .key(.controlZ):
                terminal.suspend()
                onTerminal = nil
            case .resize, .key(.controlL): onTerminal = nil
            default: continue
            }
        }
    }

    /// The Detail scene's card, unstyled (the screen styles nothing of it), as lines `width`
    /// columns wide.
    static func cardLines(_ cards: Detail.Lookup.ViewModel.Cards, width: Int) -> [String] {
        guard !cards.cards.isEmpty else { return [] }
        let text = CardRenderer.render(cards.cards, footer: cards.footer, width: width)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// What happened to the page, in the status line until the screen next changes; nothing
    /// once the map is gone.
    func displayPage(_ viewModel: Map.Page.ViewModel) { showStatus(viewModel.note) }

    /// `text` in the status line until the screen next changes; nothing once the map is gone.
    private func showStatus(_ text: String) {
        guard let terminal, let screen = onTerminal?.withStatus(text) else { return }
        terminal.write(ScreenDiff.bytes(from: onTerminal, to: screen, styled: styled))
        onTerminal = screen
    }
}
