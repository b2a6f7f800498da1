import FoodLoggerDomain
/// A budget band as people write it in a narrow column: "501～1000円" is "¥501–1,000",
/// "～500円" is "~¥500", "30001円～" is "¥30,001+". Text of any other shape stays as it is.
enum BudgetBand {
    /// The shop's budget band, else its price level in the symbols of the country's currency
    /// ("¥¥" in Japan, "€€€" in France, "$$" where the currency is not known); "" for neither.
    static func short(of restaurant: Restaurant, country: String?) -> String {
        if let budget = restaurant.hotpepper?.budget { return short(budget.name) }
        return restaurant.priceLevel.map { priceLevel($0, country: country) } ?? ""
    }

    /// 0 is "free"; 1 to 4 the currency's symbol as many times.
    static func priceLevel(_ level: Int, country: String?) -> String {
        guard level > 0 else { return "free" }
        return String(repeating: currencySymbol(country), count: min(level, 4))
    }

    /// The symbol people in the country read prices in; "$", Google's own default, elsewhere.
    static func currencySymbol(_ country: String?) -> String {
        switch country?.uppercased() {
        case "JP", "CN": "¥"
        case "GB": "£"
        case "KR": "₩"
        case "IN": "₹"
        case "VN": "₫"
        case "TH": "฿"
        case "PH": "₱"
        case "IL": "₪"
        case "TR": "₺"
        case "UA": "₴"
        case "NG": "₦"
        case let code? where euroCountries.contains(code): "€"
        default: "$"
        }
    }

    static let euroCountries: Set<String> = [
        "AT", "BE", "HR", "CY", "EE", "FI", "FR", "DE", "GR", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PT", "SK", "SI", "ES",
        "AD", "MC", "SM", "VA", "ME", "XK",
    ]

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
