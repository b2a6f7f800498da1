import FoodLoggerDomain
/// The credit the service's terms require wherever its data is shown, linked to its site.
enum Credit {
    static let text = "Powered by ホットペッパーグルメ Webサービス"
    static let url = "http://webservice.recruit.co.jp/"
    /// As a line of text: the words and the address.
    static let line = "\(text) (\(url))"
}
