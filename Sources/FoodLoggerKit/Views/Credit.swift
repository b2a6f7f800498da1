import FoodLoggerDomain
/// The credit the service's terms require wherever its data is shown, linked to its site.
public enum Credit {
    public static let text = "Powered by ホットペッパーグルメ Webサービス"
    public static let url = "http://webservice.recruit.co.jp/"
    /// As a line of text: the words and the address.
    public static let line = "\(text) (\(url))"
}
