import FoodLoggerDomain

// A stand-in until the h22-query branch lands (it brings the real type into the domain); this
// file goes with that merge.
struct OSMCodeLists: CodeListProtocol {
    func codeList(_ kind: CodeListKind) async throws(HotpepperError) -> [CodeEntry] { [] }
}
