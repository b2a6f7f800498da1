extension String {
    /// Edit distance in which swapping two neighbouring characters is one edit (optimal string
    /// alignment), since a transposition (`--lgn`, `raemn`) is the likeliest typo.
    public func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        var before = [Int](repeating: 0, count: b.count + 1), previous = Array(0...b.count)
        for i in a.indices {
            var row = [i + 1] + [Int](repeating: 0, count: b.count)
            for j in b.indices {
                row[j + 1] = Swift.min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { row[j + 1] = Swift.min(row[j + 1], before[j - 1] + 1) }
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count]
    }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case a mistyped word most likely meant ("vegeterian", "resturant", "gluten-free"),
    /// within two edits, for a list whose raw values are its words.
    public static func closest(to word: String) -> Self? {
        let typed = word.lowercased().replacingOccurrences(of: "-", with: "_")
        let best = allCases.map { ($0, $0.rawValue.editDistance(to: typed)) }.min { $0.1 < $1.1 }
        return best.flatMap { $0.1 <= 2 ? $0.0 : nil }
    }
}
