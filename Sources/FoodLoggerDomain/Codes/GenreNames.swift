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

    /// Dishes people look for by name that the service files under a wider genre, with the
    /// word its shops write in their names and notes: `--genre sushi` has no genre of its own,
    /// but 和食 (G004) holds it, and `--keyword 寿司` finds it.
    static let dishes: [String: (genre: String, keyword: String)] = [
        "sushi": ("G004", "寿司"), "tempura": ("G004", "天ぷら"), "soba": ("G004", "そば"), "udon": ("G004", "うどん"),
        "tonkatsu": ("G004", "とんかつ"), "unagi": ("G004", "うなぎ"), "yakitori": ("G001", "焼き鳥"),
        "gyoza": ("G007", "餃子"), "curry": ("G015", "カレー"),
    ]

    /// The word a shop writes for `dish` ("寿司" for sushi), when `genres` (the list the name
    /// was looked for in) holds the genre the service files it under: nil for any other word,
    /// and for a list without that genre (OpenStreetMap's cuisines name sushi themselves).
    public static func keyword(forDish dish: String, among genres: [CodeEntry]) -> String? {
        guard let known = dishes[dish.lowercased()], genres.contains(where: { $0.code == known.genre }) else { return nil }
        return known.keyword
    }

    /// The one-word names, for shell completion of --genre.
    public static let words: [String] = table.keys.sorted().flatMap { table[$0]! }.filter { !$0.contains(" ") }

    /// Every English name of a genre, the shown one first; [] for a code the table lacks.
    public static func english(_ code: String) -> [String] { table[code] ?? [] }
}

extension CodeEntry {
    /// A genre's English name ("ramen"), or nil for a code the project has no name for.
    public var englishName: String? { GenreNames.english(code).first }
}
