import FoodLoggerDomain
/// A budget band as people write it in a narrow column: "501～1000円" is "¥501–1,000",
/// "～500円" is "~¥500", "30001円～" is "¥30,001+". Text of any other shape stays as it is.
enum BudgetBand {
    static func short(_ name: String) -> String {
        let text = name.replacingOccurrences(of: "円", with: "").replacingOccurrences(of: "〜", with: "～")
        let ends = text.split(separator: "～", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2 else { return name }
        switch (Int(ends[0]), Int(ends[1])) {
        case (nil, let high?) where ends[0].isEmpty: return "~¥" + grouped(high)
        case (let low?, nil) where ends[1].isEmpty: return "¥" + grouped(low) + "+"
        case (let low?, let high?): return "¥" + grouped(low) + "–" + grouped(high)
        default: return name
        }
    }

    /// Thousands separated by commas, as yen amounts are written.
    static func grouped(_ amount: Int) -> String {
        let digits = String(amount)
        return digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
        }.joined()
    }
}
