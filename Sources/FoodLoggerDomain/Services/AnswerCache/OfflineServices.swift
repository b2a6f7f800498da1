/// The code lists with nothing sent (`AnswerCache.Mode.offline`): what `CodeListCache`
/// keeps still answers, and anything else fails as not cached.
public struct OfflineCodeLists: CodeListProtocol {
    public init() {}

    public func codeList(_ kind: CodeListKind) async throws(ServiceError) -> [CodeEntry] {
        throw .notCached(.codeList(kind))
    }
}

/// The place search with nothing sent: what `PlaceCache` keeps still answers (under the same
/// scope as the real search's), and any other name fails as not cached.
public struct OfflineGeocoder: GeocodingProtocol {
    public let scope: String

    /// `scope`: the real place search's, whose kept places this one answers with.
    public init(scope: String) {
        self.scope = scope
    }

    public func findPlaces(_ text: String) async throws(ServiceError) -> [Place] {
        throw .notCached(.place(text))
    }
}
