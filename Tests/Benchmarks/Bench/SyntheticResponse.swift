import Foundation

/// gourmet/v1 responses shaped like the real api_version 1.30 full response (every member, in
/// the service's order and types: counters as numbers, `results_returned` as a string, nested
/// areas, photo.pc/mobile, coupon_urls) but with invented text: no real shop appears here.
/// Shops lie within about 1.5 km of Tokyo Station, so distances are realistic too.
enum SyntheticResponse {
    static let center = (lat: 35.6812, lng: 139.7671)

    /// Shops `start ..< start + count` of a result of `total`.
    static func page(total: Int, start: Int = 1, count: Int) -> Data {
        let last = min(start + count - 1, total)
        let shops = start <= last ? (start...last).map(shop) : []
        let text = """
            {"results":{"api_version":"1.30","results_available":\(total),"results_returned":"\(shops.count)",\
            "results_start":\(start),"shop":[\(shops.joined(separator: ","))]}}
            """
        return Data(text.utf8)
    }

    /// An Overpass answer of `count` restaurants: OpenStreetMap's record of the first `count`
    /// shops of `page` (the same names and positions, so a merged search matches every one) with
    /// hours in `opening_hours` and the area that gives their time zone.
    static func overpass(count: Int) -> Data {
        let nodes = (1...count).map { n in
            let place = position(n)
            return """
                {"type":"node","id":\(9_000_000 + n),"lat":\(place.lat),"lon":\(place.lng),"tags":{"amenity":"restaurant",\
                "name":"ベンチ食堂 \(stations[n % stations.count])\(n)号店","cuisine":"japanese",\
                "opening_hours":"Mo-Fr 11:30-14:30,17:00-23:00; Sa,Su,PH 11:30-22:00"}}
                """
        }
        let area = """
            {"type":"area","id":3600382313,"tags":{"admin_level":"2","ISO3166-1":"JP","timezone":"Asia/Tokyo","name":"日本"}}
            """
        return Data(#"{"version":0.6,"elements":["#.utf8 + Data((nodes + [area]).joined(separator: ",").utf8) + Data("]}".utf8))
    }

    /// Where shop `n` lies: a fixed scatter, so the same shop always lands on the same spot.
    static func position(_ n: Int) -> (lat: Double, lng: Double) {
        let angle = Double(n) * 2.399963, radius = 0.012 * (Double(n % 97) / 97).squareRoot()
        return (center.lat + radius * sin(angle), center.lng + radius * 1.23 * cos(angle))
    }

    static let genres = [
        ("G001", "居酒屋"), ("G002", "ダイニングバー・バル"), ("G004", "和食"), ("G005", "洋食"),
        ("G006", "イタリアン・フレンチ"), ("G007", "中華"), ("G008", "焼肉・ホルモン"), ("G013", "ラーメン"),
    ]
    static let budgets = [("B009", "～500円"), ("B001", "1001～1500円"), ("B002", "2001～3000円"), ("B003", "3001～4000円")]
    static let stations = ["東京", "有楽町", "神田", "日本橋", "京橋", "大手町"]

    /// Shop number `n`: every field the full response has, values varied by `n`.
    static func shop(_ n: Int) -> String {
        let (lat, lng) = position(n)
        let id = String(format: "J%09d", 900_000_000 + n)
        let (genreCode, genre) = genres[n % genres.count]
        let (budgetCode, budget) = budgets[n % budgets.count]
        let station = stations[n % stations.count]
        let image = "https://example.invalid/img/\(id)"
        let yesNo = { (k: Int) in (n + k) % 3 == 0 ? "あり" : "なし" }
        return """
            {"id":"\(id)","name":"ベンチ食堂 \(station)\(n)号店","logo_image":"\(image)/logo.jpg",\
            "name_kana":"べんちしょくどう　\(n)ごうてん","address":"東京都千代田区丸の内\(n % 9 + 1)-\(n % 30 + 1)-\(n % 17 + 1)",\
            "station_name":"\(station)","ktai_coupon":\(n % 2),\
            "large_service_area":{"code":"SS10","name":"関東"},"service_area":{"code":"SA11","name":"東京"},\
            "large_area":{"code":"Z011","name":"東京"},"middle_area":{"code":"Y005","name":"銀座・有楽町・新橋・築地・月島"},\
            "small_area":{"code":"X01\(n % 10)","name":"丸の内\(n % 10)"},"lat":\(lat),"lng":\(lng),\
            "genre":{"name":"\(genre)","catch":"季節の素材を丁寧に仕上げる\(genre)","code":"\(genreCode)"},\
            "sub_genre":{"name":"和食","code":"G004"},\
            "budget":{"code":"\(budgetCode)","name":"\(budget)","average":"\(2000 + n % 20 * 100)円"},\
            "catch":"★駅から徒歩\(n % 9 + 1)分★ 個室あり 宴会コース\(n % 5 + 3)000円～","capacity":\(20 + n % 100),\
            "access":"JR\(station)駅\(["北口", "南口", "東口"][n % 3])より徒歩\(n % 9 + 1)分","mobile_access":"JR\(station)駅 徒歩\(n % 9 + 1)分",\
            "urls":{"pc":"https://example.invalid/str\(id)/"},\
            "photo":{"pc":{"l":"\(image)/l.jpg","m":"\(image)/m.jpg","s":"\(image)/s.jpg"},\
            "mobile":{"l":"\(image)/ml.jpg","s":"\(image)/ms.jpg"}},\
            "open":"月～金、祝前日: 11:30～14:30 （料理L.O. 14:00）17:00～23:00 （料理L.O. 22:30）土、日、祝日: 11:30～22:00",\
            "close":"\(["年中無休", "日", "月、第3火曜日"][n % 3])","party_capacity":\(n % 4 == 0 ? "\"\"" : String(10 + n % 60)),\
            "other_memo":"ご要望はお気軽にお問い合わせください。","shop_detail_memo":"詳しくはお店までお問い合わせください。",\
            "budget_memo":"お通し代：\(n % 2 == 0 ? "なし" : "300円")","wedding":"貸切パーティーのご相談承ります。",\
            "course":"\(yesNo(0))","free_drink":"\(yesNo(1)) ：2時間飲み放題","free_food":"\(yesNo(2))",\
            "private_room":"\(yesNo(0)) ：最大20名様までの個室","horigotatsu":"\(yesNo(1))","tatami":"\(yesNo(2))",\
            "card":"利用可","non_smoking":"全面禁煙","charter":"貸切可 ：30名様～","parking":"なし ：近隣にコインパーキングあり",\
            "barrier_free":"なし","show":"なし","karaoke":"なし","band":"不可","tv":"なし","lunch":"\(yesNo(0))",\
            "midnight":"営業していない","english":"\(yesNo(1))","pet":"不可","child":"お子様連れ歓迎","wifi":"\(yesNo(2))",\
            "coupon_urls":{"pc":"https://example.invalid/str\(id)/map/","sp":"https://example.invalid/str\(id)/scoupon/"}}
            """
    }
}
