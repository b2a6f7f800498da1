import FoodLoggerDomain

/// A shop's reviews as people read them: "4.3 (1,234)" in a column, "4.3 of 5 · 1,234 reviews"
/// on a card; nil for a shop whose service has no reviews.
enum RatingText {
    static func short(_ restaurant: Restaurant) -> String? {
        guard let stars = stars(restaurant) else { return nil }
        return restaurant.ratingCount.map { "\(stars) (\(BudgetBand.grouped($0)))" } ?? stars
    }

    static func long(_ restaurant: Restaurant) -> String? {
        guard let stars = stars(restaurant) else { return nil }
        let count = restaurant.ratingCount.map { " · \(BudgetBand.grouped($0)) review\($0 == 1 ? "" : "s")" } ?? ""
        return "\(stars) of 5\(count)"
    }

    /// One decimal, as the services round it; nil for none or for a value no service gives.
    private static func stars(_ restaurant: Restaurant) -> String? {
        guard let rating = restaurant.rating, rating.isFinite, (0...5).contains(rating) else { return nil }
        return String(format: "%.1f", rating)
    }
}

extension Restaurant.BusinessStatus {
    /// What a card says of a place that no longer trades; nil for one that does.
    var notice: String? {
        switch self {
        case .operational: nil
        case .closedTemporarily: "closed for now"
        case .closedPermanently: "closed for good"
        }
    }
}
