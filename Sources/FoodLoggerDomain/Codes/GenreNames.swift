/// English names for the service's genres: the project's own vocabulary (the service names
/// its genres in Japanese only), so `--genre ramen` works and lists can say what G013 is.
/// The first name of each is the one shown.
public enum GenreNames {
    static let table: [String: [String]] = [
        "G001": ["izakaya", "japanese pub"],
        "G002": ["dining bar", "bistro", "bar and bistro"],
        "G003": ["creative", "fusion"],
        "G004": ["japanese", "washoku"],
        "G005": ["western", "yoshoku"],
        "G006": ["italian", "french", "italian and french"],
        "G007": ["chinese"],
        "G008": ["yakiniku", "horumon", "japanese bbq"],
        "G009": ["asian", "ethnic"],
        "G010": ["international", "world cuisine"],
        "G011": ["karaoke", "party"],
        "G012": ["bar", "cocktail bar", "cocktails"],
        "G013": ["ramen"],
        "G014": ["cafe", "sweets", "dessert"],
        "G015": ["other"],
        "G016": ["okonomiyaki", "monjayaki", "monja"],
        "G017": ["korean"],
    ]

    /// The one-word names, for shell completion of --genre.
    public static let words: [String] = table.keys.sorted().flatMap { table[$0]! }.filter { !$0.contains(" ") }

    /// Every English name of a genre, the shown one first; [] for a code the table lacks.
    public static func english(_ code: String) -> [String] { table[code] ?? [] }
}

extension CodeEntry {
    /// A genre's English name ("ramen"), or nil for a code the project has no name for.
    public var englishName: String? { GenreNames.english(code).first }
}
