/// What only HOT PEPPER says of a shop, beside the neutral core of `Restaurant`: its reading,
/// pitch, budget band, station and access, seats, areas, memos and coupon pages. Only HOT
/// PEPPER's decoder and stub fill it; a place from another service has none (`nil`), and the
/// views say null for its fields rather than "".
public struct HotpepperDetails: Sendable, Equatable, Codable {
    /// The name's reading (`name_kana`).
    public var nameKana: String
    /// The shop's own one-line pitch (the API's `catch`).
    public var catchCopy: String
    public var budget: Budget?
    public var budgetMemo: String
    public var stationName: String
    public var access: String
    public var mobileAccess: String
    public var capacity: Int?
    public var partyCapacity: Int?
    /// Area names from the widest to the narrowest (large service area … small area).
    public var areas: Areas
    public var otherMemo: String
    public var shopDetailMemo: String
    public var wedding: String
    public var logo: String
    public var couponPC: String
    public var couponSP: String

    public init(
        nameKana: String = "", catchCopy: String = "", budget: Budget? = nil, budgetMemo: String = "",
        stationName: String = "", access: String = "", mobileAccess: String = "", capacity: Int? = nil,
        partyCapacity: Int? = nil, areas: Areas = Areas(), otherMemo: String = "", shopDetailMemo: String = "",
        wedding: String = "", logo: String = "", couponPC: String = "", couponSP: String = ""
    ) {
        self.nameKana = nameKana; self.catchCopy = catchCopy; self.budget = budget; self.budgetMemo = budgetMemo
        self.stationName = stationName; self.access = access; self.mobileAccess = mobileAccess
        self.capacity = capacity; self.partyCapacity = partyCapacity; self.areas = areas
        self.otherMemo = otherMemo; self.shopDetailMemo = shopDetailMemo; self.wedding = wedding
        self.logo = logo; self.couponPC = couponPC; self.couponSP = couponSP
    }

    /// The coupon page to give: the smartphone one, else the PC one.
    public var coupon: String { couponSP.isEmpty ? couponPC : couponSP }

    public struct Budget: Sendable, Equatable, Codable {
        public var code: String
        public var name: String
        /// Free text, e.g. "3000円" or "ランチ：1000円　ディナー：3000円"; may be "".
        public var average: String
        public init(code: String, name: String, average: String) {
            self.code = code; self.name = name; self.average = average
        }

        /// The band read as a price level, by the most it says a dinner costs ("2001～3000円":
        /// 3,000 yen; "30001円～": its least): up to 1,500 yen 1, up to 4,000 2, up to 10,000 3,
        /// more 4, as Google prices places in Japan. Nil for a name of another shape.
        public var priceLevel: Int? {
            let ends = name.replacingOccurrences(of: "円", with: "").replacingOccurrences(of: "〜", with: "～")
                .split(separator: "～", omittingEmptySubsequences: false)
            guard ends.count == 2, let most = Int(ends[1]) ?? Int(ends[0]) else { return nil }
            return Self.levelCeilings.firstIndex { most <= $0 }.map { $0 + 1 } ?? Self.levelCeilings.count + 1
        }

        /// The most yen a dinner of levels 1, 2 and 3 costs.
        static let levelCeilings = [1500, 4000, 10000]
    }

    public struct Areas: Sendable, Equatable, Codable {
        public var largeServiceArea: Restaurant.CodeName?
        public var serviceArea: Restaurant.CodeName?
        public var largeArea: Restaurant.CodeName?
        public var middleArea: Restaurant.CodeName?
        public var smallArea: Restaurant.CodeName?
        public init(
            largeServiceArea: Restaurant.CodeName? = nil, serviceArea: Restaurant.CodeName? = nil,
            largeArea: Restaurant.CodeName? = nil, middleArea: Restaurant.CodeName? = nil,
            smallArea: Restaurant.CodeName? = nil
        ) {
            self.largeServiceArea = largeServiceArea; self.serviceArea = serviceArea
            self.largeArea = largeArea; self.middleArea = middleArea; self.smallArea = smallArea
        }
    }
}
