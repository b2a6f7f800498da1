import FoodLoggerDomain

// Stand-ins until the h22-stub and h22-query branches land (they bring the real types into
// the domain); this file goes with that merge.
struct OverpassStub: HotpepperProtocol {
    func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        throw .invalidRequest(message: "the OpenStreetMap stub is not merged yet")
    }
}

struct OSMCodeLists: CodeListProtocol {
    func codeList(_ kind: CodeListKind) async throws(HotpepperError) -> [CodeEntry] { [] }
}
