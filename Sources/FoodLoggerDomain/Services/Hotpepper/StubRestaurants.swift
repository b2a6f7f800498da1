/// The offline stub's shops: invented for this project (names, texts, addresses and hours are
/// made up; only the genre and budget codes and names come from the service's masters), so
/// the offline mode and the tests can search without a key or a network.
///
/// Five neighbourhoods, each shop placed at a planned distance from its neighbourhood's centre:
/// a few within 300 m, more within 500 m and 1 km, and a few 1–3 km out, so every `range` step
/// adds shops. The order within each neighbourhood is the "recommended" order, deliberately not
/// by distance. Ids are `J9` + 8 digits, apart from the real ids seen so far (`J00…`).
/// Area codes below the large service area are the stub's own (the stub carries no area master).
///
/// A few texts are awkward on purpose, for renderers and tests: a name with a comma and a double
/// quote (J900000104), a catch copy with a line break (J900000001) and one with an emoji
/// (J900000103), an empty catch copy and budget average (J900000112), half-width katakana in
/// `mobileAccess`, and two shops in one building, at the same coordinate (J900000201, J900000202).
enum StubRestaurants {
    /// Every shop, neighbourhood by neighbourhood.
    static var all: [Restaurant] { Neighbourhood.allCases.flatMap(shops(in:)) }

    /// The shops a search can find, in the same order as in `all`. Around a centre, only the
    /// neighbourhoods within reach of the circle, built on first use: a stub search around
    /// Tokyo builds no shop in Osaka.
    static func candidates(for query: RestaurantQuery) -> [Restaurant] {
        guard let centre = query.center else { return all }
        return reachable(from: centre, within: query.metres).flatMap(shops(in:))
    }

    static func reachable(from centre: Coordinate, within metres: Int) -> [Neighbourhood] {
        Neighbourhood.allCases.filter { $0.centre.distance(to: centre) <= Double(metres) + reach }
    }

    /// Whether a search's circle reaches no neighbourhood at all.
    static func isOutside(_ query: RestaurantQuery) -> Bool {
        query.center.map { reachable(from: $0, within: query.metres).isEmpty } ?? false
    }

    /// No shop is farther than this from its neighbourhood's centre (a test holds the data to it).
    static let reach = 3_500.0

    static func shops(in neighbourhood: Neighbourhood) -> [Restaurant] {
        switch neighbourhood {
        case .tokyoStation: tokyoStation
        case .shibuya: shibuya
        case .shinjuku: shinjuku
        case .umeda: umeda
        case .kyotoStation: kyotoStation
        }
    }

    /// The neighbourhoods the data covers, for searching around them.
    enum Neighbourhood: CaseIterable {
        case tokyoStation, shibuya, shinjuku, umeda, kyotoStation

        var name: String {
            switch self {
            case .tokyoStation: "Tokyo Station"
            case .shibuya: "Shibuya"
            case .shinjuku: "Shinjuku"
            case .umeda: "Umeda (Osaka)"
            case .kyotoStation: "Kyoto Station"
            }
        }

        /// The point each shop's distance was planned from.
        var centre: Coordinate {
            switch self {
            case .tokyoStation: Coordinate(lat: 35.6812, lng: 139.7671)
            case .shibuya: Coordinate(lat: 35.6580, lng: 139.7016)
            case .shinjuku: Coordinate(lat: 35.6896, lng: 139.7006)
            case .umeda: Coordinate(lat: 34.7025, lng: 135.4959)
            case .kyotoStation: Coordinate(lat: 34.9858, lng: 135.7588)
            }
        }

        /// The middle area all of its shops carry.
        var middleArea: Restaurant.CodeName {
            switch self {
            case .tokyoStation: .init(code: "Y901", name: "東京駅・丸の内・日本橋")
            case .shibuya: .init(code: "Y902", name: "渋谷")
            case .shinjuku: .init(code: "Y903", name: "新宿")
            case .umeda: .init(code: "Y904", name: "梅田・北新地")
            case .kyotoStation: .init(code: "Y905", name: "京都駅周辺")
            }
        }

        /// The wider areas its shops sit in; each shop adds its own small area.
        fileprivate var areas: HotpepperDetails.Areas {
            typealias Area = Restaurant.CodeName
            let (wide, service, large) =
                switch self {
                case .tokyoStation, .shibuya, .shinjuku:
                    (Area(code: "SS10", name: "関東"), Area(code: "SA91", name: "東京"), Area(code: "Z901", name: "東京"))
                case .umeda:
                    (Area(code: "SS20", name: "関西"), Area(code: "SA92", name: "大阪"), Area(code: "Z902", name: "大阪"))
                case .kyotoStation:
                    (Area(code: "SS20", name: "関西"), Area(code: "SA93", name: "京都"), Area(code: "Z903", name: "京都"))
                }
            return HotpepperDetails.Areas(largeServiceArea: wide, serviceArea: service, largeArea: large, middleArea: middleArea)
        }
    }

    /// A shop's small area; it fixes the shop's neighbourhood and so all its wider areas.
    fileprivate struct SmallArea {
        let code: String
        let name: String
        let neighbourhood: Neighbourhood

        static let marunouchi = SmallArea(code: "X901", name: "丸の内・大手町", neighbourhood: .tokyoStation)
        static let yaesu = SmallArea(code: "X902", name: "八重洲・京橋・八丁堀", neighbourhood: .tokyoStation)
        static let nihonbashi = SmallArea(code: "X903", name: "日本橋・人形町", neighbourhood: .tokyoStation)
        static let shibuyaStation = SmallArea(code: "X911", name: "渋谷駅周辺", neighbourhood: .shibuya)
        static let dogenzaka = SmallArea(code: "X912", name: "道玄坂・神泉", neighbourhood: .shibuya)
        static let miyamasuzaka = SmallArea(code: "X913", name: "宮益坂・青山", neighbourhood: .shibuya)
        static let nakameguro = SmallArea(code: "X914", name: "中目黒・池尻・三宿", neighbourhood: .shibuya)
        static let higashiguchi = SmallArea(code: "X921", name: "新宿東口・歌舞伎町", neighbourhood: .shinjuku)
        static let nishishinjuku = SmallArea(code: "X922", name: "西新宿", neighbourhood: .shinjuku)
        static let sanchome = SmallArea(code: "X923", name: "新宿三丁目・御苑", neighbourhood: .shinjuku)
        static let okubo = SmallArea(code: "X924", name: "大久保・高田馬場", neighbourhood: .shinjuku)
        static let umeda = SmallArea(code: "X931", name: "大阪駅・梅田", neighbourhood: .umeda)
        static let chayamachi = SmallArea(code: "X932", name: "茶屋町・中崎町", neighbourhood: .umeda)
        static let kitashinchi = SmallArea(code: "X933", name: "北新地・北浜", neighbourhood: .umeda)
        static let tenma = SmallArea(code: "X934", name: "天満・中津・十三", neighbourhood: .umeda)
        static let kyotoStation = SmallArea(code: "X941", name: "京都駅周辺", neighbourhood: .kyotoStation)
        static let toji = SmallArea(code: "X942", name: "東寺・梅小路", neighbourhood: .kyotoStation)
        static let shichijo = SmallArea(code: "X943", name: "七条・五条・東山", neighbourhood: .kyotoStation)
        static let shijo = SmallArea(code: "X944", name: "四条・河原町", neighbourhood: .kyotoStation)
    }

    /// The amenity answers typical of a kind of shop, so each row only lists what differs.
    fileprivate enum Style {
        case izakaya, dining, counter, cafe, bar, party, grill

        /// Changes to `baseline`.
        var answers: Answers {
            switch self {
            case .izakaya:
                [
                    .wifi: "あり", .course: "あり", .freeDrink: "あり", .privateRoom: "あり", .charter: "貸切可",
                    .midnight: "営業している",
                ]
            case .dining:
                [
                    .wifi: "あり", .course: "あり", .charter: "貸切可 ：20名様～", .barrierFree: "あり", .english: "あり",
                    .lunch: "あり", .child: "お子様連れ歓迎",
                ]
            case .counter:
                [.wifi: "未確認", .card: "利用不可", .lunch: "あり"]
            case .cafe:
                [.wifi: "あり", .barrierFree: "あり", .english: "あり", .lunch: "あり", .child: "お子様連れ歓迎"]
            case .bar:
                [
                    .wifi: "未確認", .course: "あり", .nonSmoking: "禁煙席なし", .charter: "貸切可", .band: "可", .tv: "あり",
                    .midnight: "営業している", .child: "お子様連れ不可",
                ]
            case .party:
                [
                    .wifi: "あり", .course: "あり", .freeDrink: "あり", .freeFood: "あり", .privateRoom: "あり", .charter: "貸切可",
                    .show: "あり", .karaoke: "あり", .band: "可", .tv: "あり", .midnight: "営業している",
                ]
            case .grill:
                [
                    .course: "あり", .freeFood: "あり", .horigotatsu: "あり", .tatami: "あり", .parking: "あり", .lunch: "あり",
                    .child: "お子様連れ歓迎",
                ]
            }
        }
    }

    /// Amenity answers by kind. `KeyValuePairs` rather than a dictionary: the tables are small and
    /// read by a linear search, and a stub search builds its shops at start-up, where no
    /// hashing or merging of dictionaries is wanted.
    fileprivate typealias Answers = KeyValuePairs<AmenityKind, String>

    /// What a shop answers unless its style or its row says otherwise: the 21 amenity fields real
    /// 1.30 responses carry (`ktai`, `sommelier`, `open_air` and `equipment` are absent there, and here).
    private static let baseline: Answers = [
        .wifi: "なし", .course: "なし", .freeDrink: "なし", .freeFood: "なし", .privateRoom: "なし", .horigotatsu: "なし",
        .tatami: "なし", .card: "利用可", .nonSmoking: "全面禁煙", .charter: "貸切不可", .parking: "なし", .barrierFree: "なし",
        .show: "なし", .karaoke: "なし", .band: "不可", .tv: "なし", .lunch: "なし", .midnight: "営業していない",
        .english: "なし", .pet: "不可", .child: "お子様連れOK",
    ]

    /// Names from the genre master (genre/v1); a list for the same reason as `Answers`.
    private static let genreNames: KeyValuePairs = [
        "G001": "居酒屋", "G002": "ダイニングバー・バル", "G003": "創作料理", "G004": "和食", "G005": "洋食",
        "G006": "イタリアン・フレンチ", "G007": "中華", "G008": "焼肉・ホルモン", "G017": "韓国料理",
        "G009": "アジア・エスニック料理", "G010": "各国料理", "G011": "カラオケ・パーティ", "G012": "バー・カクテル",
        "G013": "ラーメン", "G016": "お好み焼き・もんじゃ", "G014": "カフェ・スイーツ", "G015": "その他グルメ",
    ]

    /// Names from the budget master (budget/v1).
    private static let budgetNames: KeyValuePairs = [
        "B009": "～500円", "B010": "501～1000円", "B011": "1001～1500円", "B001": "1501～2000円", "B002": "2001～3000円",
        "B003": "3001～4000円", "B008": "4001～5000円", "B004": "5001～7000円", "B005": "7001～10000円",
        "B006": "10001～15000円", "B012": "15001～20000円", "B013": "20001～30000円", "B014": "30001円～",
    ]

    /// One row of the table: everything that differs from shop to shop. `number` becomes the id
    /// (`J9` + 8 digits), which also names the shop's fake URLs.
    private static func shop(
        _ number: Int, _ name: String, _ kana: String, _ area: SmallArea, at lat: Double, _ lng: Double,
        genre: String, _ genreCatch: String, sub: String? = nil, budget: String, _ average: String, memo: String = "",
        catch catchCopy: String, address: String, station: String, access: String, mobile: String,
        open: String, close: String, seats: Int?, party: Int?,
        _ style: Style, _ overrides: Answers = [:], wedding: String = ""
    ) -> Restaurant {
        let id = "J\(900_000_000 + number)"
        let page = "https://stub.foodlogger.invalid/shops/\(id)/"
        let styleAnswers = style.answers
        /// The row's answer, else the style's, else the baseline's.
        func answer(_ kind: AmenityKind) -> String? {
            value(of: kind, in: overrides) ?? value(of: kind, in: styleAnswers) ?? value(of: kind, in: baseline)
        }
        var areas = area.neighbourhood.areas
        areas.smallArea = Restaurant.CodeName(code: area.code, name: area.name)
        return Restaurant(
            id: id, name: name,
            genre: .init(code: genre, name: value(of: genre, in: genreNames) ?? "", catchCopy: genreCatch),
            subGenre: sub.map { .init(code: $0, name: value(of: $0, in: genreNames) ?? "") },
            coordinate: Coordinate(lat: lat, lng: lng), address: address, hours: .japaneseText(open: open, close: close),
            urls: .init(shop: page, photo: page + "photo_l.jpg"),
            amenities: AmenityKind.allCases.compactMap { kind in answer(kind).map { Amenity(kind, $0) } },
            provider: .hotpepper, kind: HotpepperKinds.kind(ofGenre: genre),
            hotpepper: HotpepperDetails(
                nameKana: kana, catchCopy: catchCopy,
                budget: .init(code: budget, name: value(of: budget, in: budgetNames) ?? "", average: average),
                budgetMemo: memo, stationName: station, access: access, mobileAccess: mobile, capacity: seats,
                partyCapacity: party, areas: areas, wedding: wedding, logo: page + "logo.jpg",
                couponPC: page + "coupon/", couponSP: page + "coupon/sp/"))
    }

    /// The value paired with `key` in a small table, if any.
    private static func value<Key: Equatable>(of key: Key, in table: KeyValuePairs<Key, String>) -> String? {
        table.first { $0.key == key }?.value
    }
}

extension StubRestaurants {
    /// 東京駅 (Tokyo Station).
    fileprivate static let tokyoStation: [Restaurant] = [
        shop(
            3, "Trattoria Piccola Stella", "とらっとりあ ぴっころ すてっら", .marunouchi, at: 35.682189, 139.764991,
            genre: "G006", "手打ちパスタと薪窯ピッツァ", budget: "B008", "ランチ：1500円　ディナー：5000円",
            catch: "丸の内の路面テラスで、手打ちパスタとワインを",
            address: "東京都千代田区丸の内２-３-６ 丸の内仲通りテラス 1F", station: "二重橋前",
            access: "東京メトロ千代田線二重橋前駅７番出口より徒歩１分／ＪＲ東京駅丸の内南口より徒歩４分",
            mobile: "ﾒﾄﾛ二重橋前駅7番出口徒歩1分",
            open: "月～日、祝日、祝前日: 11:00～15:00 （料理L.O. 14:00）17:30～22:30 （料理L.O. 21:30 ドリンクL.O. 22:00）",
            close: "無休（ビルの休館日に準ずる）", seats: 56, party: 40,
            .dining, [.pet: "可 ：テラス席のみ小型犬OK"],
            wedding: "二次会のご相談承ります。30名様～貸切可"),
        shop(
            1, "炉端 かがり火 丸の内店", "ろばた かがりび まるのうちてん", .marunouchi, at: 35.680954, 139.766268,
            genre: "G001", "炭火炉端と三陸の地酒", sub: "G004", budget: "B003", "3500円", memo: "お通し代：400円",
            catch: "朝獲れ鮮魚を毎日入荷\n地酒は常時30種",
            address: "東京都千代田区丸の内１-９-８ ステラ丸の内ビル B1F", station: "東京",
            access: "ＪＲ東京駅丸の内北口より徒歩２分",
            mobile: "JR東京駅丸の内北口より徒歩2分",
            open:
                "月～金: 11:30～14:00 （料理L.O. 13:30）17:00～23:30 （料理L.O. 22:30 ドリンクL.O. 23:00）土: 16:00～22:00 （料理L.O. 21:00 ドリンクL.O. 21:30）",
            close: "日、祝日", seats: 64, party: 50,
            .izakaya, [.privateRoom: "あり ：4～10名様の個室3部屋", .lunch: "あり ：平日のみ海鮮丼ランチ"],
            wedding: "応相談"),
        shop(
            7, "京橋飯店 菜香楼", "きょうばしはんてん さいこうろう", .yaesu, at: 35.676838, 139.770200,
            genre: "G007", "広東料理と点心の円卓", sub: "G011", budget: "B004", "6000円", memo: "サービス料：ディナー10％",
            catch: "円卓個室で楽しむ本格広東料理と手包み点心",
            address: "東京都中央区京橋２-７-１５ 京橋ロイヤルビル 3F", station: "京橋",
            access: "東京メトロ銀座線京橋駅６番出口より徒歩１分／ＪＲ東京駅八重洲南口より徒歩７分",
            mobile: "東京ﾒﾄﾛ銀座線京橋駅6番出口より徒歩1分/JR東京駅八重洲南口より徒歩7分",
            open: "月～日、祝日、祝前日: 11:30～14:30 （料理L.O. 14:00）17:30～22:00 （料理L.O. 21:00 ドリンクL.O. 21:30）",
            close: "なし", seats: 120, party: 80,
            .dining, [.privateRoom: "あり ：円卓個室6～20名様", .karaoke: "あり ：宴会個室にカラオケ完備", .tv: "あり ：プロジェクター貸出可"],
            wedding: "結婚式の二次会、顔合わせのお食事会も承ります"),
        shop(
            11, "炭火焼肉 牛匠 小伝馬町", "すみびやきにく ぎゅうしょう こでんまちょう", .nihonbashi, at: 35.687270, 139.780045,
            genre: "G008", "黒毛和牛の一頭買い", budget: "B008", "4500円",
            catch: "一頭買いの黒毛和牛を希少部位までリーズナブルに",
            address: "東京都中央区日本橋小伝馬町１４-２ 1F", station: "小伝馬町",
            access: "東京メトロ日比谷線小伝馬町駅３番出口より徒歩１分",
            mobile: "東京ﾒﾄﾛ日比谷線小伝馬町駅3番出口より徒歩1分",
            open: "月～金: 17:00～23:00 （料理L.O. 22:30）土、日、祝日: 16:00～23:00 （料理L.O. 22:30）",
            close: "第2火曜日", seats: 52, party: 30,
            .grill, [.lunch: "なし", .parking: "なし", .horigotatsu: "なし"]),
        shop(
            2, "中華そば 八重洲 燈", "ちゅうかそば やえす あかり", .yaesu, at: 35.680966, 139.768736,
            genre: "G013", "鶏と煮干しの澄んだ一杯", budget: "B010", "950円",
            catch: "朝7時から営業。出勤前の一杯にどうぞ",
            address: "東京都中央区八重洲１-５-１２ 八重洲ひかりビル 1F", station: "東京",
            access: "ＪＲ東京駅八重洲北口より徒歩３分",
            mobile: "JR東京駅八重洲北口より徒歩3分",
            open: "月～土: 07:00～15:00 17:00～21:30 （料理L.O. 21:00）",
            close: "日", seats: 12, party: nil,
            .counter, [.child: "お子様連れ不可 ：カウンターのみのため"]),
        shop(
            5, "日本橋 そば処 藤むら", "にほんばし そばどころ ふじむら", .nihonbashi, at: 35.684004, 139.769093,
            genre: "G004", "石臼挽き十割そばと天ぷら", budget: "B001", "昼1200円／夜3000円",
            catch: "毎朝石臼で挽く十割そば。夜は蕎麦前で一献",
            address: "東京都中央区日本橋１-３-４ 藤村ビル 1F", station: "日本橋",
            access: "東京メトロ銀座線日本橋駅Ｂ９出口より徒歩２分",
            mobile: "東京ﾒﾄﾛ銀座線日本橋駅B9出口より徒歩2分",
            open: "月～金: 11:00～15:00 （料理L.O. 14:30）17:00～21:00 （料理L.O. 20:30）土: 11:00～15:00",
            close: "日、祝日", seats: 30, party: 20,
            .dining, [.english: "あり ：英語メニューをご用意しています", .tatami: "あり ：小上がり座敷12席", .course: "あり ：蕎麦懐石コース"]),
        shop(
            9, "大手町ワインバル CUVÉE", "おおてまちわいんばる きゅべ", .marunouchi, at: 35.687742, 139.762450,
            genre: "G002", "グラスワイン常時20種と熟成肉", budget: "B002", "3000円",
            catch: "グラスワイン20種を480円から。仕事帰りの一杯に",
            address: "東京都千代田区大手町１-６-２ 大手町センタービル B2F", station: "大手町",
            access: "東京メトロ各線大手町駅Ｃ８出口直結",
            mobile: "東京ﾒﾄﾛ各線大手町駅C8出口直結",
            open: "月～金: 11:30～14:00 17:00～23:00 （料理L.O. 22:00 ドリンクL.O. 22:30）",
            close: "土、日、祝日", seats: 48, party: 45,
            .izakaya, [.midnight: "営業していない", .lunch: "あり", .freeDrink: "あり ：2時間飲み放題はコースのみ", .privateRoom: "なし"]),
        shop(
            4, "珈琲舎 ひだまり 八重洲", "こーひーしゃ ひだまり やえす", .yaesu, at: 35.679918, 139.769833,
            genre: "G014", "自家焙煎珈琲と厚焼きトースト", budget: "B010", "800円",
            catch: "ネルドリップの一杯と、ふわふわ厚焼きトースト",
            address: "東京都中央区八重洲２-２-９ 八重洲一番館 2F", station: "京橋",
            access: "ＪＲ東京駅八重洲南口より徒歩４分／東京メトロ銀座線京橋駅より徒歩５分",
            mobile: "JR東京駅八重洲南口より徒歩4分/東京ﾒﾄﾛ銀座線京橋駅より徒歩5分",
            open: "月～金: 07:30～19:00 土、日、祝日: 09:00～18:00",
            close: "年末年始", seats: 28, party: nil,
            .cafe, [.wifi: "あり ：パスワードは店内に掲示", .english: "なし"]),
        shop(
            13, "新川 もんじゃ こてつ", "しんかわ もんじゃ こてつ", .nihonbashi, at: 35.684789, 139.792179,
            genre: "G016", "明太もちチーズもんじゃ", budget: "B001", "2000円",
            catch: "下町の味をそのままに。焼き方はスタッフにお任せください",
            address: "東京都中央区新川２-１７-９", station: "茅場町",
            access: "東京メトロ日比谷線茅場町駅３番出口より徒歩７分",
            mobile: "東京ﾒﾄﾛ日比谷線茅場町駅3番出口より徒歩7分",
            open: "月～金: 17:00～22:30 （料理L.O. 22:00）土、日、祝日: 12:00～22:00 （料理L.O. 21:30）",
            close: "水", seats: 42, party: 36,
            .grill, [.parking: "あり ：近隣にコインパーキングあり"]),
        shop(
            6, "洋食キッチン 銀杏亭", "ようしょくきっちん いちょうてい", .marunouchi, at: 35.677695, 139.764609,
            genre: "G005", "創業の味を守るデミグラスソース", budget: "B011", "1400円",
            catch: "三日かけて仕込むデミグラスのオムライス",
            address: "東京都千代田区丸の内３-４-２ 有楽町寄りビル B1F", station: "有楽町",
            access: "ＪＲ有楽町駅国際フォーラム口より徒歩３分",
            mobile: "JR有楽町駅国際ﾌｫｰﾗﾑ口より徒歩3分",
            open: "月～金: 11:00～15:00 17:00～21:00 （料理L.O. 20:30）土、祝日: 11:00～16:00",
            close: "日", seats: 40, party: 24,
            .dining, [.english: "なし"]),
        shop(
            10, "割烹 みちしお", "かっぽう みちしお", .nihonbashi, at: 35.689313, 139.770736,
            genre: "G004", "旬の魚と季節の会席", budget: "B006", "12000円", memo: "サービス料10％",
            catch: "カウンター八席、店主が目の前で仕立てる季節の会席",
            address: "東京都中央区日本橋本町２-８-５ 1F", station: "三越前",
            access: "東京メトロ半蔵門線三越前駅Ａ１０出口より徒歩４分",
            mobile: "東京ﾒﾄﾛ半蔵門線三越前駅A10出口より徒歩4分",
            open: "月～土: 18:00～22:30 （料理L.O. 20:30 ドリンクL.O. 22:00）",
            close: "日、祝日", seats: 16, party: nil,
            .dining, [.lunch: "なし", .child: "お子様連れ不可 ：小学生以上のお子様は応相談", .privateRoom: "あり ：4名様個室1室"]),
        shop(
            8, "Bar Lantern 日本橋", "ばー らんたん にほんばし", .nihonbashi, at: 35.686022, 139.772082,
            genre: "G012", "季節のフルーツカクテルとウイスキー", budget: "B003", "4000円", memo: "チャージ：500円",
            catch: "路地裏の扉の先に、静かな一杯",
            address: "東京都中央区日本橋室町１-１１-３ 室町小路ビル B1F", station: "三越前",
            access: "東京メトロ銀座線三越前駅Ａ４出口より徒歩３分",
            mobile: "東京ﾒﾄﾛ銀座線三越前駅A4出口より徒歩3分",
            open: "月～土: 18:00～翌2:00 （ドリンクL.O. 翌1:30）",
            close: "日、祝日", seats: 14, party: nil,
            .bar, [.english: "あり ：英語対応可"]),
        shop(
            14, "おむすび処 まる", "おむすびどころ まる", .nihonbashi, at: 35.697384, 139.790853,
            genre: "G015", "土鍋炊きごはんのおむすびと豚汁", budget: "B009", "500円",
            catch: "注文を受けてから握る、ふんわりおむすび",
            address: "東京都中央区日本橋浜町２-５０-３", station: "浜町",
            access: "都営新宿線浜町駅Ａ２出口より徒歩３分",
            mobile: "都営新宿線浜町駅A2出口より徒歩3分",
            open: "月～金: 07:00～14:00 土: 08:00～13:00",
            close: "日、祝日", seats: 8, party: nil,
            .counter, [.barrierFree: "あり ：段差なし"]),
        shop(
            12, "スペインバル ラ・ルナ 八丁堀", "すぺいんばる ら・るな はっちょうぼり", .yaesu, at: 35.675662, 139.785826,
            genre: "G010", "鉄鍋パエリアとタパス", budget: "B002", "3000円",
            catch: "注文後に炊き上げる鉄鍋パエリアが名物",
            address: "東京都中央区八丁堀３-２２-１ 1F", station: "八丁堀",
            access: "ＪＲ京葉線八丁堀駅Ｂ１出口より徒歩２分",
            mobile: "JR京葉線八丁堀駅B1出口より徒歩2分",
            open: "月～土: 17:00～翌0:00 （料理L.O. 23:00 ドリンクL.O. 23:30）",
            close: "日", seats: 34, party: 30,
            .izakaya, [.show: "あり ：毎月第1金曜はフラメンコライブ", .band: "可"]),
    ]
}

extension StubRestaurants {
    /// 渋谷 (Shibuya).
    fileprivate static let shibuya: [Restaurant] = [
        shop(
            103, "大衆酒場 ちょうちん横丁 道玄坂店", "たいしゅうさかば ちょうちんよこちょう どうげんざかてん", .dogenzaka, at: 35.658359, 139.699093,
            genre: "G001", "もつ煮込みと名物ハイボール", budget: "B001", "2000円", memo: "お通し代：330円",
            catch: "🍺 ハッピーアワー17時～19時は生ビール半額！",
            address: "東京都渋谷区道玄坂２-９-６ 道玄坂横丁ビル 1F・2F", station: "渋谷",
            access: "ＪＲ渋谷駅ハチ公口より徒歩４分",
            mobile: "JR渋谷駅ﾊﾁ公口より徒歩4分",
            open: "月～日、祝日、祝前日: 15:00～翌1:00 （料理L.O. 翌0:00 ドリンクL.O. 翌0:30）",
            close: "無休", seats: 70, party: 60,
            .izakaya, [.freeDrink: "あり ：単品飲み放題90分1500円", .nonSmoking: "一部禁煙 ：2Fのみ喫煙可", .tv: "あり ：スポーツ中継あり"]),
        shop(
            101, "豚骨ラーメン 渦 渋谷店", "とんこつらーめん うず しぶやてん", .shibuyaStation, at: 35.658315, 139.700929,
            genre: "G013", "濃厚豚骨と極細麺", budget: "B010", "1000円",
            catch: "替え玉一玉無料。深夜4時まで営業",
            address: "東京都渋谷区道玄坂２-１-３ 渋谷駅前第二ビル 1F", station: "渋谷",
            access: "ＪＲ渋谷駅ハチ公口より徒歩１分",
            mobile: "JR渋谷駅ﾊﾁ公口より徒歩1分",
            open: "月～日、祝日、祝前日: 11:00～翌4:00",
            close: "無休", seats: 18, party: nil,
            .counter, [.midnight: "営業している", .card: "利用不可 ：交通系ICのみ利用可"]),
        shop(
            107, "円山町バル Escalera", "まるやまちょうばる えすかれーら", .dogenzaka, at: 35.656216, 139.695568,
            genre: "G002", "生ハム切り放題とクラフトビール", budget: "B002", "2500円",
            catch: "坂の途中の隠れ家バル。生ハムはその場で切り分け",
            address: "東京都渋谷区円山町５-３ 円山坂ビル 2F", station: "神泉",
            access: "京王井の頭線神泉駅より徒歩３分",
            mobile: "京王井の頭線神泉駅より徒歩3分",
            open: "月～土: 17:00～翌2:00 （料理L.O. 翌1:00）日、祝日: 17:00～23:00",
            close: "年末年始", seats: 30, party: 30,
            .izakaya, [.privateRoom: "なし", .charter: "貸切可 ：15名様～"]),
        shop(
            111, "大橋ホルモン 炎丸", "おおはしほるもん えんまる", .nakameguro, at: 35.650195, 139.690155,
            genre: "G008", "朝締めホルモンの七輪焼き", budget: "B002", "3000円",
            catch: "朝締めのホルモンを七輪で。シメの冷麺も自家製",
            address: "東京都目黒区大橋２-１６-２１", station: "池尻大橋",
            access: "東急田園都市線池尻大橋駅東口より徒歩３分",
            mobile: "東急田園都市線池尻大橋駅東口より徒歩3分",
            open: "月～土: 17:00～翌1:00 （料理L.O. 翌0:30）日、祝日: 16:00～23:00",
            close: "年末年始", seats: 38, party: 30,
            .grill, [.midnight: "営業している", .lunch: "なし", .parking: "なし"]),
        shop(
            102, "Cafe & Books ことのは", "かふぇあんどぶっくす ことのは", .miyamasuzaka, at: 35.658719, 139.703134,
            genre: "G014", "本に囲まれて過ごすカフェ", budget: "B011", "1200円",
            catch: "三千冊の本と、季節のタルト",
            address: "東京都渋谷区渋谷１-１５-８ 宮益坂ブックスビル 2F", station: "渋谷",
            access: "ＪＲ渋谷駅宮益坂口より徒歩３分／東京メトロ渋谷駅Ｂ１出口より徒歩１分",
            mobile: "JR渋谷駅宮益坂口より徒歩3分/東京ﾒﾄﾛ渋谷駅B1出口より徒歩1分",
            open: "月～日、祝日、祝前日: 10:00～22:00 （料理L.O. 21:00 ドリンクL.O. 21:30）",
            close: "不定休", seats: 40, party: nil,
            .cafe, [.wifi: "あり ：電源席あり"]),
        shop(
            105, "パーティスペース Sound Harbor", "ぱーてぃすぺーす さうんどはーばー", .dogenzaka, at: 35.660197, 139.698378,
            genre: "G011", "音響完備の貸切パーティ空間", budget: "B003", "4000円",
            catch: "最大80名様。DJブース・プロジェクター完備の貸切会場",
            address: "東京都渋谷区宇田川町３３-１２ ハーバービル B1F", station: "渋谷",
            access: "ＪＲ渋谷駅ハチ公口より徒歩６分",
            mobile: "JR渋谷駅ﾊﾁ公口より徒歩6分",
            open: "月～日、祝日、祝前日: 17:00～翌5:00",
            close: "不定休", seats: 80, party: 80,
            .party, [.charter: "貸切可 ：20名様から貸切OK", .english: "あり"],
            wedding: "ウェディング二次会プランあり。ムービー上映可"),
        shop(
            109, "創作ダイニング 青ノ庭", "そうさくだいにんぐ あおのにわ", .miyamasuzaka, at: 35.660614, 139.710441,
            genre: "G003", "坪庭を眺める和洋折衷の創作料理", sub: "G002", budget: "B004", "6000円",
            catch: "坪庭を望む掘りごたつ個室で、季節の創作コース",
            address: "東京都渋谷区渋谷２-２２-５ 青山通りビル 7F", station: "表参道",
            access: "東京メトロ銀座線表参道駅Ｂ１出口より徒歩８分／渋谷駅より徒歩１０分",
            mobile: "東京ﾒﾄﾛ銀座線表参道駅B1出口より徒歩8分/渋谷駅より徒歩10分",
            open: "月～金: 18:00～23:00 土、日、祝日: 17:00～22:00",
            close: "不定休", seats: 44, party: 36,
            .izakaya,
            [.horigotatsu: "あり ：掘りごたつ個室4部屋", .privateRoom: "あり ：2～12名様", .midnight: "営業していない", .barrierFree: "あり ：エレベーターあり"]),
        shop(
            104, "ビストロ \"ル・コワン\", 渋谷", "びすとろ る・こわん しぶや", .shibuyaStation, at: 35.655549, 139.700502,
            genre: "G006", "パテ・ド・カンパーニュと自然派ワイン", budget: "B008", "5000円",
            catch: "桜丘の小さなビストロ。自然派ワインはグラス800円から",
            address: "東京都渋谷区桜丘町１４-３ 桜丘テラス 1F", station: "渋谷",
            access: "ＪＲ渋谷駅南改札西口より徒歩４分",
            mobile: "JR渋谷駅南改札西口より徒歩4分",
            open: "火～日: 17:30～23:00 （料理L.O. 22:00 ドリンクL.O. 22:30）",
            close: "月", seats: 22, party: 20,
            .dining, [.lunch: "なし", .child: "お子様連れOK ：ベビーカー入店可"]),
        shop(
            113, "パティスリー ル・ヴァン 中目黒", "ぱてぃすりー る・ゔぁん なかめぐろ", .nakameguro, at: 35.641055, 139.687001,
            genre: "G014", "目黒川沿いの焼き菓子とタルト", budget: "B010", "900円",
            catch: "川沿いのテラスで、焼きたてのタルトを",
            address: "東京都目黒区上目黒２-７-１１ リバーサイド中目黒 1F", station: "中目黒",
            access: "東急東横線中目黒駅正面改札より徒歩５分",
            mobile: "東急東横線中目黒駅正面改札より徒歩5分",
            open: "水～月: 10:00～19:00",
            close: "火", seats: 20, party: nil,
            .cafe, [.pet: "可 ：テラス席のみ"]),
        shop(
            106, "タイ食堂 ソンクラン 宮益坂", "たいしょくどう そんくらん みやますざか", .miyamasuzaka, at: 35.661238, 139.704944,
            genre: "G009", "屋台のガパオと本場のトムヤムクン", budget: "B011", "ランチ：1100円　ディナー：2500円",
            catch: "タイ出身シェフが作る屋台の味",
            address: "東京都渋谷区渋谷２-８-１０ 宮益坂ハイツ 1F", station: "渋谷",
            access: "東京メトロ銀座線渋谷駅より徒歩６分／ＪＲ渋谷駅宮益坂口より徒歩７分",
            mobile: "東京ﾒﾄﾛ銀座線渋谷駅より徒歩6分/JR渋谷駅宮益坂口より徒歩7分",
            open: "月～金: 11:30～15:00 17:00～22:30 （料理L.O. 22:00）土、日、祝日: 11:30～22:30",
            close: "なし", seats: 36, party: 25,
            .cafe, [.english: "あり ：タイ語・英語可", .freeDrink: "あり ：コースに付けられます"]),
        shop(
            110, "Taquería Luz 神南", "たけりあ るす じんなん", .shibuyaStation, at: 35.665632, 139.696176,
            genre: "G010", "トルティーヤから手作りのタコス", budget: "B011", "1500円",
            catch: "毎日店で練るトルティーヤのタコスとマルガリータ",
            address: "東京都渋谷区神南１-１９-２ 1F", station: "渋谷",
            access: "ＪＲ渋谷駅ハチ公口より徒歩１０分／原宿駅より徒歩１２分",
            mobile: "JR渋谷駅ﾊﾁ公口より徒歩10分/原宿駅より徒歩12分",
            open: "月～日、祝日、祝前日: 11:30～22:00",
            close: "無休", seats: 26, party: nil,
            .cafe, [.pet: "可 ：テラス席のみ"]),
        shop(
            108, "韓国屋台 ハヌル 渋谷東口", "かんこくやたい はぬる しぶやひがしぐち", .shibuyaStation, at: 35.651915, 139.704325,
            genre: "G017", "サムギョプサルとチーズタッカルビ", budget: "B002", "2800円",
            catch: "韓国の屋台をまるごと再現。チーズタッカルビ食べ放題あり",
            address: "東京都渋谷区渋谷３-１８-４ 東口ストリートビル 1F", station: "渋谷",
            access: "ＪＲ渋谷駅新南口より徒歩５分",
            mobile: "JR渋谷駅新南口より徒歩5分",
            open: "月～日、祝日、祝前日: 11:30～23:30 （料理L.O. 22:30 ドリンクL.O. 23:00）",
            close: "なし", seats: 60, party: 50,
            .grill, [.parking: "なし", .midnight: "営業している", .freeDrink: "あり ：120分2000円"]),
        shop(
            114, "三宿 おばんざい 灯火", "みしゅく おばんざい ともしび", .nakameguro, at: 35.647355, 139.673516,
            genre: "G004", "大皿おばんざいと燗酒", sub: "G001", budget: "B003", "3500円",
            catch: "カウンターに並ぶ大皿のおばんざいを好きなだけ",
            address: "東京都世田谷区三宿１-４-２４ 2F", station: "池尻大橋",
            access: "東急田園都市線池尻大橋駅より徒歩１２分／三宿交差点すぐ",
            mobile: "東急田園都市線池尻大橋駅より徒歩12分/三宿交差点すぐ",
            open: "月～土: 17:30～翌0:00 （料理L.O. 23:00）",
            close: "日", seats: 24, party: 18,
            .izakaya, [.privateRoom: "なし", .tatami: "あり ：小上がり8席", .course: "なし"]),
        shop(
            112, "恵比寿西 洋食 ぐりる小町", "えびすにし ようしょく ぐりるこまち", .nakameguro, at: 35.642058, 139.698141,
            genre: "G005", "昔ながらの街の洋食屋", budget: "B011", "",
            catch: "",
            address: "東京都渋谷区恵比寿西１-３３-５", station: "代官山",
            access: "東急東横線代官山駅より徒歩６分",
            mobile: "東急東横線代官山駅より徒歩6分",
            open: "月～日、祝日、祝前日: 11:00～21:00",
            close: "火", seats: nil, party: nil,
            .counter),
    ]
}

extension StubRestaurants {
    /// 新宿 (Shinjuku).
    fileprivate static let shinjuku: [Restaurant] = [
        shop(
            202, "やきとり 鶏八 新宿東口店", "やきとり とりはち しんじゅくひがしぐちてん", .higashiguchi, at: 35.690005, 139.701463,
            genre: "G001", "紀州備長炭で焼く朝挽き鶏", budget: "B002", "2800円", memo: "お通し代：300円",
            catch: "朝挽きの銘柄鶏を一本ずつ備長炭で",
            address: "東京都新宿区新宿３-２４-７ 新宿イーストスクエア 3F", station: "新宿",
            access: "ＪＲ新宿駅東口より徒歩２分",
            mobile: "JR新宿駅東口より徒歩2分",
            open: "月～日、祝日、祝前日: 16:00～翌0:00 （料理L.O. 23:00 ドリンクL.O. 23:30）",
            close: "無休", seats: 58, party: 45,
            .izakaya, [.horigotatsu: "あり ：掘りごたつ席20席"]),
        shop(
            201, "ショットバー Moonbow", "しょっとばー むーんぼう", .higashiguchi, at: 35.690005, 139.701463,
            genre: "G012", "ウイスキー200種とオリジナルカクテル", budget: "B003", "3000円", memo: "チャージ：800円",
            catch: "同じビルの5階。終電を逃しても朝まで",
            address: "東京都新宿区新宿３-２４-７ 新宿イーストスクエア 5F", station: "新宿",
            access: "ＪＲ新宿駅東口より徒歩２分",
            mobile: "JR新宿駅東口より徒歩2分",
            open: "月～日: 19:00～翌5:00",
            close: "無休", seats: 16, party: nil,
            .bar, [.english: "あり ：英語メニューあり"]),
        shop(
            206, "Pizzeria Fornello 西新宿", "ぴっつぇりあ ふぉるねっろ にししんじゅく", .nishishinjuku, at: 35.688185, 139.695814,
            genre: "G006", "薪窯ナポリピッツァ", budget: "B011", "ランチ：1300円　ディナー：3000円",
            catch: "480度の薪窯で90秒。もちもちのナポリピッツァ",
            address: "東京都新宿区西新宿１-２５-８ 西新宿センタービル 1F", station: "都庁前",
            access: "都営大江戸線都庁前駅Ａ５出口より徒歩４分",
            mobile: "都営大江戸線都庁前駅A5出口より徒歩4分",
            open: "月～日、祝日、祝前日: 11:00～22:30 （料理L.O. 21:30）",
            close: "ビルの休館日に準ずる", seats: 70, party: 60,
            .dining, [.freeDrink: "あり ：パーティーコースのみ"]),
        shop(
            203, "麺処 しずく 西新宿", "めんどころ しずく にししんじゅく", .nishishinjuku, at: 35.689600, 139.698718,
            genre: "G013", "貝出汁の塩そば", budget: "B010", "1000円",
            catch: "蛤と浅利の出汁に、香る柚子。",
            address: "東京都新宿区西新宿１-１２-３ 西口ビル B1F", station: "新宿",
            access: "ＪＲ新宿駅西口より徒歩２分",
            mobile: "JR新宿駅西口より徒歩2分",
            open: "月～土: 11:00～22:00",
            close: "日", seats: 10, party: nil,
            .counter),
        shop(
            211, "お好み焼き 鉄板 ひより 新宿二丁目", "おこのみやき てっぱん ひより しんじゅくにちょうめ", .sanchome, at: 35.685206, 139.702569,
            genre: "G016", "ふわとろ広島焼き", budget: "B001", "2000円",
            catch: "目の前の鉄板で焼き上げる広島焼き",
            address: "東京都新宿区新宿２-１４-６ 1F", station: "新宿三丁目",
            access: "東京メトロ副都心線新宿三丁目駅Ｃ８出口より徒歩３分",
            mobile: "東京ﾒﾄﾛ副都心線新宿三丁目駅C8出口より徒歩3分",
            open: "火～日: 17:00～翌1:00",
            close: "月", seats: 28, party: 20,
            .grill, [.midnight: "営業している", .lunch: "なし"]),
        shop(
            205, "カラオケダイニング ステージ7 歌舞伎町", "からおけだいにんぐ すてーじせぶん かぶきちょう", .higashiguchi, at: 35.692727, 139.702001,
            genre: "G011", "全室カラオケ付きの宴会個室", budget: "B002", "3000円",
            catch: "全室カラオケ・モニター完備。朝5時まで",
            address: "東京都新宿区歌舞伎町１-２１-５ ステージビル 6F・7F", station: "西武新宿",
            access: "西武新宿線西武新宿駅正面口より徒歩３分／ＪＲ新宿駅東口より徒歩７分",
            mobile: "西武新宿線西武新宿駅正面口より徒歩3分/JR新宿駅東口より徒歩7分",
            open: "月～日、祝日、祝前日: 17:00～翌5:00",
            close: "無休", seats: 150, party: 100,
            .party),
        shop(
            209, "四川料理 麻辣坊", "しせんりょうり まーらーぼう", .nishishinjuku, at: 35.692153, 139.691964,
            genre: "G007", "花椒香る本場の麻婆豆腐", budget: "B011", "1500円",
            catch: "痺れる辛さは五段階から",
            address: "東京都新宿区西新宿７-８-２ 1F", station: "西新宿",
            access: "東京メトロ丸ノ内線西新宿駅２番出口より徒歩２分",
            mobile: "東京ﾒﾄﾛ丸ﾉ内線西新宿駅2番出口より徒歩2分",
            open: "月～土: 11:00～15:00 17:00～22:00",
            close: "日", seats: 46, party: 30,
            .counter, [.card: "利用可", .course: "あり ：宴会コース3000円～"]),
        shop(
            204, "創作和食 結び 新宿三丁目", "そうさくわしょく むすび しんじゅくさんちょうめ", .sanchome, at: 35.689600, 139.703368,
            genre: "G003", "出汁を軸にした創作和食", sub: "G004", budget: "B004", "6500円",
            catch: "一番出汁で仕立てる創作和食のコース",
            address: "東京都新宿区新宿３-６-１２ 三丁目ビル 4F", station: "新宿三丁目",
            access: "東京メトロ丸ノ内線新宿三丁目駅Ｃ４出口より徒歩１分",
            mobile: "東京ﾒﾄﾛ丸ﾉ内線新宿三丁目駅C4出口より徒歩1分",
            open: "月～土: 17:30～23:00 （料理L.O. 22:00 ドリンクL.O. 22:30）",
            close: "日、祝日", seats: 32, party: 24,
            .dining, [.lunch: "なし", .privateRoom: "あり ：6名様個室2部屋"]),
        shop(
            213, "煮干しそば 汐見 中野坂上", "にぼしそば しおみ なかのさかうえ", .nishishinjuku, at: 35.692409, 139.680971,
            genre: "G013", "煮干し香る中華そば", budget: "B010", "950円",
            catch: "朝から煮出す煮干しスープ。限定つけそばは土曜のみ",
            address: "東京都中野区本町２-４８-３", station: "中野坂上",
            access: "東京メトロ丸ノ内線中野坂上駅２番出口より徒歩２分",
            mobile: "東京ﾒﾄﾛ丸ﾉ内線中野坂上駅2番出口より徒歩2分",
            open: "月～土: 11:00～15:00 18:00～21:00",
            close: "日、祝日", seats: 9, party: nil,
            .counter),
        shop(
            207, "サムギョプサル専門 テジ家", "さむぎょぷさるせんもん てじや", .sanchome, at: 35.688678, 139.707034,
            genre: "G017", "厚切りサムギョプサル", budget: "B002", "2500円",
            catch: "厚さ2cmの豚バラを鉄板で。包み野菜はおかわり自由",
            address: "東京都新宿区新宿２-１１-４ 御苑通りビル 2F", station: "新宿三丁目",
            access: "東京メトロ丸ノ内線新宿御苑前駅より徒歩５分",
            mobile: "東京ﾒﾄﾛ丸ﾉ内線新宿御苑前駅より徒歩5分",
            open: "月～金: 17:00～23:00 土、日、祝日: 12:00～23:00",
            close: "月", seats: 40, party: 36,
            .grill, [.parking: "なし", .tatami: "なし"]),
        shop(
            210, "御苑テラスカフェ", "ぎょえんてらすかふぇ", .sanchome, at: 35.685373, 139.709613,
            genre: "G014", "緑を眺めるテラスのブランチ", budget: "B011", "1300円",
            catch: "御苑の緑を眺めながら、朝8時からブランチ",
            address: "東京都新宿区新宿１-３-１８ 御苑テラス 1F", station: "新宿御苑前",
            access: "東京メトロ丸ノ内線新宿御苑前駅１番出口より徒歩２分",
            mobile: "東京ﾒﾄﾛ丸ﾉ内線新宿御苑前駅1番出口より徒歩2分",
            open: "月～日、祝日、祝前日: 08:00～20:00",
            close: "なし", seats: 50, party: nil,
            .cafe, [.pet: "可 ：テラス席のみ"]),
        shop(
            208, "海鮮居酒屋 浜っ子 歌舞伎町", "かいせんいざかや はまっこ かぶきちょう", .higashiguchi, at: 35.695711, 139.701927,
            genre: "G001", "漁港直送の刺身盛り", budget: "B002", "2500円",
            catch: "漁港から直送の刺身盛りが980円。朝5時まで",
            address: "東京都新宿区歌舞伎町２-４５-１ 浜ビル 1F", station: "東新宿",
            access: "都営大江戸線東新宿駅Ａ１出口より徒歩５分",
            mobile: "都営大江戸線東新宿駅A1出口より徒歩5分",
            open: "月～日、祝日、祝前日: 17:00～翌5:00 （料理L.O. 翌4:00 ドリンクL.O. 翌4:30）",
            close: "無休", seats: 90, party: 70,
            .izakaya, [.nonSmoking: "禁煙席なし", .tv: "あり"]),
        shop(
            215, "から揚げ定食 からっと 高田馬場", "からあげていしょく からっと たかだのばば", .okubo, at: 35.713262, 139.711207,
            genre: "G015", "ご飯おかわり自由のから揚げ定食", budget: "B010", "850円",
            catch: "学生さんはご飯大盛り無料",
            address: "東京都新宿区高田馬場２-１８-６", station: "高田馬場",
            access: "ＪＲ高田馬場駅早稲田口より徒歩４分",
            mobile: "JR高田馬場駅早稲田口より徒歩4分",
            open: "月～土: 11:00～22:00",
            close: "日", seats: 20, party: nil,
            .counter),
        shop(
            212, "スパイス食堂 アンナプルナ 大久保", "すぱいすしょくどう あんなぷるな おおくぼ", .okubo, at: 35.701741, 139.700600,
            genre: "G009", "ネパールの定食ダルバート", budget: "B010", "1000円",
            catch: "豆のスープとカレーの定食、ダルバートはおかわり自由",
            address: "東京都新宿区百人町１-１０-７ 2F", station: "新大久保",
            access: "ＪＲ山手線新大久保駅より徒歩２分",
            mobile: "JR山手線新大久保駅より徒歩2分",
            open: "月～日、祝日、祝前日: 11:00～23:30",
            close: "無休", seats: 34, party: 25,
            .cafe, [.english: "あり ：ネパール語・英語可", .midnight: "営業している", .card: "利用不可"]),
        shop(
            214, "焼肉 宵の星 北新宿", "やきにく よいのほし きたしんじゅく", .okubo, at: 35.707513, 139.687863,
            genre: "G008", "厚切りタンとA5ロース", budget: "B008", "5000円",
            catch: "名物の厚切りタンは一日限定二十皿",
            address: "東京都新宿区北新宿４-８-１６", station: "大久保",
            access: "ＪＲ中央線大久保駅北口より徒歩１０分",
            mobile: "JR中央線大久保駅北口より徒歩10分",
            open: "月～日、祝日、祝前日: 17:00～23:30 （料理L.O. 23:00）",
            close: "水", seats: 48, party: 40,
            .grill, [.midnight: "営業している", .lunch: "なし", .parking: "あり ：3台"]),
    ]
}

extension StubRestaurants {
    /// 梅田 (Osaka Umeda).
    fileprivate static let umeda: [Restaurant] = [
        shop(
            303, "お好み焼き 鉄板 ゆらり 東梅田店", "おこのみやき てっぱん ゆらり ひがしうめだてん", .umeda, at: 34.701421, 135.498174,
            genre: "G016", "山芋たっぷりのふわふわお好み焼き", sub: "G001", budget: "B001", "2000円",
            catch: "山芋たっぷり、ふわっと焼き上げる大阪の味",
            address: "大阪府大阪市北区曽根崎２-１０-３ 東梅田ビル 2F", station: "東梅田",
            access: "大阪メトロ谷町線東梅田駅より徒歩２分",
            mobile: "大阪ﾒﾄﾛ谷町線東梅田駅より徒歩2分",
            open: "月～日、祝日、祝前日: 11:30～翌0:00 （料理L.O. 23:00）",
            close: "無休", seats: 54, party: 40,
            .grill, [.freeDrink: "あり ：飲み放題付きコース3500円", .midnight: "営業している", .english: "あり ：英語・韓国語メニュー"]),
        shop(
            301, "串カツ ころも家 梅田店", "くしかつ ころもや うめだてん", .umeda, at: 34.701601, 135.495900,
            genre: "G001", "ソース二度づけ禁止の大阪串カツ", budget: "B001", "1800円",
            catch: "揚げたて串カツ1本110円から",
            address: "大阪府大阪市北区梅田１-２-５ 梅田ステーション地下街 B1F", station: "大阪",
            access: "ＪＲ大阪駅中央口より徒歩２分／大阪メトロ御堂筋線梅田駅南改札すぐ",
            mobile: "JR大阪駅中央口より徒歩2分/大阪ﾒﾄﾛ御堂筋線梅田駅南改札すぐ",
            open: "月～日、祝日、祝前日: 11:00～23:00 （料理L.O. 22:30）",
            close: "施設の休館日に準ずる", seats: 32, party: nil,
            .counter),
        shop(
            307, "古民家バル 灯ろう 中崎町", "こみんかばる とうろう なかざきちょう", .chayamachi, at: 34.703374, 135.501933,
            genre: "G002", "築百年の長屋で楽しむバル料理", budget: "B002", "3000円",
            catch: "築百年の長屋をそのまま使ったバル。二階は座敷",
            address: "大阪府大阪市北区中崎西２-３-１８", station: "中崎町",
            access: "大阪メトロ谷町線中崎町駅２番出口より徒歩３分",
            mobile: "大阪ﾒﾄﾛ谷町線中崎町駅2番出口より徒歩3分",
            open: "火～日: 17:00～23:30 （料理L.O. 22:30）",
            close: "月", seats: 36, party: 30,
            .izakaya, [.tatami: "あり ：2階座敷12名様", .privateRoom: "なし"]),
        shop(
            311, "たこ焼き まるたこ 天満店", "たこやき まるたこ てんまてん", .tenma, at: 34.702499, 135.511215,
            genre: "G015", "出汁で食べるたこ焼き", budget: "B009", "500円",
            catch: "外カリ中トロ。出汁につけて食べる明石焼きも",
            address: "大阪府大阪市北区天神橋４-６-２", station: "天神橋筋六丁目",
            access: "ＪＲ大阪環状線天満駅より徒歩４分",
            mobile: "JR大阪環状線天満駅より徒歩4分",
            open: "月～日: 11:00～21:00",
            close: "無休", seats: 8, party: nil,
            .counter),
        shop(
            302, "茶屋町ロースタリー 晴れ間", "ちゃやまちろーすたりー はれま", .chayamachi, at: 34.703902, 135.496885,
            genre: "G014", "浅煎りスペシャルティコーヒー", budget: "B010", "700円",
            catch: "焙煎機の前のカウンターで、豆選びからお手伝い",
            address: "大阪府大阪市北区茶屋町８-２ 茶屋町スクエア 1F", station: "梅田",
            access: "阪急梅田駅茶屋町口より徒歩２分",
            mobile: "阪急梅田駅茶屋町口より徒歩2分",
            open: "月～日、祝日、祝前日: 08:00～20:00",
            close: "不定休", seats: 18, party: nil,
            .cafe, [.lunch: "なし", .child: "お子様連れOK"]),
        shop(
            305, "パーティルーム ラクーン 茶屋町", "ぱーてぃるーむ らくーん ちゃやまち", .chayamachi, at: 34.704254, 135.499595,
            genre: "G011", "女子会・誕生日会の貸切個室", budget: "B002", "3000円",
            catch: "誕生日ケーキの持ち込みOK。サプライズ演出もお手伝い",
            address: "大阪府大阪市北区茶屋町１５-４ ラクーンビル 5F", station: "梅田",
            access: "阪急梅田駅茶屋町口より徒歩４分",
            mobile: "阪急梅田駅茶屋町口より徒歩4分",
            open: "月～日、祝日、祝前日: 12:00～翌3:00",
            close: "なし", seats: 90, party: 70,
            .party, [.child: "お子様連れ歓迎 ：キッズメニューあり", .lunch: "あり ：土日のみ"]),
        shop(
            309, "ホルモン 福よし 福島", "ほるもん ふくよし ふくしま", .umeda, at: 34.702500, 135.486492,
            genre: "G008", "新鮮ホルモンと塩ダレ", budget: "B002", "3000円",
            catch: "タレは創業以来継ぎ足しの味噌ダレ",
            address: "大阪府大阪市福島区福島５-８-１", station: "福島",
            access: "ＪＲ大阪環状線福島駅より徒歩２分",
            mobile: "JR大阪環状線福島駅より徒歩2分",
            open: "月～日、祝日、祝前日: 17:00～翌1:00",
            close: "水", seats: 30, party: 26,
            .grill, [.midnight: "営業している", .lunch: "なし"]),
        shop(
            304, "塩らーめん 白波 梅田本店", "しおらーめん しらなみ うめだほんてん", .umeda, at: 34.700134, 135.494852,
            genre: "G013", "瀬戸内の藻塩で仕立てる塩らーめん", budget: "B010", "1000円",
            catch: "スープは鶏と昆布と藻塩だけ",
            address: "大阪府大阪市北区梅田１-１１-４ 大阪駅前ビル B2F", station: "北新地",
            access: "ＪＲ東西線北新地駅より徒歩３分",
            mobile: "JR東西線北新地駅より徒歩3分",
            open: "月～金: 11:00～22:00 土、日、祝日: 11:00～20:00",
            close: "年末年始", seats: 14, party: nil,
            .counter),
        shop(
            313, "焼き餃子 天満飯店 福龍", "やきぎょうざ てんまはんてん ふくりゅう", .tenma, at: 34.698906, 135.520677,
            genre: "G007", "ひと口餃子と紹興酒", budget: "B011", "1500円",
            catch: "ひと口餃子は一人前八個で380円",
            address: "大阪府大阪市北区天満４-１２-３", station: "南森町",
            access: "大阪メトロ谷町線南森町駅より徒歩８分",
            mobile: "大阪ﾒﾄﾛ谷町線南森町駅より徒歩8分",
            open: "月～土: 17:00～翌0:00",
            close: "日", seats: 24, party: 20,
            .counter, [.midnight: "営業している", .lunch: "なし"]),
        shop(
            306, "割烹 しのぶ 北新地", "かっぽう しのぶ きたしんち", .kitashinchi, at: 34.698249, 135.496812,
            genre: "G004", "明石の魚と京野菜の割烹", budget: "B012", "18000円", memo: "サービス料10％別途",
            catch: "明石から届く魚を、店主が一皿ずつ",
            address: "大阪府大阪市北区曽根崎新地１-５-２２ 新地会館 3F", station: "北新地",
            access: "ＪＲ東西線北新地駅１１－４１番出口より徒歩３分",
            mobile: "JR東西線北新地駅11-41番出口より徒歩3分",
            open: "月～土: 18:00～23:00 （料理L.O. 21:00）",
            close: "日、祝日", seats: 12, party: nil,
            .dining, [.lunch: "なし", .child: "お子様連れ不可", .english: "なし", .privateRoom: "あり ：6名様まで"]),
        shop(
            310, "スパイスカレー 中津ラサ", "すぱいすかれー なかつらさ", .tenma, at: 34.710866, 135.499604,
            genre: "G009", "日替わりスパイスカレー", budget: "B010", "1100円",
            catch: "あいがけ二種が基本。副菜は日替わり",
            address: "大阪府大阪市北区中津３-７-２", station: "中津",
            access: "大阪メトロ御堂筋線中津駅４番出口より徒歩２分",
            mobile: "大阪ﾒﾄﾛ御堂筋線中津駅4番出口より徒歩2分",
            open: "水～日: 11:30～15:00 18:00～21:00",
            close: "月、火", seats: 14, party: nil,
            .counter, [.english: "あり"]),
        shop(
            308, "Bar 月白", "ばー げっぱく", .kitashinchi, at: 34.696035, 135.494513,
            genre: "G012", "季節の果実のカクテル", budget: "B005", "8000円", memo: "チャージ：1500円",
            catch: "新地の奥、月明かりのようなカウンター",
            address: "大阪府大阪市北区堂島１-３-９ 堂島ビル 4F", station: "北新地",
            access: "ＪＲ東西線北新地駅より徒歩５分",
            mobile: "JR東西線北新地駅より徒歩5分",
            open: "月～土: 19:00～翌3:00",
            close: "日、祝日", seats: 10, party: nil,
            .bar, [.band: "不可", .tv: "なし"]),
        shop(
            314, "韓国家庭料理 オンマの台所 十三", "カンコクカテイリョウリ オンマノダイドコロ ジュウソウ", .tenma, at: 34.727298, 135.501220,
            genre: "G017", "オンマ直伝のスンドゥブ", budget: "B011", "1500円",
            catch: "韓国出身のオンマが作る、毎日食べたい家庭料理",
            address: "大阪府大阪市淀川区十三本町１-８-４", station: "十三",
            access: "阪急十三駅西改札口より徒歩３分",
            mobile: "阪急十三駅西改札口より徒歩3分",
            open: "月～土: 11:30～14:30 17:00～22:00",
            close: "日", seats: 20, party: nil,
            .cafe, [.english: "なし", .wifi: "なし"]),
        shop(
            312, "Bistro Rivière 北浜", "びすとろ りびえーる きたはま", .kitashinchi, at: 34.686115, 135.499413,
            genre: "G006", "川沿いテラスのビストロ料理", budget: "B008", "ランチ：1800円　ディナー：5000円",
            catch: "土佐堀川を眺めるテラス席。夏は川床も",
            address: "大阪府大阪市中央区北浜２-１-１４ 1F", station: "北浜",
            access: "京阪本線北浜駅２６番出口より徒歩２分",
            mobile: "京阪本線北浜駅26番出口より徒歩2分",
            open: "月～日、祝日、祝前日: 11:30～15:00 17:30～22:00",
            close: "火", seats: 40, party: 35,
            .dining, [.pet: "可 ：テラス席に限り可"],
            wedding: "少人数の披露宴・二次会承ります"),
    ]
}

extension StubRestaurants {
    /// 京都駅 (Kyoto Station).
    fileprivate static let kyotoStation: [Restaurant] = [
        shop(
            403, "抹茶カフェ 翠 八条口", "まっちゃかふぇ みどり はちじょうぐち", .kyotoStation, at: 34.983763, 135.759238,
            genre: "G014", "宇治抹茶のパフェと点て出し", budget: "B011", "1500円",
            catch: "宇治抹茶を目の前で点てる、抹茶パフェ専門店",
            address: "京都府京都市南区東九条室町５５-４ 1F", station: "京都",
            access: "ＪＲ京都駅八条東口より徒歩３分",
            mobile: "JR京都駅八条東口より徒歩3分",
            open: "月～日、祝日、祝前日: 10:00～19:00 （料理L.O. 18:30）",
            close: "不定休", seats: 26, party: nil,
            .cafe),
        shop(
            401, "京のおばんざい いろは 八条口店", "きょうのおばんざい いろは はちじょうぐちてん", .kyotoStation, at: 34.985003, 135.758628,
            genre: "G004", "京野菜のおばんざい定食", budget: "B011", "ランチ：1300円　ディナー：3000円",
            catch: "京野菜のおばんざいを十品から選べる定食",
            address: "京都府京都市南区東九条西山王町３-１ 八条口ビル 1F", station: "京都",
            access: "ＪＲ京都駅八条口より徒歩１分",
            mobile: "JR京都駅八条口より徒歩1分",
            open: "月～日、祝日、祝前日: 11:00～15:00 17:00～22:00",
            close: "無休", seats: 44, party: 30,
            .dining, [.english: "あり ：英語・中国語メニュー", .tatami: "あり"]),
        shop(
            407, "湯豆腐と京懐石 七条 かすみ", "ゆどうふときょうかいせき しちじょう かすみ", .shichijo, at: 34.990937, 135.757694,
            genre: "G004", "嵯峨豆腐の湯豆腐会席", sub: "G003", budget: "B005", "9000円", memo: "サービス料10％",
            catch: "坪庭を望む座敷で湯豆腐会席を",
            address: "京都府京都市下京区七条通烏丸西入る東境町１９", station: "京都",
            access: "ＪＲ京都駅烏丸中央口より徒歩８分",
            mobile: "JR京都駅烏丸中央口より徒歩8分",
            open: "月～日: 11:30～14:00 17:30～21:00",
            close: "火", seats: 30, party: 20,
            .dining, [.tatami: "あり ：全席座敷", .privateRoom: "あり ：全室個室", .english: "あり ：英語のお品書きあり", .barrierFree: "なし"],
            wedding: "顔合わせ・結納のお食事会承ります"),
        shop(
            411, "オステリア ヴェント 五条", "おすてりあ ゔぇんと ごじょう", .shichijo, at: 34.998390, 135.758800,
            genre: "G006", "京野菜のイタリアン", budget: "B008", "5000円",
            catch: "朝採り京野菜のバーニャカウダから始まるコース",
            address: "京都府京都市下京区五条通烏丸東入る松屋町４３２", station: "五条",
            access: "京都市営地下鉄烏丸線五条駅より徒歩２分",
            mobile: "京都市営地下鉄烏丸線五条駅より徒歩2分",
            open: "水～月: 11:30～14:30 18:00～22:00",
            close: "火", seats: 24, party: 20,
            .dining),
        shop(
            402, "背脂醤油らーめん かもめ亭", "せあぶらしょうゆらーめん かもめてい", .kyotoStation, at: 34.987217, 135.759105,
            genre: "G013", "九条ねぎたっぷりの背脂醤油", budget: "B010", "900円",
            catch: "九条ねぎ入れ放題。深夜2時まで",
            address: "京都府京都市下京区東塩小路町７２１-２", station: "京都",
            access: "ＪＲ京都駅烏丸中央口より徒歩２分",
            mobile: "JR京都駅烏丸中央口より徒歩2分",
            open: "月～日、祝日、祝前日: 11:00～翌2:00",
            close: "無休", seats: 20, party: nil,
            .counter, [.midnight: "営業している", .english: "あり ：英語の券売機"]),
        shop(
            405, "湯葉と豆腐の創作料理 とうふ庵", "ゆばととうふのそうさくりょうり とうふあん", .kyotoStation, at: 34.988760, 135.760886,
            genre: "G003", "汲み上げ湯葉の創作コース", budget: "B008", "4500円",
            catch: "汲み上げ湯葉から始まる、豆腐づくしのコース",
            address: "京都府京都市下京区東洞院通塩小路上る１２ 東洞院ビル 2F", station: "京都",
            access: "ＪＲ京都駅中央口より徒歩５分",
            mobile: "JR京都駅中央口より徒歩5分",
            open: "月～日、祝日、祝前日: 11:30～14:30 17:30～22:00",
            close: "水", seats: 36, party: 24,
            .dining, [.privateRoom: "あり ：個室2部屋", .horigotatsu: "あり"]),
        shop(
            409, "日本酒バー 蔵ノ間", "にほんしゅばー くらのま", .shichijo, at: 34.987143, 135.768097,
            genre: "G012", "京都の蔵元の日本酒を常時40種", budget: "B003", "3500円",
            catch: "京都府内の蔵元の酒だけを、常時40種",
            address: "京都府京都市下京区木屋町通七条上る２-５", station: "七条",
            access: "京阪本線七条駅１番出口より徒歩５分",
            mobile: "京阪本線七条駅1番出口より徒歩5分",
            open: "月～日: 18:00～翌1:00",
            close: "不定休", seats: 18, party: nil,
            .bar, [.english: "あり ：英語対応スタッフ常駐", .nonSmoking: "全面禁煙"]),
        shop(
            404, "京町家酒場 ひとしずく", "きょうまちやさかば ひとしずく", .kyotoStation, at: 34.987104, 135.756043,
            genre: "G001", "伏見の地酒と京のあて", budget: "B003", "3500円", memo: "お通し代：500円",
            catch: "伏見の蔵元から直送の地酒を飲み比べ",
            address: "京都府京都市下京区西洞院通塩小路上る３-８", station: "京都",
            access: "ＪＲ京都駅烏丸中央口より徒歩５分",
            mobile: "JR京都駅烏丸中央口より徒歩5分",
            open: "月～土: 17:00～23:30 （料理L.O. 22:30）",
            close: "日", seats: 38, party: 30,
            .izakaya, [.tatami: "あり ：町家の座敷", .english: "あり"]),
        shop(
            413, "四条 ワインと京野菜 バル ミエル", "しじょう わいんときょうやさい ばる みえる", .shijo, at: 35.006406, 135.756599,
            genre: "G002", "京野菜のタパスと自然派ワイン", budget: "B002", "3000円",
            catch: "錦市場で仕入れた京野菜のタパスと自然派ワイン",
            address: "京都府京都市下京区四条通烏丸東入る長刀鉾町２０ 3F", station: "四条",
            access: "京都市営地下鉄烏丸線四条駅２１番出口より徒歩１分",
            mobile: "京都市営地下鉄烏丸線四条駅21番出口より徒歩1分",
            open: "月～土: 17:00～翌0:00 日、祝日: 15:00～23:00",
            close: "無休", seats: 32, party: 28,
            .izakaya, [.privateRoom: "なし", .english: "あり"]),
        shop(
            406, "京風中華 鳳泉", "きょうふうちゅうか ほうせん", .toji, at: 34.984354, 135.753952,
            genre: "G007", "にんにくを控えたあっさり京風中華", budget: "B002", "2500円",
            catch: "にんにく控えめ、出汁のきいた京風中華",
            address: "京都府京都市下京区塩小路通堀川西入る８", station: "京都",
            access: "ＪＲ京都駅中央口より徒歩８分",
            mobile: "JR京都駅中央口より徒歩8分",
            open: "月～土: 11:30～14:00 17:00～21:30",
            close: "日、祝日", seats: 48, party: 40,
            .dining, [.english: "なし", .course: "あり ：円卓コース"]),
        shop(
            410, "京焼肉 ささ乃 梅小路", "きょうやきにく ささの うめこうじ", .toji, at: 34.984316, 135.748531,
            genre: "G008", "京都牛の炙り焼き", budget: "B004", "6000円",
            catch: "京都府産の黒毛和牛を、一枚ずつ炙りで",
            address: "京都府京都市下京区観喜寺町２２-１", station: "梅小路京都西",
            access: "ＪＲ嵯峨野線梅小路京都西駅より徒歩３分",
            mobile: "JR嵯峨野線梅小路京都西駅より徒歩3分",
            open: "月～日、祝日、祝前日: 17:00～23:00 （料理L.O. 22:30）",
            close: "月", seats: 56, party: 40,
            .grill, [.lunch: "なし"]),
        shop(
            408, "洋食の店 グリル九条", "ようしょくのみせ ぐりるくじょう", .toji, at: 34.980977, 135.753861,
            genre: "G005", "昭和から続くハンバーグ", budget: "B011", "1300円",
            catch: "昭和から変わらない、手ごねハンバーグ",
            address: "京都府京都市南区西九条比永城町４-２", station: "東寺",
            access: "近鉄京都線東寺駅より徒歩５分",
            mobile: "近鉄京都線東寺駅より徒歩5分",
            open: "月～土: 11:00～14:30 17:00～20:30",
            close: "日", seats: 28, party: nil,
            .counter, [.parking: "あり ：2台", .child: "お子様連れ歓迎"]),
        shop(
            414, "トルコ料理 ラーレ 河原町", "とるこりょうり らーれ かわらまち", .shijo, at: 35.010123, 135.766757,
            genre: "G010", "炭火のケバブとトルコの家庭料理", budget: "B002", "2800円",
            catch: "週末はベリーダンスショーあり",
            address: "京都府京都市中京区河原町通三条下る大黒町５８ 2F", station: "京都河原町",
            access: "阪急京都線京都河原町駅３番出口より徒歩５分",
            mobile: "阪急京都線京都河原町駅3番出口より徒歩5分",
            open: "月～日、祝日、祝前日: 11:30～23:00",
            close: "なし", seats: 40, party: 40,
            .party, [.karaoke: "なし", .show: "あり ：金・土はベリーダンスショー", .midnight: "営業していない", .lunch: "あり"]),
        shop(
            412, "京漬物と茶漬け 東山 はしば", "きょうつけものとちゃづけ ひがしやま はしば", .shichijo, at: 34.982987, 135.778257,
            genre: "G015", "漬物食べ比べのお茶漬け膳", budget: "B011", "1400円",
            catch: "二十種の京漬物から選ぶ、お茶漬け膳",
            address: "京都府京都市東山区七条通大和大路東入る１４", station: "七条",
            access: "京阪本線七条駅より徒歩６分",
            mobile: "京阪本線七条駅より徒歩6分",
            open: "月～日: 10:00～17:00",
            close: "木", seats: 22, party: nil,
            .cafe),
    ]
}
