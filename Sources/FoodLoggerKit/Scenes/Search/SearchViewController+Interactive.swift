import FoodLoggerDomain
extension SearchViewController {
    /// `search --interactive`: the table, then a prompt that picks shops from it as taps pick
    /// markers in the app. Prompts and hints go to stderr; tables and cards to stdout.
    /// Shown on q or end of input; a first search that shows nothing ends at once, with its outcome.
    func searchInteractively(
        _ query: RestaurantQuery, open: OpenQuestion, near: NearPlace? = nil, log: LogFilter? = nil
    ) async -> SceneOutcome {
        let first = await search(query, open: open, near: near, log: log)
        guard first == .shown else { return first }
        while true {
            context.stderr.write(SearchPrompt.prompt(numbers: listedNumbers))
            guard let line = context.readLine() else {
                context.stderr.write("\n")
                return .shown
            }
            switch SearchPrompt.Command(line) {
            case .empty:
                continue
            case .quit:
                return .shown
            case .help:
                context.stderr.write(SearchPrompt.help + "\n")
            case .next:
                await interactor?.turnPage(Search.Page.Request(direction: .next))
            case .previous:
                await interactor?.turnPage(Search.Page.Request(direction: .previous))
            case .pick(let number):
                if let index = listedIndex(number) { router?.routeToDetail(index: index) }
            case .open(let number):
                if let index = listedIndex(number) { await router?.routeToShopPage(index: index) }
            case .log(let number):
                if let index = listedIndex(number) { await router?.routeToLog(index: index, want: false) }
            case .want(let number):
                if let index = listedIndex(number) { await router?.routeToLog(index: index, want: true) }
            case .invalid(let typed):
                context.stderr.write(SearchPrompt.unknown(typed) + "\n")
            }
        }
    }

    /// The position in the results of a # number on screen; says so when it is not there.
    private func listedIndex(_ number: Int) -> Int? {
        guard let numbers = listedNumbers, numbers.contains(number) else {
            context.stderr.write(SearchPrompt.outOfRange(number, numbers: listedNumbers) + "\n")
            return nil
        }
        return number - numbers.lowerBound
    }
}
