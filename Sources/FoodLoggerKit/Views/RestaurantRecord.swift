/// A restaurant as every data format shows it (JSON, and the formats derived from it): the
/// documented snake_case fields, in a fixed order. Strings the API left empty stay "".
public enum RestaurantRecord {
    /// `distance_m` is integer metres from `center` by great-circle distance, null without one.
    public static func fields(_ restaurant: Restaurant, center: Coordinate?) -> [(String, JSONValue)] {
        let distance: JSONValue = center.map { .integer(Int(restaurant.coordinate.distance(to: $0).rounded())) } ?? .null
        return [
            ("id", .string(restaurant.id)),
            ("name", .string(restaurant.name)),
            ("name_kana", .string(restaurant.nameKana)),
            ("genre", .string(restaurant.genre.name)),
            ("genre_code", .string(restaurant.genre.code)),
            ("catch", .string(restaurant.catchCopy)),
            ("budget", .string(restaurant.budget?.name ?? "")),
            ("budget_code", .string(restaurant.budget?.code ?? "")),
            ("budget_average", .string(restaurant.budget?.average ?? "")),
            ("lat", .number(restaurant.coordinate.lat)),
            ("lng", .number(restaurant.coordinate.lng)),
            ("distance_m", distance),
            ("address", .string(restaurant.address)),
            ("station", .string(restaurant.stationName)),
            ("access", .string(restaurant.access)),
            ("open", .string(restaurant.open)),
            ("close", .string(restaurant.close)),
            ("url", .string(restaurant.urls.shop)),
            ("photo_url", .string(restaurant.urls.photo)),
            ("coupon_url", .string(restaurant.urls.couponSP.isEmpty ? restaurant.urls.couponPC : restaurant.urls.couponSP)),
        ]
    }

    /// The field names in order, for headers that must exist even when nothing was found.
    public static let fieldNames = fields(
        Restaurant(id: "", name: "", genre: .init(code: "", name: "", catchCopy: ""),
                   coordinate: Coordinate(lat: 0, lng: 0), urls: .init(shop: "", photo: "")),
        center: nil).map(\.0)

    public static func json(_ restaurant: Restaurant, center: Coordinate?) -> JSONValue {
        .object(fields(restaurant, center: center))
    }

    /// The credit the service's terms require wherever its data is shown.
    public static let credit = "Powered by ホットペッパーグルメ Webサービス (http://webservice.recruit.co.jp/)"
}
