import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite("DetailViewController")
struct DetailViewControllerTests {
    final class InteractorSpy: DetailBusinessLogic {
        var lookupRequests: [Detail.Lookup.Request] = []
        var showPassedCount = 0
        var openRequests: [Detail.OpenPage.Request] = []
        func lookupRestaurants(_ request: Detail.Lookup.Request) async -> SceneOutcome {
            record(request, in: &lookupRequests)
        }
        func showPassedRestaurants(_ request: Detail.ShowPassed.Request) -> SceneOutcome {
            showPassedCount += 1
            return .shown
        }
        func openPage(_ request: Detail.OpenPage.Request) async -> SceneOutcome {
            record(request, in: &openRequests)
        }
    }

    final class RouterSpy: DetailDataPassing {
        var dataStore: (any DetailDataStore)?
    }

    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let interactor = InteractorSpy()
    let router = RouterSpy()

    func makeSUT(format: OutputFormat, width: Int = 60) -> DetailViewController {
        var context = ProcessContext(arguments: [], stdout: stdout, stderr: stderr, terminal: Terminal(columns: width))
        context.now = { CLIRun.friday }
        let sut = DetailViewController(context: context, format: format)
        sut.interactor = interactor
        sut.router = router
        return sut
    }

    static func cards(_ cards: [TextCard], missing: String? = nil) -> Detail.Lookup.ViewModel.Cards {
        .init(
            cards: cards, listing: RestaurantListing(details: [], at: Seeds.open.moment, region: nil), footer: ["credit"],
            missing: missing)
    }

    static let card = TextCard(title: "店", sections: [.init(fields: [.init("Access", "東京駅八重洲北口より徒歩3分。外堀通り沿い、ビルの2階です。")])])

    @Test("show and open send their requests")
    func requests() async {
        let sut = makeSUT(format: .table)
        _ = await sut.show(ShowPlaces.Request(ids: ["J1", "J2"]))
        _ = sut.showPassed()
        _ = await sut.openPage(id: "J3", printURLOnly: true)

        #expect(
            interactor.lookupRequests == [.init(places: .init(ids: ["J1", "J2"]), moment: Seeds.open.moment)],
            "a lookup of J1 and J2")
        #expect(interactor.showPassedCount == 1, "one show of the passed shops")
        #expect(interactor.openRequests == [.init(id: "J3", printOnly: true)], "an open of J3, the option in the request")
    }

    @Test("cards are drawn to the terminal width with a hanging indent, then the credit")
    func drawsCards() {
        let sut = makeSUT(format: .table, width: 40)
        sut.displayRestaurants(.init(content: .cards(Self.cards([Self.card]))))

        #expect(
            stdout.text == """
                店
                  Access  東京駅八重洲北口より徒歩3分。
                          外堀通り沿い、ビルの2階です。

                credit

                """, "the value wrapped to 30 columns (40 less the label) and indented under its first line")
        #expect(stderr.text.isEmpty, "nothing on stderr")
    }

    @Test("JSON prints the document; missing ids go to stderr")
    func json() {
        let sut = makeSUT(format: .json)
        sut.displayRestaurants(.init(content: .cards(Self.cards([], missing: "no restaurant has the id J9"))))

        #expect(stdout.text == "{\n  \"restaurants\": [],\n  \"open_at\": \"2026-11-20T19:30+09:00\"\n}\n", "the document")
        #expect(stderr.text == "foodlogger: no restaurant has the id J9\n", "the missing id named")
    }

    @Test("a page's address goes to stdout and its note to stderr, as the presenter worded them; a failure to stderr")
    func page() {
        let sut = makeSUT(format: .table)
        sut.displayPage(.init(content: .page(address: "https://example.jp/", note: "why")))
        sut.displayPage(.init(content: .failure(message: "no restaurant has the id J9")))

        #expect(stdout.text == "https://example.jp/\n", "the address alone on stdout")
        #expect(stderr.text == "why\nfoodlogger: no restaurant has the id J9\n", "the note, then the failure, on stderr")
    }
}
