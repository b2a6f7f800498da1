// TEMP
public struct HotpepperStub: HotpepperProtocol {
    public init() {}
    public func searchRestaurants(_ query: RestaurantQuery) async throws(HotpepperError) -> RestaurantPage {
        let r = Restaurant(id: "J1", name: "テスト食堂 東京駅前店", genre: .init(code: "G001", name: "居酒屋", catchCopy: "x"), budget: .init(code: "B002", name: "2001～3000円", average: "2500円"), coordinate: .init(lat: 35.6815, lng: 139.7675), stationName: "東京", access: "東京駅八重洲北口から徒歩3分、とても長いアクセス説明がここに続きます", urls: .init(shop: "https://x", photo: ""))
        return RestaurantPage(total: 1, start: 1, restaurants: [r])
    }
}
