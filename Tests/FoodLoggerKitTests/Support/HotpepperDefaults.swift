@testable import FoodLoggerDomain

/// Most tests' pages are HOT PEPPER's: the Domain names the service of every page it makes, and
/// the tests name it only where another service is meant.
extension RestaurantPage {
    init(
        total: Int, start: Int, restaurants: [Restaurant], coverage: [String]? = nil, dropped: [DroppedShop] = [],
        region: Region? = nil
    ) {
        self.init(
            total: total, start: start, restaurants: restaurants, coverage: coverage, dropped: dropped, region: region,
            provider: .hotpepper)
    }
}

extension APIKeyLocator {
    init(environment: [String: String], keyFile: String?, currentDirectory: String) {
        self.init(environment: environment, keyFile: keyFile, currentDirectory: currentDirectory, service: .hotpepper)
    }
}
