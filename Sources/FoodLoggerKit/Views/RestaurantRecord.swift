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
        Restaurant(
            id: "", name: "", genre: .init(code: "", name: "", catchCopy: ""),
            coordinate: Coordinate(lat: 0, lng: 0), urls: .init(shop: "", photo: "")),
        center: nil
    ).map(\.0)

    public static func json(_ restaurant: Restaurant, center: Coordinate?) -> JSONValue {
        .object(fields(restaurant, center: center))
    }

    /// What a detail view adds to `fields`: everything else the service tells about the shop.
    /// `capacity`/`party_capacity` are null when unknown; `amenities` keeps the API's words.
    public static func detailFields(_ restaurant: Restaurant) -> [(String, JSONValue)] {
        func codeName(_ value: Restaurant.CodeName?) -> JSONValue {
            value.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) } ?? .null
        }
        let areas = restaurant.areas
        return [
            ("sub_genre", restaurant.subGenre.map { .string($0.name) } ?? .null),
            ("sub_genre_code", restaurant.subGenre.map { .string($0.code) } ?? .null),
            ("genre_catch", .string(restaurant.genre.catchCopy)),
            ("budget_memo", .string(restaurant.budgetMemo)),
            ("capacity", restaurant.capacity.map(JSONValue.integer) ?? .null),
            ("party_capacity", restaurant.partyCapacity.map(JSONValue.integer) ?? .null),
            ("mobile_access", .string(restaurant.mobileAccess)),
            (
                "areas",
                .object([
                    ("large_service_area", codeName(areas.largeServiceArea)), ("service_area", codeName(areas.serviceArea)),
                    ("large_area", codeName(areas.largeArea)), ("middle_area", codeName(areas.middleArea)),
                    ("small_area", codeName(areas.smallArea)),
                ])
            ),
            ("amenities", .object(restaurant.amenities.map { ($0.kind.rawValue, .string($0.value)) })),
            ("wedding", .string(restaurant.wedding)),
            ("other_memo", .string(restaurant.otherMemo)),
            ("shop_detail_memo", .string(restaurant.shopDetailMemo)),
            ("logo_url", .string(restaurant.urls.logo)),
            ("coupon_pc_url", .string(restaurant.urls.couponPC)),
            ("coupon_sp_url", .string(restaurant.urls.couponSP)),
        ]
    }

    /// `fields` (without a centre) followed by `detailFields`.
    public static func detailJSON(_ restaurant: Restaurant) -> JSONValue {
        .object(fields(restaurant, center: nil) + detailFields(restaurant))
    }

}
