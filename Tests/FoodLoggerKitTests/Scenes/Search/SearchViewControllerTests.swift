import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
final class SearchBusinessLogicSpy: SearchBusinessLogic {
    var requests: [Search.Restaurants.Request] = []
    var pageRequests: [Search.Page.Request] = []
    /// What the search came to, as the real interactor would say.
    var outcome: SceneOutcome = .shown
    func searchRestaurants(_ request: Search.Restaurants.Request) async -> SceneOutcome {
        requests.append(request)
        return outcome
    }
    func turnPage(_ request: Search.Page.Request) async { pageRequests.append(request) }
}

@MainActor
@Suite struct SearchViewControllerTests {
    let stdout = CapturedOutput(), stderr = CapturedOutput()

    func makeSUT(format: OutputFormat, columns: Int = 100) -> SearchViewController {
        let context = ProcessContext(
            arguments: [], environment: [:], stdout: stdout, stderr: stderr,
            terminal: Terminal(stdoutIsTerminal: format == .table, columns: columns))
        return SearchViewController(context: context, format: format)
    }

    static let tableListing = Search.Restaurants.ViewModel.Listing(
        body: .table(TextTable(columns: [.init("#"), .init("Name")], rows: [["1", "しずく亭"]]), footer: ["1–1 of 1.", "credit"]),
        notice: nil)
    static let documentListing = Search.Restaurants.ViewModel.Listing(
        body: .document(RestaurantListing(details: [], at: Seeds.open.moment, region: nil)), notice: nil)

    @Test func searchSendsTheQueryAsARequest() async {
        let sut = makeSUT(format: .json)
        let interactor = SearchBusinessLogicSpy()
        sut.interactor = interactor
        _ = await sut.search(Seeds.query, open: Seeds.open)
        #expect(interactor.requests == [.init(query: Seeds.query, open: Seeds.open)], "one request carrying the query")
    }

    /// What the search came to is the interactor's outcome, handed back to the command; the
    /// display returns nothing and the view controller keeps none.
    @Test func searchEndsWithTheInteractorsOutcome() async {
        // Given
        let sut = makeSUT(format: .json)
        let interactor = SearchBusinessLogicSpy()
        interactor.outcome = .incomplete
        sut.interactor = interactor
        // When
        let outcome = await sut.search(Seeds.query, open: Seeds.open)
        // Then
        #expect(outcome == .incomplete, "the interactor's outcome, not the display's")
        #expect(ExitCode(outcome) == .unavailable, "which the command makes exit 69")
    }

    @Test func jsonFormatPrintsTheDocumentOnly() {
        let sut = makeSUT(format: .json)
        sut.displayRestaurants(.init(content: .listing(Self.documentListing)))
        #expect(
            stdout.text == "{\n  \"restaurants\": [],\n  \"open_at\": \"2026-11-20T19:30+09:00\"\n}\n",
            "stdout holds just the JSON document")
        #expect(stderr.text.isEmpty, "nothing on stderr")
    }

    @Test func tableFormatPrintsTheTableThenTheFooter() {
        let sut = makeSUT(format: .table)
        sut.displayRestaurants(.init(content: .listing(Self.tableListing)))
        #expect(stdout.text == "\u{1B}[1m#  Name\u{1B}[0m\n1  しずく亭\n\n1–1 of 1.\ncredit\n", "table, blank line, footer")
    }

    /// Nothing found: the notice on stderr, like the app's alert; no table for nothing, but the
    /// document still goes to stdout, for scripts.
    @Test(arguments: [
        (OutputFormat.table, ""), (.json, "{\n  \"restaurants\": [],\n  \"open_at\": \"2026-11-20T19:30+09:00\"\n}\n"),
    ])
    func nothingFoundPutsTheNoticeOnStderr(format: OutputFormat, expectedStdout: String) {
        // Given
        var listing = format == .table ? Self.tableListing : Self.documentListing
        listing.notice = "No restaurants found."
        let sut = makeSUT(format: format)
        // When
        sut.displayRestaurants(.init(content: .listing(listing)))
        // Then
        #expect(stderr.text == "No restaurants found.\n", "the notice on stderr")
        #expect(stdout.text == expectedStdout, "\(format): what stdout holds")
    }

    @Test func failureIsOneLineOnStderr() {
        let sut = makeSUT(format: .json)
        sut.displayRestaurants(.init(content: .failure(message: "the service failed")))
        #expect(stderr.text == "foodlogger: the service failed\n", "one line, prefixed")
        #expect(stdout.text.isEmpty, "no data on stdout")
    }
}
