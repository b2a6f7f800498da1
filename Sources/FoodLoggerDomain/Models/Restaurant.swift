import Foundation

/// One place as a service describes it, normalised: a provider-neutral core that every service
/// fills, where nil means "this service does not say" (OpenStreetMap has no rating, HOT PEPPER
/// no machine-readable hours), and HOT PEPPER's own fields in `hotpepper`, which only HOT PEPPER
/// fills. Scenes and views never ask which service answered; `urls.shop` is whatever page the
/// service gives for the place.
///
/// Codable: the answer cache and the last list keep shops as they were answered, and read
/// back only what this version wrote (anything else is absent).
public struct Restaurant: Sendable, Equatable, Codable {
    /// As the service writes it: `J001234567` for HOT PEPPER, `node/123` or `way/987` for OSM.
    public var id: String
    public var name: String
    public var genre: Genre
    public var subGenre: CodeName?
    public var coordinate: Coordinate
    public var address: String
    /// The place's hours, read once by its service's reader when the answer was decoded.
    public var hours: PlaceHours
    public var urls: Links
    /// The yes/no facts (wifi, lunch, …) in the API's field order, with any memo the shop added.
    public var amenities: [Amenity]
    /// Which service described the shop, for the attribution and the JSON.
    public var provider: Provider
    /// The average of the service's reviews, 1 to 5 stars, and how many there are; nil when the
    /// service has no reviews (only Google Places has them).
    public var rating: Double?
    public var ratingCount: Int?
    /// How dear the place is, 0 (free) to 4 (very expensive); nil when not known.
    public var priceLevel: Int?
    /// Whether the place still trades; nil when the service does not say.
    public var businessStatus: BusinessStatus?
    /// What the service said that `businessStatus` was read from (its own word or tag), for
    /// whoever names the evidence (`log check`); nil when it said nothing beyond the status.
    public var statusEvidence: StatusEvidence?
    /// The diets the service says the place caters for (yes or only), in `Diet.allCases` order,
    /// each with what it implies; nil when the service says nothing of diets (HOT PEPPER, or
    /// Google when not asked). Optional so entries kept before it existed still read.
    public var diets: [Diet]?
    /// True for a place an offline stub made up (`--stub`): its page is never opened, even where
    /// it looks like a real service's, and the food log never keeps it. Nil for a service's places.
    public var invented: Bool?
    /// What sort of place it is; nil when the service does not say.
    public var kind: PlaceKind?
    /// The place's names in other languages, by language code (`en`, `ja`), the user's language
    /// first: those that differ from `name`. Nil when the service gives none.
    public var otherNames: [LocalName]?
    /// The telephone number as the service writes it; nil when it gives none.
    public var phone: String?
    /// The place's own website (not the service's page of it, which is `urls.shop`); nil when
    /// the service gives none.
    public var website: String?
    /// What only HOT PEPPER says of the place; nil from every other service.
    public var hotpepper: HotpepperDetails?
    /// The services a merged place was made from, in the order they were asked; nil for a place
    /// one service alone answered (then `provider` and `id` say where it came from).
    public var sources: [PlaceSource]?

    /// A name in one language.
    public struct LocalName: Sendable, Equatable, Codable {
        public var language: String
        public var name: String
        public init(language: String, name: String) { self.language = language; self.name = name }
    }

    /// A place that closed for a while or for good is never shown as open, whatever its hours say.
    public enum BusinessStatus: String, Sendable, Equatable, Codable {
        case operational, closedTemporarily = "closed_temporarily", closedPermanently = "closed_permanently"
    }

    /// The service's own fact behind a status, as its decoder read it.
    public enum StatusEvidence: Sendable, Equatable, Codable {
        /// The status value as the service wrote it (Google's `CLOSED_TEMPORARILY`).
        case status(String)
        /// A lifecycle tag says it (OSM's `disused:amenity`, `disused=yes`).
        case lifecycleTag(String)
        /// Looked up by id, the place is no longer tagged as a place to eat at all.
        case retagged
    }

    public struct Genre: Sendable, Equatable, Codable {
        public var code: String
        public var name: String
        public var catchCopy: String
        public init(code: String, name: String, catchCopy: String) {
            self.code = code; self.name = name; self.catchCopy = catchCopy
        }
    }

    public struct CodeName: Sendable, Equatable, Codable {
        public var code: String
        public var name: String
        public init(code: String, name: String) { self.code = code; self.name = name }
    }

    public struct Links: Sendable, Equatable, Codable {
        public var shop: String
        public var photo: String
        public init(shop: String, photo: String) { self.shop = shop; self.photo = photo }
    }

    public init(
        id: String, name: String, genre: Genre, subGenre: CodeName? = nil, coordinate: Coordinate,
        address: String = "", hours: PlaceHours, urls: Links, amenities: [Amenity] = [],
        provider: Provider, rating: Double? = nil,
        ratingCount: Int? = nil, priceLevel: Int? = nil, businessStatus: BusinessStatus? = nil, diets: [Diet]? = nil,
        kind: PlaceKind? = nil, otherNames: [LocalName]? = nil, phone: String? = nil, website: String? = nil,
        hotpepper: HotpepperDetails? = nil, sources: [PlaceSource]? = nil
    ) {
        self.id = id; self.name = name; self.genre = genre; self.subGenre = subGenre; self.coordinate = coordinate
        self.address = address; self.hours = hours; self.urls = urls; self.amenities = amenities
        self.provider = provider
        self.rating = rating; self.ratingCount = ratingCount; self.priceLevel = priceLevel
        self.businessStatus = businessStatus; self.diets = diets
        self.kind = kind; self.otherNames = otherNames; self.phone = phone; self.website = website
        self.hotpepper = hotpepper; self.sources = sources
    }

    /// HOT PEPPER's Japanese opening text as written ("" from every other service).
    public var open: String { hours.open }
    /// HOT PEPPER's Japanese closing-days text as written ("" from every other service).
    public var close: String { hours.close }
    /// OpenStreetMap's `opening_hours` value as tagged; nil from every other service.
    public var osmOpeningHours: String? { hours.openingHours }
    /// The hours as periods (a week, and dated days that answer for themselves), as Google
    /// gives them; nil from every other service.
    public var periodHours: PeriodHours? { hours.periods }

    /// The place's price level, 1 (inexpensive) to 4 (very expensive; 0 is free): the service's
    /// own (`priceLevel`), else its budget band read as one (`HotpepperDetails.Budget.priceLevel`),
    /// so that --price asks the same of every service that says what places cost.
    public var price: Int? { priceLevel ?? hotpepper?.budget?.priceLevel }

    /// The value of one amenity as the API wrote it ("あり ：memo"), or nil when absent.
    public func amenity(_ kind: AmenityKind) -> String? {
        amenities.first { $0.kind == kind }?.value
    }
}

extension [Restaurant] {
    /// The shops by distance from `center`, ties in their order here: the order the numbers in a
    /// list and on a map agree with.
    /// The sort moves distances and positions, not the places themselves: a place is a large
    /// value, which a sort of 800 would copy some 18,000 times.
    public func nearestFirst(to center: Coordinate) -> [Restaurant] {
        indices.map { (distance: self[$0].coordinate.distance(to: center), index: $0) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .map { self[$0.index] }
    }
}

/// One yes/no fact about a shop, as the service phrased it (e.g. "あり ：個室は2部屋").
public struct Amenity: Sendable, Equatable, Codable {
    public var kind: AmenityKind
    public var value: String
    public init(_ kind: AmenityKind, _ value: String) { self.kind = kind; self.value = value }

    /// What an answer means, whatever words the field uses for it.
    public enum Verdict: Sendable, Equatable {
        case yes, partly, no, unknown
    }

    /// The service's words for each verdict (API.md §3), the one vocabulary the stub's filters
    /// and the card both read. Longer words first, so "不可" is never read as "可".
    public static let vocabulary: [(word: String, verdict: Verdict)] = [
        ("お子様連れOK", .yes), ("お子様連れ歓迎", .yes), ("お子様連れ不可", .no), ("営業していない", .no), ("営業している", .yes),
        ("禁煙席なし", .no), ("全面禁煙", .yes), ("一部禁煙", .partly), ("利用不可", .no), ("利用可", .yes),
        ("貸切不可", .no), ("貸切可", .yes), ("未確認", .unknown), ("あり", .yes), ("なし", .no), ("不可", .no), ("可", .yes),
    ]

    /// The answer's verdict and the memo after it ("あり ：個室2部屋" is yes, "個室2部屋"); nil
    /// for words outside the vocabulary (a free memo such as wedding's).
    public static func answer(_ value: String) -> (word: String, verdict: Verdict, memo: String)? {
        let parts = value.split(separator: "：", maxSplits: 1)
        let head = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard let match = vocabulary.first(where: { head.hasPrefix($0.word) }) else { return nil }
        return (match.word, match.verdict, parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
    }
}

/// The API's amenity fields, in the order the reference lists them. The raw value is both the
/// response field and the 0/1 search parameter of the same name. The last three are facts
/// only OpenStreetMap states (its keys of the same names); HOT PEPPER sends no such field.
public enum AmenityKind: String, Sendable, CaseIterable, Codable {
    case wifi, course, freeDrink = "free_drink", freeFood = "free_food", privateRoom = "private_room"
    case horigotatsu, tatami, card, nonSmoking = "non_smoking", charter, ktai, parking
    case barrierFree = "barrier_free", sommelier, openAir = "open_air", show, equipment, karaoke, band, tv
    case lunch, midnight, english, pet, child
    case takeaway, delivery, smoking

    /// A short English label for cards and help text.
    public var label: String {
        switch self {
        case .wifi: "Wi-Fi"
        case .course: "Courses"
        case .freeDrink: "All-you-can-drink"
        case .freeFood: "All-you-can-eat"
        case .privateRoom: "Private room"
        case .horigotatsu: "Horigotatsu seats"
        case .tatami: "Tatami room"
        case .card: "Credit cards"
        case .nonSmoking: "Non-smoking"
        case .charter: "Private hire"
        case .ktai: "Mobile coupons"
        case .parking: "Parking"
        case .barrierFree: "Barrier-free"
        case .sommelier: "Sommelier"
        case .openAir: "Open-air seats"
        case .show: "Live show"
        case .equipment: "Entertainment equipment"
        case .karaoke: "Karaoke"
        case .band: "Live band allowed"
        case .tv: "TV / projector"
        case .lunch: "Lunch"
        case .midnight: "Open after 23:00"
        case .english: "English menu"
        case .pet: "Pets allowed"
        case .child: "Children welcome"
        case .takeaway: "Takeaway"
        case .delivery: "Delivery"
        case .smoking: "Smoking"
        }
    }
}
