import FoodLoggerDomain
/// Restaurants as every data format shows them (JSON, NDJSON, GeoJSON, CSV, HTML): typed
/// values the presenter prepares once, which each renderer draws in its own way.
struct RestaurantListing: Sendable, Equatable {
    /// A search's frame: its centre and radius (nil without a centre), total and first number.
    /// nil for `show`, whose document holds only the restaurants.
    var search: SearchFrame?
    var records: [RestaurantRecord]
    /// The moment each record's `open_now` answers for (now, or --open-at).
    var openAt: JapanTime
    /// What --open-now/--open-at left out; nil when no shop was left out for its hours.
    var leftOut: OpenTally? = nil

    struct SearchFrame: Sendable, Equatable {
        var center: Coordinate?
        /// The place --near found the centre at.
        var centerName: String? = nil
        var rangeMetres: Int
        var total: Int
        var start: Int
    }

    /// `show`'s shops, with every detail.
    init(details restaurants: [Restaurant], at moment: JapanTime) {
        let facts = OpeningHours.Moment(moment)
        records = restaurants.map { RestaurantRecord($0, distanceMetres: nil, detailed: true, at: facts) }
        openAt = moment
    }

    /// A page of search results, with each shop's distance from the centre.
    init(
        _ page: RestaurantPage, query: RestaurantQuery, open: OpenQuestion, tally: OpenTally? = nil, centerName: String? = nil
    ) {
        let center = query.center, facts = OpeningHours.Moment(open.moment)
        search = SearchFrame(
            center: center, centerName: centerName, rangeMetres: query.range.metres, total: page.total, start: page.start)
        records = page.restaurants.map { restaurant in
            RestaurantRecord(
                restaurant, distanceMetres: center.map { restaurant.coordinate.roundedMetres(to: $0) }, detailed: false,
                at: facts)
        }
        openAt = open.moment
        leftOut = tally
    }

    /// The README's schema: center, range_m, total, start, returned, restaurants; `show` gives
    /// only restaurants.
    var json: JSONValue {
        let restaurants: (String, JSONValue) = ("restaurants", .array(records.map { .object($0.members) }))
        let openAt: (String, JSONValue) = ("open_at", .string(HoursText.iso(self.openAt)))
        guard let search else { return .object([restaurants, openAt]) }
        let center = search.center
        let leftOut = self.leftOut.map { tally -> (String, JSONValue) in
            ("left_out", .object([("closed", .integer(tally.closed)), ("unknown", .integer(tally.unknown))]))
        }
        return .object(
            [
                (
                    "center",
                    center.map {
                        .object(
                            [("lat", .number($0.lat)), ("lng", .number($0.lng))]
                                + (search.centerName.map { [("name", .string($0))] } ?? []))
                    } ?? .null
                ),
                ("range_m", center == nil ? .null : .integer(search.rangeMetres)),
                ("total", .integer(search.total)),
                ("start", .integer(search.start)),
                ("returned", .integer(records.count)),
                restaurants, openAt,
            ] + (leftOut.map { [$0] } ?? []))
    }
}

/// One restaurant as the data formats show it: the shop, its distance from the search's centre
/// (nil without one), its hours and whether it is open, and whether `show`'s every detail is
/// wanted.
struct RestaurantRecord: Sendable, Equatable {
    var restaurant: Restaurant
    var distanceMetres: Int?
    var detailed = false
    var hours: OpeningHours?
    var openStatus = OpenStatus.unknown

    init(_ restaurant: Restaurant, distanceMetres: Int?, detailed: Bool, at moment: OpeningHours.Moment) {
        self.restaurant = restaurant; self.distanceMetres = distanceMetres; self.detailed = detailed
        hours = restaurant.openingHours
        openStatus = hours?.status(at: moment) ?? .unknown
    }

    /// The documented snake_case fields, in a fixed order; `detailed` adds the rest after them.
    /// Strings the API left empty stay "".
    var members: [(String, JSONValue)] {
        let shop = restaurant
        let basic: [(String, JSONValue)] = [
            ("id", .string(shop.id)),
            ("name", .string(shop.name)),
            ("name_kana", .string(shop.nameKana)),
            ("genre", .string(shop.genre.name)),
            ("genre_code", .string(shop.genre.code)),
            ("catch", .string(shop.catchCopy)),
            ("budget", .string(shop.budget?.name ?? "")),
            ("budget_code", .string(shop.budget?.code ?? "")),
            ("budget_average", .string(shop.budget?.average ?? "")),
            ("lat", .number(shop.coordinate.lat)),
            ("lng", .number(shop.coordinate.lng)),
            ("distance_m", distanceMetres.map(JSONValue.integer) ?? .null),
            ("address", .string(shop.address)),
            ("station", .string(shop.stationName)),
            ("access", .string(shop.access)),
            ("open", .string(shop.open)),
            ("close", .string(shop.close)),
            ("url", .string(shop.urls.shop)),
            ("photo_url", .string(shop.urls.photo)),
            ("coupon_url", .string(shop.urls.coupon)),
            ("open_now", openStatus.isOpen.map(JSONValue.bool) ?? .null),
            ("hours", HoursText.json(hours)),
        ]
        return detailed ? basic + detailMembers : basic
    }

    /// Everything else the service tells about the shop. `capacity`/`party_capacity` are null
    /// when unknown; `amenities` keeps the API's words.
    private var detailMembers: [(String, JSONValue)] {
        let shop = restaurant, areas = shop.areas
        func codeName(_ value: Restaurant.CodeName?) -> JSONValue {
            value.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) } ?? .null
        }
        return [
            ("sub_genre", shop.subGenre.map { .string($0.name) } ?? .null),
            ("sub_genre_code", shop.subGenre.map { .string($0.code) } ?? .null),
            ("genre_catch", .string(shop.genre.catchCopy)),
            ("budget_memo", .string(shop.budgetMemo)),
            ("capacity", shop.capacity.map(JSONValue.integer) ?? .null),
            ("party_capacity", shop.partyCapacity.map(JSONValue.integer) ?? .null),
            ("mobile_access", .string(shop.mobileAccess)),
            (
                "areas",
                .object([
                    ("large_service_area", codeName(areas.largeServiceArea)), ("service_area", codeName(areas.serviceArea)),
                    ("large_area", codeName(areas.largeArea)), ("middle_area", codeName(areas.middleArea)),
                    ("small_area", codeName(areas.smallArea)),
                ])
            ),
            ("amenities", .object(shop.amenities.map { ($0.kind.rawValue, .string($0.value)) })),
            ("wedding", .string(shop.wedding)),
            ("other_memo", .string(shop.otherMemo)),
            ("shop_detail_memo", .string(shop.shopDetailMemo)),
            ("logo_url", .string(shop.urls.logo)),
            ("coupon_pc_url", .string(shop.urls.couponPC)),
            ("coupon_sp_url", .string(shop.urls.couponSP)),
        ]
    }

    /// The search fields' names in order.
    static var fieldNames: [String] { template.members.map(\.0) }

    /// The search fields as CSV columns (`hours.mon`…), for a header that exists even when
    /// nothing was found.
    static var csvColumns: [String] { JSONValue.object(template.members).cells().map(\.0) }

    private static let template = RestaurantRecord(
        Restaurant(
            id: "", name: "", genre: .init(code: "", name: "", catchCopy: ""),
            coordinate: Coordinate(lat: 0, lng: 0), urls: .init(shop: "", photo: "")),
        distanceMetres: nil, detailed: false,
        at: OpeningHours.Moment(JapanTime(date: .init(year: 2026, month: 1, day: 5), minute: 0)))
}
