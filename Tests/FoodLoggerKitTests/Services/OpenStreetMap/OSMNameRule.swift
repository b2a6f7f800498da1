/// The name a place is listed by, read from its tags without the decoder (the tests' own
/// statement of the rule): `name`, else a `name:<language>` (the user's, then English, then the
/// others by code), else `brand`, else `operator`; nil when it has none.
enum OSMNameRule {
    static func name(_ tags: [String: String], language: String = "en") -> String? {
        func given(_ key: String) -> String? {
            tags[key].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let languages = tags.keys.filter { $0.range(of: #"^name:[a-z]{2,3}(-[A-Za-z]+)?$"#, options: .regularExpression) != nil }
            .sorted {
                ($0 == "name:\(language)" ? 0 : $0 == "name:en" ? 1 : 2, $0) < (
                    $1 == "name:\(language)" ? 0 : $1 == "name:en" ? 1 : 2, $1
                )
            }
        return given("name") ?? languages.lazy.compactMap(given).first ?? given("brand") ?? given("operator")
    }
}
