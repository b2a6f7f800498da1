import Testing
@testable import FoodLoggerKit

@MainActor
final class SearchDisplayLogicSpy: SearchDisplayLogic {
    var viewModels: [Search.Restaurants.ViewModel] = []
    var noPageViewModels: [Search.Page.ViewModel] = []
    func displayRestaurants(_ viewModel: Search.Restaurants.ViewModel) { viewModels.append(viewModel) }
    func displayNoPage(_ viewModel: Search.Page.ViewModel) { noPageViewModels.append(viewModel) }
}

@MainActor
@Suite struct SearchPresenterTests {
    func present(
        _ result: Result<RestaurantPage, HotpepperError>, query: RestaurantQuery = Seeds.query,
        as presentation: Search.Restaurants.Presentation = .table
    ) -> Search.Restaurants.ViewModel? {
        let sut = SearchPresenter(presentation: presentation)
        let display = SearchDisplayLogicSpy()
        sut.viewController = display
        sut.presentRestaurants(.init(result: result, query: query))
        return display.viewModels.first
    }

    func listing(_ viewModel: Search.Restaurants.ViewModel?) -> Search.Restaurants.ViewModel.Listing? {
        guard case .listing(let listing)? = viewModel?.content else { return nil }
        return listing
    }

    func tableOf(_ viewModel: Search.Restaurants.ViewModel?) -> (rows: TextTable, footer: [String])? {
        guard case .table(let table, let footer)? = listing(viewModel)?.body else { return nil }
        return (table, footer)
    }

    func documentOf(_ viewModel: Search.Restaurants.ViewModel?) -> JSONValue? {
        guard case .document(let document)? = listing(viewModel)?.body else { return nil }
        return document
    }

    @Test func onlyWhatTheViewDrawsIsPrepared() {
        let page = RestaurantPage(total: 1, start: 1, restaurants: [Seeds.Restaurants.near])
        #expect(tableOf(present(.success(page), as: .table)) != nil, "a table for the terminal")
        #expect(documentOf(present(.success(page), as: .document)) != nil, "the document for every other format")
    }

    @Test func documentFollowsTheSchema() throws {
        let page = RestaurantPage(total: 25, start: 1, restaurants: [Seeds.Restaurants.near])
        let document = try #require(documentOf(present(.success(page), as: .document)))

        #expect(document["center"] == .object([("lat", .number(35.6812)), ("lng", .number(139.7671))]), "center")
        #expect(document["range_m"] == .integer(3000), "range 5 is 3000 m")
        #expect(document["total"] == .integer(25), "total is results_available")
        #expect(document["start"] == .integer(1), "start")
        #expect(document["returned"] == .integer(1), "returned counts the shops in this page")
        guard case .array(let shops)? = document["restaurants"], let shop = shops.first else {
            Issue.record("restaurants should be an array with one shop"); return
        }
        #expect(shop["id"] == .string("J0000000001"), "id")
        #expect(shop["distance_m"] == .integer(111), "distance in whole metres by great circle")
        #expect(shop["genre_code"] == .string("G001"), "genre_code")
        #expect(shop["coupon_url"] == .string("https://example.invalid/J0000000001/coupon"), "coupon url falls back to pc")
        let keys = try #require(
            {
                if case .object(let members) = shop { return members.map(\.0) }; return nil
            }())
        for key in [
            "id", "name", "genre", "genre_code", "catch", "budget", "budget_code", "lat", "lng", "distance_m",
            "address", "station", "access", "open", "close", "url", "photo_url", "coupon_url",
        ] {
            #expect(keys.contains(key), "every restaurant should have \(key)")
        }
    }

    @Test func withoutACentreDistanceAndRangeAreNull() throws {
        let page = RestaurantPage(total: 1, start: 1, restaurants: [Seeds.Restaurants.near])
        let document = try #require(documentOf(present(.success(page), query: RestaurantQuery(keyword: "x"), as: .document)))
        #expect(document["center"] == .null, "no centre is null")
        #expect(document["range_m"] == .null, "no range without a centre")
        guard case .array(let shops)? = document["restaurants"] else { Issue.record("restaurants"); return }
        #expect(shops.first?["distance_m"] == .null, "no distance without a centre")
    }

    @Test func tableRowsAreNumberedFromStartWithDistances() throws {
        let page = RestaurantPage(total: 25, start: 11, restaurants: [Seeds.Restaurants.near, Seeds.Restaurants.middle])
        let viewModel = present(.success(page))
        let table = try #require(tableOf(viewModel)?.rows)
        #expect(table.rows.map { $0[0] } == ["11", "12"], "rows are numbered from the page's start")
        #expect(table.rows[0][3] == "111 m", "distance shown in metres")
        #expect(viewModel?.exitCode == .success, "results mean exit 0")
    }

    @Test func footerCountsAndOffersTheNextPageAndCredits() throws {
        let page = RestaurantPage(total: 25, start: 1, restaurants: [Seeds.Restaurants.near, Seeds.Restaurants.middle])
        let footer = try #require(tableOf(present(.success(page)))?.footer)
        #expect(footer[0] == "1–2 of 25 within 3000 m of 35.6812, 139.7671, nearest first.", "counts and place")
        #expect(footer[1] == "More: add --start 3.", "the next page")
        #expect(footer.last == Credit.line, "the service's credit closes the footer")
    }

    @Test func underThePromptTheFooterPointsAtN() throws {
        let page = RestaurantPage(total: 3, start: 1, restaurants: [Seeds.Restaurants.near, Seeds.Restaurants.middle])
        let footer = try #require(tableOf(present(.success(page), as: .promptedTable))?.footer)
        #expect(footer[1] == "More: n shows 3–3.", "the prompt's own way to the next page, not a flag")
    }

    @Test func nothingFoundIsExitOneWithAHint() throws {
        let viewModel = present(.success(Seeds.Pages.empty), query: RestaurantQuery(center: Seeds.tokyoStation, range: .m300))
        let notice = try #require(listing(viewModel)?.notice)
        #expect(notice.contains("No restaurants found within 300 m"), "says nothing is near")
        #expect(notice.contains("--range"), "suggests a wider range")
        #expect(viewModel?.exitCode == .noResults, "nothing found is exit 1")
    }

    @Test(arguments: [
        (HotpepperError.rejectedKey(message: "APIキーが正しくありません"), ExitCode.permissionDenied),
        (.invalidRequest(message: "x"), .usage),
        (.serviceFailure(code: 1000, message: "x"), .unavailable),
        (.network(.refused, detail: "x"), .unavailable),
        (.unreadableResponse(detail: "not JSON"), .dataError),
        (.missingKey(searched: []), .configuration),
    ])
    func failuresCarryTheirExitCode(error: HotpepperError, code: ExitCode) {
        let viewModel = present(.failure(error))
        #expect(viewModel?.exitCode == code, "\(error) should exit \(code.rawValue)")
        #expect(viewModel?.content == .failure(message: error.localizedDescription), "the error's own message")
    }

    @Test func cellsAreSingleLine() throws {
        var shop = Seeds.Restaurants.near
        shop.name = "二行の\n店名"
        let table = try #require(tableOf(present(.success(RestaurantPage(total: 1, start: 1, restaurants: [shop]))))?.rows)
        #expect(table.rows[0][1] == "二行の 店名", "line breaks in free text become spaces in a table cell")
        #expect(ResultsText.singleLine("a\r\nb\tc\u{2028}d") == "a b c d", "CRLF, tabs and Unicode line separators too")
        #expect(ResultsText.singleLine("東京駅 八重洲口") == "東京駅 八重洲口", "text without breaks stays as it is")
    }
}
