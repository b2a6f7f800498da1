@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Invented shops for the Detail scene, the router, the prompt and the id lookup tests.
enum DetailSeeds {
    static let izakaya = Restaurant(
        id: "J000000101", name: "炉端 こはく 八重洲店",
        genre: .init(code: "G001", name: "居酒屋", catchCopy: "炭火の炉端焼き"),
        subGenre: .init(code: "G004", name: "和食"),
        coordinate: .init(lat: 35.6805, lng: 139.7690), address: "東京都中央区八重洲１－２－３",
        open: "月～金: 17:00～翌0:00 （料理L.O. 23:00 ドリンクL.O. 23:30）", close: "日、祝日",
        urls: .init(shop: "https://www.hotpepper.jp/strJ000000101/", photo: "https://img.example/101_l.jpg"),
        amenities: [
            .init(.wifi, "あり"), .init(.privateRoom, "あり ：個室あり"), .init(.card, "利用可"),
            .init(.nonSmoking, "一部禁煙"), .init(.parking, "なし"), .init(.english, "未確認"),
            .init(.child, "お子様連れ歓迎 ：ベビーカー入店可"),
        ],
        provider: .hotpepper,
        hotpepper: HotpepperDetails(
            nameKana: "ろばた こはく やえすてん", catchCopy: "朝獲れ鮮魚を炉端で",
            budget: .init(code: "B003", name: "3001～4000円", average: "3500円"), budgetMemo: "お通し300円",
            stationName: "東京", access: "JR東京駅八重洲北口より徒歩3分。外堀通り沿い、ビルの2階です。",
            mobileAccess: "JR東京駅 徒歩3分", capacity: 48, partyCapacity: 30,
            areas: .init(largeServiceArea: .init(code: "SS10", name: "関東"), smallArea: .init(code: "X005", name: "八重洲")),
            otherMemo: "アレルギーはご相談ください", logo: "https://img.example/101_logo.jpg",
            couponPC: "https://coupon.example/pc/101", couponSP: "https://coupon.example/sp/101"))

    static let cafe = Restaurant(
        id: "J000000202", name: "Café Lumière", genre: .init(code: "G014", name: "カフェ・スイーツ", catchCopy: ""),
        coordinate: .init(lat: 35.6820, lng: 139.7660),
        urls: .init(shop: "https://www.hotpepper.jp/strJ000000202/", photo: ""), provider: .hotpepper,
        hotpepper: HotpepperDetails())

    /// A shop per number, for pages: ids J000001001, J000001002, ...
    static func numbered(_ number: Int) -> Restaurant {
        Restaurant(
            id: "J00000\(1_000 + number)",
            name: "店 \(number)", genre: .init(code: "G001", name: "居酒屋", catchCopy: ""),
            coordinate: .init(lat: 35.68 + Double(number) * 0.0001, lng: 139.767),
            urls: .init(shop: "https://www.hotpepper.jp/strJ\(number)/", photo: ""), provider: .hotpepper,
            hotpepper: HotpepperDetails())
    }
}
