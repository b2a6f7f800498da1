/// HOT PEPPER says a place's kind through its genre: バー・カクテル (G012) is a bar, カフェ・スイーツ
/// (G014) a café, every other genre a restaurant. So `--kind` is asked as genres.
enum HotpepperKinds {
    /// The kinds HOT PEPPER can tell apart.
    static let kinds: Set<PlaceKind> = [.restaurant, .bar, .cafe]

    static let genresByKind: [PlaceKind: String] = [.bar: "G012", .cafe: "G014"]

    /// The genre codes HOT PEPPER has (G001 to G017). Interpolated, not `String(format:)`: its
    /// CVarArg checks cost the runtime two conformance scans on every run.
    static let genreCodes = (1...17).map { $0 < 10 ? "G00\($0)" : "G0\($0)" }

    /// The kind a genre code says; nil for no code or one HOT PEPPER does not have.
    static func kind(ofGenre code: String) -> PlaceKind? {
        guard genreCodes.contains(code) else { return nil }
        return genresByKind.first { $0.value == code }?.key ?? .restaurant
    }

    /// The genres a search asks for: its own, else those of its kinds (none for every genre).
    /// The command line never sends both (`ProviderRefusal`).
    static func genres(for query: RestaurantQuery) -> [String] {
        guard query.genres.isEmpty, !query.kinds.isEmpty else { return query.genres }
        return genreCodes.filter { kind(ofGenre: $0).map(query.kinds.contains) == true }
    }
}
