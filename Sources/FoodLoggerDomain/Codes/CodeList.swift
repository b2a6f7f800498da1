/// The service's code lists (its "masters"): what the genre, budget and area codes mean.
public enum CodeListKind: String, Sendable, CaseIterable {
    case genres = "genre", budgets = "budget"
    case largeAreas = "large_area", middleAreas = "middle_area", smallAreas = "small_area"

    /// The three area levels, widest first.
    public static let areaLevels: [CodeListKind] = [.largeAreas, .middleAreas, .smallAreas]
}

/// One entry of a code list.
public struct CodeEntry: Sendable, Equatable, Codable {
    public var code: String
    public var name: String
    /// For an area, the area it lies in: a middle area's large area, a small area's middle area.
    public var within: Restaurant.CodeName?

    public init(code: String, name: String, within: Restaurant.CodeName? = nil) {
        self.code = code; self.name = name; self.within = within
    }
}

/// The code lists, wherever they come from: the web service (`HotpepperAPI`) or the offline
/// stub (`HotpepperStub`).
public protocol CodeListProtocol: Sendable {
    /// The whole list, in the service's order.
    func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry]
}
