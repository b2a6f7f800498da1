import FoodLoggerDomain

extension Provider {
    /// The credit the service's terms ask for, as a line of text: the words and the address.
    var creditLine: String { "\(self.credit.text) (\(self.credit.url))" }
}
