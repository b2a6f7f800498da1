import Foundation
import FoodLoggerDomain

/// Restaurants as every data format shows them (JSON, NDJSON, GeoJSON, CSV, HTML): typed
/// values the presenter prepares once, which each renderer draws in its own way.
struct RestaurantListing: Sendable, Equatable {
    /// A search's frame: its centre and radius (nil without a centre), total and first number.
    /// nil for `show`, whose document holds only the restaurants.
    var search: SearchFrame?
    var records: [RestaurantRecord]
    /// The moment each record's `open_now` answers for (now, or --open-at), and the clock of
    /// the shops it is read on.
    var openAt: OpenQuestion.Moment
    var clock: HoursClock
    /// The symbol a price level is written in where the shops are (HTML draws it).
    var currency: String
    /// The services whose shops these are, whose credits go with them.
    var providers: [Provider]
    /// What --open-now/--open-at left out; nil when no shop was left out for its hours.
    var leftOut: OpenTally? = nil
    /// --fields: the JSON keys to show, in the user's order; nil: every one.
    var fields: [String]? = nil

    /// The chosen fields as flat cells (`hours.mon`… for an object), in the fields' order: the
    /// columns of `--fields` in the table and CSV alike.
    func cells(of fields: [String]) -> (columns: [String], rows: [[String]]) {
        let columns = fields.flatMap { field in
            RestaurantRecord.csvColumns.filter { $0 == field || $0.hasPrefix(field + ".") }
        }
        return (columns, records.map { RestaurantRecord.row(of: $0.members(only: fields), under: columns) })
    }

    struct SearchFrame: Sendable, Equatable {
        var center: Coordinate?
        /// The place --near found the centre at.
        var centerName: String? = nil
        var rangeMetres: Int
        var total: Int
        /// False when the services have more places than were looked at: `total` is a lower bound.
        var totalIsExact = true
        var start: Int
        /// The services of a merge that failed, with the line and exit code each failure has.
        var incomplete: [Failure] = []
    }

    /// A service that failed, as JSON's `incomplete` names it.
    struct Failure: Sendable, Equatable {
        var provider: Provider
        var error: String
        var exit: Int
    }

    /// `show`'s shops, with every detail; `region`: where they are, as far as it is known;
    /// `center`: the centre of the search that numbered them, for each one's distance and walk.
    /// `sourceRecords`: each merged place's sources carry their own records (`show --sources`).
    init(
        details restaurants: [Restaurant], at moment: OpenQuestion.Moment, region: RestaurantPage.Region?,
        from center: Coordinate? = nil, sourceRecords: Bool = false
    ) {
        let clock = OpenClock(moment, region: region)
        records = restaurants.map { restaurant in
            var record = RestaurantRecord(restaurant, from: center, detailed: true, on: clock)
            if sourceRecords {
                record.sourceRecords = restaurant.sources?.map { source in
                    source.record.map { RestaurantRecord($0, from: nil, detailed: true, on: clock) }
                }
            }
            return record
        }
        openAt = moment
        providers = restaurants.flatMap(\.answeredBy).uniqued()
        // No shop, no clock to name: Japan's, as before there was more than one service.
        self.clock = (providers.first ?? .hotpepper).clock(in: region)
        currency = BudgetBand.currencySymbol(region?.countryCode)
    }

    /// What a search found, with each place's distance from the centre.
    init(_ found: FoundPlaces, open: OpenQuestion, log: FoodLogSummary = .empty) {
        self.init(found.page, query: found.query, open: open, tally: found.tally, centerName: found.located?.place.name, log: log)
        search?.totalIsExact = found.totalIsExact
        search?.incomplete = found.incomplete.map { failure in
            Failure(
                provider: failure.provider,
                error: failure.error.localizedDescription.trimmingCharacters(in: .whitespacesAndNewlines),
                exit: Int(failure.error.exitCode.rawValue))
        }
    }

    /// A page of search results, with each shop's distance from the centre.
    init(
        _ page: RestaurantPage, query: RestaurantQuery, open: OpenQuestion, tally: OpenTally? = nil, centerName: String? = nil,
        log: FoodLogSummary = .empty
    ) {
        let center = query.center, clock = OpenClock(open.moment, region: page.region)
        search = SearchFrame(
            center: center, centerName: centerName, rangeMetres: query.metres, total: page.total, start: page.start)
        records = page.restaurants.map { restaurant in
            RestaurantRecord(restaurant, from: center, detailed: false, on: clock, log: log.mark(for: restaurant))
        }
        openAt = open.moment
        self.clock = page.provider.clock(in: page.region)
        currency = BudgetBand.currencySymbol(page.region?.countryCode)
        // A list from the food log mixes services: each one's credit goes with its shops.
        providers = ([page.provider] + page.restaurants.flatMap(\.answeredBy)).uniqued()
        leftOut = tally
    }

    /// The README's schema: center, range_m, total, start, returned, restaurants; `show` gives
    /// only restaurants.
    var json: JSONValue {
        let restaurants: (String, JSONValue) = ("restaurants", .array(records.map { .object($0.members) }))
        let openAt: (String, JSONValue) = ("open_at", HoursText.iso(self.openAt, on: clock).map(JSONValue.string) ?? .null)
        guard let search else { return .object([restaurants, openAt]) }
        let center = search.center
        let leftOut = self.leftOut.map { tally -> (String, JSONValue) in
            (
                "left_out",
                .object([
                    ("closed", .integer(tally.closed)), ("unknown", .integer(tally.unknown)),
                    ("closing_too_soon", .integer(tally.closingTooSoon)),
                ])
            )
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
                ("total_is_exact", .bool(search.totalIsExact)),
                ("start", .integer(search.start)),
                ("returned", .integer(records.count)),
                restaurants, openAt,
                (
                    "incomplete",
                    .array(
                        search.incomplete.map {
                            .object([
                                ("provider", .string($0.provider.rawValue)), ("error", .string($0.error)),
                                ("exit", .integer($0.exit)),
                            ])
                        })
                ),
            ] + (leftOut.map { [$0] } ?? []))
    }
}

/// One restaurant as the data formats show it: the shop, its distance and the way there from the
/// search's centre (nil without one), its hours and whether it is open, and whether `show`'s
/// every detail is wanted.
struct RestaurantRecord: Sendable, Equatable {
    var restaurant: Restaurant
    var walk: Walk?
    var detailed = false
    var hours: OpeningHours?
    /// Whether the service gave hours, and whether they could be read (`hours_state`).
    var hoursState = HoursState.none
    var openStatus = OpenStatus.unknown
    /// What the food log says of the shop; nil when it does not hold it (or was not read).
    var log: LogMark?
    /// When it closes or opens next after the moment asked about.
    var timeLeft = TimeLeft.unknown
    /// A merged place's services, each with whether its own record says the place is open.
    var sources: [SourceStatus]?
    /// `show --sources`: each source's own record, in the sources' order (nil where not kept).
    var sourceRecords: [RestaurantRecord?]?

    /// One service's part in a merged place, and whether its own record says it is open.
    struct SourceStatus: Sendable, Equatable {
        var source: PlaceSource
        var status: OpenStatus
    }

    /// The way there on foot from the search's centre, on a map site; nil without a centre.
    var directions: String?

    var distanceMetres: Int? { walk?.metres }

    init(_ restaurant: Restaurant, from center: Coordinate?, detailed: Bool, on clock: OpenClock, log: LogMark? = nil) {
        self.restaurant = restaurant; self.detailed = detailed
        walk = center.map { Walk(from: $0, to: restaurant.coordinate) }
        directions = center.map(restaurant.directions(from:))
        self.log = log
        // The hours as the service's reader read them when the answer was decoded.
        hours = restaurant.hours.weekly
        hoursState = restaurant.hours.state
        openStatus = clock.status(of: restaurant)
        timeLeft = clock.timeLeft(of: restaurant)
        sources = restaurant.sources?.map { source in
            SourceStatus(source: source, status: source.record.map { clock.status(of: $0) } ?? .unknown)
        }
    }

    /// Where the services disagree whether the place is open: each one's answer (those that can
    /// tell); nil when they agree or fewer than two can tell.
    var openDisagreement: [(provider: Provider, open: Bool)]? {
        let answers = (sources ?? []).compactMap { entry in entry.status.isOpen.map { (entry.source.provider, $0) } }
        return Set(answers.map(\.1)).count > 1 ? answers : nil
    }

    /// The documented snake_case fields, in a fixed order; `detailed` adds the rest after them.
    /// Strings the API left empty stay ""; fields the shop's service does not have are null.
    var members: [(String, JSONValue)] {
        let shop = restaurant
        let basic: [(String, JSONValue)] = [
            ("id", .string(shop.id)),
            ("name", .string(shop.name)),
            ("name_kana", own(\.nameKana)),
            ("genre", .string(shop.genre.name)),
            ("genre_code", .string(shop.genre.code)),
            ("catch", own(\.catchCopy)),
            ("budget", own { $0.budget?.name ?? "" }),
            ("budget_code", own { $0.budget?.code ?? "" }),
            ("budget_average", own { $0.budget?.average ?? "" }),
            ("lat", .number(shop.coordinate.lat)),
            ("lng", .number(shop.coordinate.lng)),
            ("distance_m", distanceMetres.map(JSONValue.integer) ?? .null),
            ("address", .string(shop.address)),
            ("station", own(\.stationName)),
            ("access", own(\.access)),
            ("open", text(shop.open, .hoursText)),
            ("close", text(shop.close, .hoursText)),
            ("url", .string(shop.urls.shop)),
            ("photo_url", text(shop.urls.photo, .pictures)),
            ("coupon_url", own(\.coupon)),
            ("open_now", openStatus.isOpen.map(JSONValue.bool) ?? .null),
            ("hours", HoursText.json(hours)),
            ("provider", .string(shop.provider.rawValue)),
            ("opening_hours", shop.osmOpeningHours.map(JSONValue.string) ?? .null),
            ("rating", shop.rating.flatMap { $0.isFinite ? JSONValue.number($0) : nil } ?? .null),
            ("rating_count", shop.ratingCount.map(JSONValue.integer) ?? .null),
            ("price_level", shop.priceLevel.map(JSONValue.integer) ?? .null),
            ("business_status", shop.businessStatus.map { .string($0.rawValue) } ?? .null),
            ("closes_at", instant(timeLeft.closesAt)),
            ("last_order_at", instant(timeLeft.lastOrderAt)),
            ("opens_at", instant(timeLeft.opensAt)),
            ("minutes_left", timeLeft.minutesLeft.map(JSONValue.integer) ?? .null),
            ("walk_minutes", walk?.minutes.map(JSONValue.integer) ?? .null),
            ("bearing_deg", walk?.bearing.map(JSONValue.integer) ?? .null),
            ("diet", shop.diets.map { .array($0.map { .string($0.rawValue) }) } ?? .null),
            ("kind", shop.kind.map { .string($0.rawValue) } ?? .null),
            ("names", shop.otherNames.map { .object($0.map { ($0.language, .string($0.name)) }) } ?? .null),
            ("phone", shop.phone.map(JSONValue.string) ?? .null),
            ("website", shop.website.map(JSONValue.string) ?? .null),
            ("hours_state", .string(hoursState.rawValue)),
            (
                "sources",
                sources.map { sources in
                    .array(
                        sources.enumerated().map { index, entry in
                            .object(
                                [
                                    ("provider", .string(entry.source.provider.rawValue)), ("id", .string(entry.source.id)),
                                    ("fields", .array(entry.source.fields.map(JSONValue.string))),
                                    ("open_now", entry.status.isOpen.map(JSONValue.bool) ?? .null),
                                ]
                                    + (sourceRecords.map { records in
                                        [("record", records[index].map { .object($0.members) } ?? .null)]
                                    } ?? []))
                        })
                } ?? .null
            ),
            (
                "open_now_disagreement",
                openDisagreement.map { answers in
                    .array(
                        answers.map { .object([("provider", .string($0.provider.rawValue)), ("open_now", .bool($0.open))]) })
                } ?? .null
            ),
            ("log", LogText.json(log)),
            ("directions_url", directions.map(JSONValue.string) ?? .null),
        ]
        return detailed ? basic + detailMembers : basic
    }

    /// The members named by `fields`, in their order; every member when nil. A dotted field
    /// (`hours.mon`, as the CSV header names it) is the member inside, under that name.
    func members(only fields: [String]?) -> [(String, JSONValue)] {
        guard let fields else { return members }
        let all = members
        return fields.compactMap { field in
            let path = field.split(separator: ".").map(String.init)
            guard var value = all.first(where: { $0.0 == path[0] })?.1 else { return nil }
            for key in path.dropFirst() {
                guard case .object(let inside) = value, let next = inside.first(where: { $0.0 == key })?.1 else {
                    return (field, .null)
                }
                value = next
            }
            return (field, value)
        }
    }

    /// An instant with the place's offset, or null.
    private func instant(_ instant: Date?) -> JSONValue {
        guard let instant, let text = HoursText.iso(instant, on: timeLeft.clock) else { return .null }
        return .string(text)
    }

    /// The shop's text, or null where its service has no such field.
    private func text(_ value: String, _ field: ShopField) -> JSONValue {
        restaurant.describes(field) ? .string(value) : .null
    }

    /// A text of HOT PEPPER's own part; "" where the service has such a part but this record
    /// holds none (a place the food log kept by name), null for a place from another service.
    private func own(_ value: (HotpepperDetails) -> String) -> JSONValue {
        restaurant.hotpepper.map { .string(value($0)) } ?? (restaurant.provider.fields.isEmpty ? .null : .string(""))
    }

    /// Everything else the service tells about the shop. `capacity`/`party_capacity` are null
    /// when unknown; `amenities` keeps the API's words.
    private var detailMembers: [(String, JSONValue)] {
        let shop = restaurant, own = shop.hotpepper, areas = own?.areas
        func codeName(_ value: Restaurant.CodeName?) -> JSONValue {
            value.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) } ?? .null
        }
        return [
            ("sub_genre", shop.subGenre.map { .string($0.name) } ?? .null),
            ("sub_genre_code", shop.subGenre.map { .string($0.code) } ?? .null),
            ("genre_catch", text(shop.genre.catchCopy, .catchCopy)),
            ("budget_memo", self.own(\.budgetMemo)),
            ("capacity", own?.capacity.map(JSONValue.integer) ?? .null),
            ("party_capacity", own?.partyCapacity.map(JSONValue.integer) ?? .null),
            ("mobile_access", self.own(\.mobileAccess)),
            (
                "areas",
                .object([
                    ("large_service_area", codeName(areas?.largeServiceArea)), ("service_area", codeName(areas?.serviceArea)),
                    ("large_area", codeName(areas?.largeArea)), ("middle_area", codeName(areas?.middleArea)),
                    ("small_area", codeName(areas?.smallArea)),
                ])
            ),
            ("amenities", .object(shop.amenities.map { ($0.kind.rawValue, .string($0.value)) })),
            ("wedding", self.own(\.wedding)),
            ("other_memo", self.own(\.otherMemo)),
            ("shop_detail_memo", self.own(\.shopDetailMemo)),
            ("logo_url", self.own(\.logo)),
            ("coupon_pc_url", self.own(\.couponPC)),
            ("coupon_sp_url", self.own(\.couponSP)),
        ]
    }

    /// The search fields' names in order.
    static var fieldNames: [String] { template.members.map(\.0) }

    /// The search fields as CSV columns (`hours.mon`…, `log.visits`…), for a header that exists
    /// even when nothing was found.
    static var csvColumns: [String] { csvColumns(detailed: false) }

    /// A command's CSV header, the same whatever its places say: the search fields', or with
    /// `detailed` (`show`) every detail's too, each area and amenity included.
    static func csvColumns(detailed: Bool) -> [String] {
        var record = template
        if detailed {
            record.detailed = true
            let area = Restaurant.CodeName(code: "", name: "")
            record.restaurant.hotpepper = HotpepperDetails(
                areas: .init(largeServiceArea: area, serviceArea: area, largeArea: area, middleArea: area, smallArea: area))
            record.restaurant.amenities = AmenityKind.allCases.map { Amenity($0, "") }
        }
        return JSONValue.object(record.members).cells().map(\.0)
    }

    /// A record's members as the cells under `columns`: an object opened where the header has
    /// its members' columns, one cell where it has the object's own (`JSONValue.cells`).
    static func row(of members: [(String, JSONValue)], under columns: [String]) -> [String] {
        let opening = Set(
            columns.flatMap { column in
                let parts = column.split(separator: ".").dropLast()
                return parts.indices.map { parts[...$0].joined(separator: ".") }
            })
        let cells = Dictionary(JSONValue.object(members).cells(opening: opening), uniquingKeysWith: { first, _ in first })
        return columns.map { cells[$0] ?? "" }
    }

    private static let template = RestaurantRecord(
        Restaurant(
            id: "", name: "", genre: .init(code: "", name: "", catchCopy: ""),
            coordinate: Coordinate(lat: 0, lng: 0), hours: .none, urls: .init(shop: "", photo: ""), provider: .hotpepper),
        from: nil, detailed: false, on: OpenClock(.now(Date(timeIntervalSince1970: 0)), region: nil),
        log: LogMark(visits: 0))
}
