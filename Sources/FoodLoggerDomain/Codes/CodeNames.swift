import Foundation

/// Genre, budget and area names as the user typed them, still to be turned into the service's
/// codes (by `CodeListWorker`, from the code lists). Codes themselves never get here: they go
/// straight into the query.
public struct CodeNames: Sendable, Equatable, Codable {
    public var genres: [String] = []
    public var budgets: [String] = []
    public var area: String?

    public init(genres: [String] = [], budgets: [String] = [], area: String? = nil) {
        self.genres = genres; self.budgets = budgets; self.area = area
    }

    public var isEmpty: Bool { genres.isEmpty && budgets.isEmpty && area == nil }

    /// The longest name taken: the longest genre, budget or area name is a few dozen
    /// characters, and matching a longer one against every entry (the did-you-mean search)
    /// costs time for nothing.
    public static let maxLength = 100
}

/// What kind of name could not be turned into a code.
public enum CodeNameKind: String, Sendable {
    case genre, budget, area

    /// The shape of this kind's codes: G013, B002, Z011 / Y005 / X010 (small areas also XHJR).
    var codePattern: String {
        switch self {
        case .genre: #"G[0-9]{3}"#
        case .budget: #"B[0-9]{3}"#
        case .area: #"[XYZ][0-9A-Z]{3}"#
        }
    }

    /// Whether a text can be no name of this kind, before any list is read: a word shaped like
    /// a code but not this kind's ("G01", "X001" for a genre), or for a budget, anything that
    /// is neither a code nor a band of yen.
    public func cannotName(_ text: String) -> Bool {
        if text.count > CodeNames.maxLength { return true }
        if CodeMatching.code(text, pattern: codePattern) != nil { return false }
        if self == .budget { return YenBand(text) == nil }
        return text.range(of: #"^[A-Za-z]{1,2}[0-9][0-9A-Za-z]*$"#, options: .regularExpression) != nil
    }
}

extension CodeNameKind {
    /// A budget code HOT PEPPER does not have ("B099"): its budget master is a fixed list of
    /// thirteen bands (API.md §5; the stub's list holds them as the service names them), so such
    /// a code is refused before anything is sent, rather than sent and answered with nothing.
    /// False for any other text or kind.
    public func isUnknownCode(_ text: String) -> Bool {
        guard self == .budget, let code = CodeMatching.code(text, pattern: codePattern) else { return false }
        return !StubCodeLists.budgets.contains { $0.code == code }
    }

    /// The texts without repeats: a code once whatever its case or width, a name once
    /// whatever its case, width, accents or separators.
    public func distinct(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert(CodeMatching.code($0, pattern: codePattern) ?? CodeMatching.folded($0)).inserted }
    }
}

extension RestaurantQuery {
    /// Puts each text where it belongs: a code into the query (each once), a name into `names`.
    public mutating func ask(genres: [String], budgets: [String], area: String?) {
        defer { self.genres = self.genres.uniqued(); self.budgets = self.budgets.uniqued() }
        for text in genres {
            if let code = CodeMatching.code(text, pattern: CodeNameKind.genre.codePattern) {
                self.genres.append(code)
            } else {
                names.genres.append(text)
            }
        }
        for text in budgets {
            if let code = CodeMatching.code(text, pattern: CodeNameKind.budget.codePattern) {
                self.budgets.append(code)
            } else {
                names.budgets.append(text)
            }
        }
        if let area {
            if let code = CodeMatching.code(area, pattern: CodeNameKind.area.codePattern) {
                self.area = code
            } else {
                names.area = area
            }
        }
    }

    /// The query with every name replaced by its codes, from the code lists `lists` gives.
    func resolvingNames(
        _ lists: (CodeListKind) async throws(ServiceError) -> [CodeEntry]
    ) async throws(ServiceError) -> RestaurantQuery {
        guard !names.isEmpty else { return self }
        var resolved = self
        resolved.names = CodeNames()
        if !names.genres.isEmpty {
            let list = try await lists(.genres)
            for text in names.genres { resolved.genres.append(try CodeMatching.genre(text, in: list)) }
        }
        if !names.budgets.isEmpty {
            let list = try await lists(.budgets)
            for text in names.budgets { resolved.budgets += try CodeMatching.budgets(text, in: list) }
            resolved.budgets = resolved.budgets.uniqued()
        }
        resolved.genres = resolved.genres.uniqued()
        if let area = names.area {
            // Widest level first, reading the next list only when a name is not found whole:
            // the small areas' list is the longest.
            var levels: [(CodeListKind, [CodeEntry])] = []
            for level in CodeListKind.areaLevels {
                let list = try await lists(level)
                levels.append((level, list))
                if let code = try CodeMatching.area(area, named: .wholeName, in: list) {
                    resolved.area = code
                    return resolved
                }
            }
            resolved.area = try CodeMatching.area(area, in: levels)
        }
        return resolved
    }
}

extension Array where Element: Hashable {
    /// Each element once, where it first stands.
    public func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// How names meet codes: what counts as the same name, and which entry a name means.
enum CodeMatching {
    /// The text as a code, upper-cased, when it has the code's shape.
    static func code(_ text: String, pattern: String) -> String? {
        let code = text.folding(options: .widthInsensitive, locale: nil).trimmingCharacters(in: .whitespaces).uppercased()
        return code.range(of: "^\(pattern)$", options: .regularExpression) != nil ? code : nil
    }

    /// Case, width and accents folded, spaces and separators dropped: "Dining Bar",
    /// "dining-bar" and "ＤＩＮＩＮＧ　ＢＡＲ" are one name.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
            .filter { !$0.isWhitespace && !"-_・/&.'".contains($0) }
    }

    /// A name's parts: the whole name and, for a name like "イタリアン・フレンチ", each side.
    static func parts(_ name: String) -> [String] {
        let sides = name.split(separator: "・").map(String.init)
        return sides.count > 1 ? [name] + sides : [name]
    }

    /// The genre a name means: its Japanese name or a side of it, or an English name.
    static func genre(_ text: String, in list: [CodeEntry]) throws(ServiceError) -> String {
        let wanted = folded(text)
        let matches = list.filter { entry in
            (parts(entry.name) + GenreNames.english(entry.code)).contains { folded($0) == wanted }
        }
        if matches.count == 1 { return matches[0].code }
        if matches.count > 1 { throw .ambiguousName(.genre, text, matches: matches) }
        // A dish the list files under a wider genre (sushi under 和食): that genre is the closest.
        if let dish = GenreNames.dishes[text.lowercased()], let genre = list.first(where: { $0.code == dish.genre }) {
            throw .unknownName(.genre, text, closest: [genre])
        }
        throw .unknownName(.genre, text, closest: closest(text, in: list) { parts($0.name) + GenreNames.english($0.code) })
    }

    /// The entries whose names come nearest the text: those containing it or contained in it,
    /// else those within a few edits, at most five.
    static func closest(_ text: String, in list: [CodeEntry], names: (CodeEntry) -> [String]) -> [CodeEntry] {
        let wanted = folded(text)
        guard !wanted.isEmpty, wanted.count <= CodeNames.maxLength else { return [] }
        let containing = list.filter { entry in
            names(entry).map(folded).contains { !$0.isEmpty && ($0.contains(wanted) || wanted.contains($0)) }
        }
        if !containing.isEmpty { return Array(containing.prefix(5)) }
        let limit = max(1, wanted.count / 3)
        let scored = list.compactMap { entry -> (CodeEntry, Int)? in
            let distance = names(entry).map { folded($0).editDistance(to: wanted) }.min() ?? .max
            return distance <= limit ? (entry, distance) : nil
        }
        return Array(scored.sorted { $0.1 < $1.1 }.prefix(5).map(\.0))
    }

    /// The budget codes a band of yen means: "2000-3000", "～1000", "25000-", "3000" (the band
    /// holding it), or a budget's own name ("2001～3000円"). A band takes every code whose
    /// range it overlaps.
    static func budgets(_ text: String, in list: [CodeEntry]) throws(ServiceError) -> [String] {
        guard let wanted = YenBand(text) else { throw .unknownName(.budget, text, closest: list) }
        let codes = list.filter { entry in YenBand(entry.name).map { wanted.overlaps(budget: $0) } ?? false }.map(\.code)
        guard !codes.isEmpty else { throw .unknownName(.budget, text, closest: list) }
        return codes
    }

    /// The area a name means, at any level: an area of that whole name first, widest level
    /// first (a user naming a city means the city), then a side of a name like "梅田・北新地";
    /// several at one level are ambiguous.
    static func area(_ text: String, in levels: [(CodeListKind, [CodeEntry])]) throws(ServiceError) -> String {
        for naming in [AreaNaming.wholeName, .side] {
            for (_, list) in levels {
                if let code = try area(text, named: naming, in: list) { return code }
            }
        }
        let all = levels.flatMap(\.1)
        throw .unknownName(.area, text, closest: closest(text, in: all) { [$0.name] })
    }

    enum AreaNaming {
        case wholeName, side
    }

    /// The one area of a list a text names (nil: none; several: ambiguous).
    static func area(_ text: String, named naming: AreaNaming, in list: [CodeEntry]) throws(ServiceError) -> String? {
        let wanted = folded(text)
        let matches = list.filter { entry in
            (naming == .wholeName ? [entry.name] : parts(entry.name)).contains { folded($0) == wanted }
        }
        if matches.count > 1 { throw .ambiguousName(.area, text, matches: matches) }
        return matches.first?.code
    }
}

/// A band of yen, both ends included; nil ends are open.
struct YenBand: Equatable {
    var low: Int?
    var high: Int?

    /// "2000-3000", "2,000～3,000円", "¥2000–3000", "～500円", "30001円～", "3000"; nil for
    /// anything else. The ends may be joined by a hyphen, a tilde or a wave dash, an en dash
    /// (as the table prints bands), a minus sign or ー.
    init?(_ text: String) {
        let plain = text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "円", with: "").replacingOccurrences(of: "yen", with: "")
            .filter { !$0.isWhitespace && !",¥￥".contains($0) }
        let ends = plain.split(maxSplits: 1, omittingEmptySubsequences: false) { "~〜-–−ー".contains($0) }.map(String.init)
        guard ends.allSatisfy({ $0.isEmpty || Int($0) != nil }), ends.contains(where: { !$0.isEmpty }) else { return nil }
        low = Int(ends[0])
        high = ends.count == 1 ? low : Int(ends[1])
        if let low, let high, low > high { return nil }
    }

    /// Whether a budget's range ("2001～3000円", which starts just above the band below it)
    /// shares more than an end with this band: "2000-3000" does not take "1501～2000円", whose
    /// top it only touches. A single amount takes the budget holding it.
    func overlaps(budget: YenBand) -> Bool {
        if low == high, let amount = low { return (budget.low ?? .min) <= amount && amount <= (budget.high ?? .max) }
        let start = max((budget.low ?? 0) - 1, low ?? 0)
        let end = min(budget.high ?? .max, high ?? .max)
        return start < end
    }
}

extension CodeEntry {
    /// Whether a keyword picks this entry out of a list: it occurs in the entry's name, its
    /// English name or the names of the wider areas it lies in (`wider`: its own `within` and
    /// beyond), or the code starts with it. A keyword of nothing but separators picks nothing.
    public func mentions(_ keyword: String, wider: [String] = []) -> Bool {
        let wanted = CodeMatching.folded(keyword)
        guard !wanted.isEmpty else { return false }
        return CodeMatching.folded(code).hasPrefix(wanted)
            || ([name] + wider + GenreNames.english(code)).contains { CodeMatching.folded($0).contains(wanted) }
    }
}
