import Foundation

/// The offline OpenStreetMap's places, as Overpass elements: invented for this project (names,
/// addresses, websites and hours are made up; the tags and their values are OSM's), so a search
/// with `--provider osm --stub` finds places without a network, in Japan and abroad.
///
/// Five neighbourhoods: the HOT PEPPER stub's Tokyo Station and Shibuya, so `--stub` demos work
/// with either service, and Times Square, the Eiffel Tower and Hoàn Kiếm. Each place is planned at
/// a distance from its neighbourhood's centre (metres north and east of it): a few within 300 m,
/// more within 500 m and 1 km, one or two 1–3 km out, so every `range` step adds places.
/// Nodes, ways with a `center`, one relation. Websites are under `.invalid`, which never resolves
/// (as the HOT PEPPER stub's are); ids lie beyond any OSM has given out, so the page on
/// openstreetmap.org a place without a website links to is no real place's.
///
/// On purpose: cuisine lists (`a;b`), hours of many kinds (a range past midnight, `24/7`, month
/// ranges, an open end, `PH off`) and one value no evaluator reads (Bia Hơi Góc Phố's), places
/// without hours, and facts whose values keep a filter (`wlan`, `only`, `outside`) or do not
/// (`limited`, `no`); around Tokyo Station, `diet:*` tags of each kind (`yes`, `only`, `no`,
/// `limited`, vegan without vegetarian).
enum OverpassStubPlaces {
    typealias Element = OverpassDecoder.Element

    /// No place is farther than this from its neighbourhood's centre (a test holds the data to it).
    static let reach = 3_000.0

    /// The neighbourhoods whose places a circle around `centre` may reach.
    static func reachable(from centre: Coordinate, within metres: Int) -> [Neighbourhood] {
        Neighbourhood.allCases.filter { $0.centre.distance(to: centre) <= Double(metres) + reach }
    }

    enum Neighbourhood: CaseIterable {
        case tokyoStation, shibuya, timesSquare, eiffelTower, hoanKiem

        /// As an answer around a centre away from all of them names it (`RestaurantPage.coverage`).
        var name: String {
            switch self {
            case .tokyoStation: "Tokyo Station"
            case .shibuya: "Shibuya"
            case .timesSquare: "Times Square (New York)"
            case .eiffelTower: "the Eiffel Tower (Paris)"
            case .hoanKiem: "Hoàn Kiếm (Hanoi)"
            }
        }

        /// The point each place's distance was planned from; the Japanese ones are the HOT PEPPER
        /// stub's, so a search around either finds both services' places.
        var centre: Coordinate {
            switch self {
            case .tokyoStation: StubRestaurants.Neighbourhood.tokyoStation.centre
            case .shibuya: StubRestaurants.Neighbourhood.shibuya.centre
            case .timesSquare: Coordinate(lat: 40.7580, lng: -73.9855)
            case .eiffelTower: Coordinate(lat: 48.8584, lng: 2.2945)
            case .hoanKiem: Coordinate(lat: 21.0287, lng: 105.8524)
            }
        }

        /// The areas around the centre that Overpass's `is_in` gives with a `timezone` or an
        /// `ISO3166-1` tag. The United States has no zone of its own: New York State names it.
        var areas: [Element] {
            switch self {
            case .tokyoStation, .shibuya:
                [Self.country(382_313, "日本", "JP", timeZone: "Asia/Tokyo")]
            case .timesSquare:
                [
                    Self.country(148_838, "United States", "US", timeZone: nil),
                    Element(
                        type: "area", id: 3_600_061_320,
                        tags: [
                            "name": "New York", "admin_level": "4", "boundary": "administrative", "type": "boundary",
                            "ISO3166-2": "US-NY", "timezone": "America/New_York",
                        ]),
                ]
            case .eiffelTower: [Self.country(2_202_162, "France", "FR", timeZone: "Europe/Paris")]
            case .hoanKiem: [Self.country(49_915, "Việt Nam", "VN", timeZone: "Asia/Ho_Chi_Minh")]
            }
        }

        /// A country's area: Overpass numbers an area after its relation, plus 3.6 billion.
        static func country(_ relation: UInt64, _ name: String, _ code: String, timeZone: String?) -> Element {
            var tags = ["name": name, "admin_level": "2", "boundary": "administrative", "type": "boundary", "ISO3166-1": code]
            tags["timezone"] = timeZone
            return Element(type: "area", id: 3_600_000_000 + relation, tags: tags)
        }

        var places: [Element] {
            switch self {
            case .tokyoStation: OverpassStubPlaces.tokyoStation
            case .shibuya: OverpassStubPlaces.shibuya
            case .timesSquare: OverpassStubPlaces.timesSquare
            case .eiffelTower: OverpassStubPlaces.eiffelTower
            case .hoanKiem: OverpassStubPlaces.hoanKiem
            }
        }

        /// Its places' ids are 100 apart from the next neighbourhood's.
        var number: UInt64 { UInt64(Self.allCases.firstIndex(of: self)! + 1) * 100 }

        /// The place numbered `number` within the neighbourhood, `north` and `east` metres from
        /// its centre: a node at that point, an outline with it as its centre, at 7 decimals as
        /// Overpass writes them.
        func place(_ type: String, _ number: UInt64, north: Double, east: Double, _ tags: [String: String]) -> Element {
            let metresPerDegree = Coordinate.earthRadiusMetres * .pi / 180
            let lat = rounded(centre.lat + north / metresPerDegree)
            let lon = rounded(centre.lng + east / (metresPerDegree * cos(centre.lat * .pi / 180)))
            let base: UInt64 = type == "node" ? 99_000_000_000 : type == "way" ? 9_900_000_000 : 990_000_000
            let id = base + self.number + number
            return type == "node"
                ? Element(type: type, id: id, lat: lat, lon: lon, tags: tags)
                : Element(type: type, id: id, center: .init(lat: lat, lon: lon), tags: tags)
        }

        private func rounded(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }
    }

    // MARK: - The places

    static var tokyoStation: [Element] {
        let here = Neighbourhood.tokyoStation
        let marunouchi = ["addr:province": "東京都", "addr:city": "千代田区", "addr:suburb": "丸の内"]
        let yaesu = ["addr:province": "東京都", "addr:city": "中央区", "addr:suburb": "八重洲"]
        return [
            here.place(
                "node", 1, north: 80, east: 60,
                yaesu.merging([
                    "amenity": "restaurant", "name": "麺処 風見", "cuisine": "ramen", "addr:housenumber": "1-4-2",
                    "opening_hours": "Mo-Sa 11:00-15:00,17:00-22:00; Su,PH off", "smoking": "no", "wheelchair": "no",
                    "takeaway": "no", "diet:vegan": "no",
                ]) { $1 }),
            here.place(
                "node", 2, north: -150, east: -120,
                marunouchi.merging([
                    "amenity": "cafe", "name": "Kissa Marunouchi", "cuisine": "coffee_shop", "addr:housenumber": "2-7-1",
                    "opening_hours": "Mo-Fr 07:30-20:00; Sa,Su 09:00-18:00", "internet_access": "wlan",
                    "wheelchair": "yes", "smoking": "no", "outdoor_seating": "no", "diet:vegetarian": "yes",
                ]) { $1 }),
            here.place(
                "way", 3, north: 200, east: 170,
                yaesu.merging([
                    "amenity": "restaurant", "name": "八重洲 鮨 汐見", "cuisine": "sushi", "addr:housenumber": "2-1-9",
                    "opening_hours": "Tu-Su 11:30-14:00,17:30-22:00; Mo off",
                    "website": "https://shiomi-sushi.stub.foodlogger.invalid/",
                ]) { $1 }),
            here.place(
                "node", 4, north: 300, east: -290,
                [
                    "amenity": "restaurant", "name": "Gyoza Bar Kōraku", "cuisine": "dumpling;chinese",
                    "addr:full": "東京都千代田区大手町1-6-3 地下1階", "opening_hours": "Mo-Fr 17:00-24:00; Sa 16:00-23:00",
                    "takeaway": "yes", "smoking": "separated", "diet:vegetarian": "limited",
                ]),
            here.place(
                "node", 5, north: 400, east: 250,
                [
                    "amenity": "restaurant", "name": "カレーの店 Nihonbashi Spice", "cuisine": "curry;indian",
                    "opening_hours": "11:00-21:00", "delivery": "yes", "takeaway": "yes", "diet:vegan": "yes",
                    "diet:halal": "only",
                ]),
            here.place(
                "node", 6, north: -560, east: 330,
                yaesu.merging([
                    "amenity": "fast_food", "name": "Station Burger Works", "cuisine": "burger", "addr:housenumber": "1-9-8",
                    "opening_hours": "Mo-Su 07:00-23:00", "takeaway": "yes", "wheelchair": "yes", "internet_access": "no",
                    "diet:vegetarian": "yes", "diet:gluten_free": "yes",
                ]) { $1 }),
            here.place(
                "way", 7, north: -620, east: -500,
                marunouchi.merging([
                    "amenity": "restaurant", "name": "丸の内 ビストロ ルミエール", "cuisine": "french",
                    "addr:housenumber": "3-2-5", "opening_hours": "Mo-Sa 11:30-14:30,18:00-23:00; Dec 24-25 18:00-24:00",
                    "outdoor_seating": "yes", "website": "https://bistro-lumiere.stub.foodlogger.invalid/",
                ]) { $1 }),
            here.place(
                "node", 8, north: 900, east: 200,
                ["amenity": "restaurant", "name": "そば処 常盤", "cuisine": "soba;japanese", "opening_hours": "Mo-Fr 11:00-20:00"]),
            here.place(
                "node", 9, north: -1_300, east: 700,
                [
                    "amenity": "pub", "name": "Izakaya Tsukishiro", "cuisine": "japanese", "opening_hours": "Mo-Sa 17:00-24:00",
                    "smoking": "yes",
                ]),
            here.place(
                "node", 10, north: -2_100, east: -1_200,
                ["amenity": "ice_cream", "name": "Ginza Ice Lab", "cuisine": "ice_cream", "takeaway": "only"]),
            // Closed: its food tag went under a lifecycle prefix. No search finds it; a lookup by
            // id does (`show node/99000000111`, `log check`), as a place closed for good.
            here.place(
                "node", 11, north: 250, east: -90,
                yaesu.merging([
                    "disused:amenity": "restaurant", "name": "とんかつ 松風", "cuisine": "tonkatsu", "addr:housenumber": "1-9-3",
                ]) { $1 }),
        ]
    }

    static var shibuya: [Element] {
        let here = Neighbourhood.shibuya
        let shibuya = ["addr:province": "東京都", "addr:city": "渋谷区"]
        return [
            here.place(
                "node", 1, north: 110, east: -90,
                shibuya.merging([
                    "amenity": "restaurant", "name": "Ramen Hachiboshi", "cuisine": "ramen;noodle", "addr:suburb": "道玄坂",
                    "addr:housenumber": "2-10-4", "opening_hours": "Mo-Su 11:00-05:00", "smoking": "no",
                ]) { $1 }),
            here.place(
                "node", 2, north: -180, east: 140,
                shibuya.merging([
                    "amenity": "fast_food", "name": "Shibuya Gyudon 24", "cuisine": "beef_bowl;japanese",
                    "opening_hours": "24/7", "takeaway": "yes", "wheelchair": "limited",
                ]) { $1 }),
            here.place(
                "node", 3, north: 240, east: 120,
                [
                    "amenity": "cafe", "name": "Coffee Stand Dogenzaka", "cuisine": "coffee_shop", "internet_access": "yes",
                    "takeaway": "only", "opening_hours": "Mo-Fr 08:00-19:00; Sa,Su,PH 10:00-18:00",
                ]),
            here.place(
                "way", 4, north: -330, east: -220,
                shibuya.merging([
                    "amenity": "restaurant", "name": "渋谷 焼肉 炎家", "cuisine": "barbecue;korean", "addr:suburb": "桜丘町",
                    "opening_hours": "Mo-Th 17:00-24:00; Fr,Sa 17:00-03:00; Su 16:00-23:00", "smoking": "isolated",
                ]) { $1 }),
            here.place(
                "node", 5, north: 400, east: -200,
                [
                    "amenity": "restaurant", "name": "Pizzeria Udagawa", "cuisine": "pizza;italian",
                    "opening_hours": "Tu-Su 12:00-15:00,17:30-23:00", "outdoor_seating": "yes", "delivery": "yes",
                    "website": "https://pizzeria-udagawa.stub.foodlogger.invalid/",
                ]),
            here.place(
                "node", 6, north: 520, east: 330,
                [
                    "amenity": "bar", "name": "Kushikatsu Center-gai", "cuisine": "kushikatsu;japanese",
                    "opening_hours": "Fr-Sa 18:00-02:00", "smoking": "yes",
                ]),
            here.place(
                "relation", 7, north: -700, east: 300,
                shibuya.merging([
                    "amenity": "food_court", "name": "Shibuya Food Hall Terrace", "cuisine": "japanese;asian;burger",
                    "type": "multipolygon", "opening_hours": "Mo-Su 10:00-23:00", "wheelchair": "yes",
                    "internet_access": "wlan", "outdoor_seating": "yes",
                ]) { $1 }),
            here.place(
                "node", 8, north: 750, east: -500,
                [
                    "amenity": "restaurant", "name": "Vegan Deli Jinnan", "cuisine": "vegan;salad",
                    "contact:website": "https://vegan-deli-jinnan.stub.foodlogger.invalid/",
                    "opening_hours": "Mo-Fr 11:00-20:00; PH off",
                ]),
            here.place(
                "node", 9, north: -1_100, east: -600,
                [
                    "amenity": "restaurant", "name": "天ぷら 青葉", "cuisine": "tempura",
                    "opening_hours": "Mo-Sa 11:30-14:00,17:30-21:00",
                ]),
            here.place(
                "node", 10, north: 1_500, east: -1_700,
                [
                    "amenity": "pub", "name": "Yoyogi Taproom", "cuisine": "burger",
                    "opening_hours": "Mo-Th 17:00-24:00; Fr,Sa 15:00-02:00; Su 15:00-22:00", "outdoor_seating": "yes",
                ]),
        ]
    }

    static var timesSquare: [Element] {
        let here = Neighbourhood.timesSquare
        let newYork = ["addr:city": "New York", "addr:state": "NY"]
        return [
            here.place(
                "node", 1, north: 60, east: 70,
                newYork.merging([
                    "amenity": "fast_food", "name": "Midtown Slice Co.", "cuisine": "pizza", "addr:housenumber": "1520",
                    "addr:street": "Broadway", "addr:postcode": "10036", "opening_hours": "24/7", "takeaway": "yes",
                    "delivery": "yes",
                ]) { $1 }),
            here.place(
                "node", 2, north: -170, east: -140,
                newYork.merging([
                    "amenity": "cafe", "name": "Broadway Bagel Bench", "cuisine": "bagel;coffee_shop",
                    "addr:housenumber": "229", "addr:street": "West 43rd Street",
                    "opening_hours": "Mo-Fr 06:00-16:00; Sa,Su 07:00-15:00", "internet_access": "wlan", "wheelchair": "yes",
                ]) { $1 }),
            here.place(
                "way", 3, north: 330, east: -260,
                newYork.merging([
                    "amenity": "restaurant", "name": "Hell's Kitchen Noodle House", "cuisine": "ramen;japanese",
                    "addr:housenumber": "654", "addr:street": "9th Avenue",
                    "opening_hours": "Mo-Fr 11:00-22:00; Sa,Su 12:00-23:00",
                    "website": "https://hk-noodles.stub.foodlogger.invalid/",
                ]) { $1 }),
            here.place(
                "node", 4, north: -400, east: 260,
                [
                    "amenity": "restaurant", "name": "Lantern Burger Bar", "cuisine": "burger;american",
                    "opening_hours": "Su-Th 11:00-23:00; Fr,Sa 11:00-01:00", "outdoor_seating": "yes", "smoking": "outside",
                ]),
            here.place(
                "node", 5, north: 600, east: 250,
                newYork.merging([
                    "amenity": "restaurant", "name": "Eighth Avenue Deli", "cuisine": "sandwich;deli",
                    "addr:housenumber": "811", "addr:street": "8th Avenue",
                    "opening_hours": "Mo-Fr 07:00-19:00; Sa 08:00-17:00; Su off", "takeaway": "yes", "delivery": "only",
                ]) { $1 }),
            here.place(
                "node", 6, north: -500, east: -520,
                [
                    "amenity": "restaurant", "name": "Bryant Sushi Counter", "cuisine": "sushi",
                    "opening_hours": "Mo-Sa 11:30-14:30,17:00-22:00; PH off", "wheelchair": "no",
                ]),
            here.place(
                "node", 7, north: 700, east: -480,
                [
                    "amenity": "pub", "name": "Theatre Row Tavern", "cuisine": "american", "opening_hours": "Mo-Su 16:00+",
                    "smoking": "no", "internet_access": "no",
                ]),
            here.place(
                "node", 8, north: -1_050, east: 300,
                ["amenity": "restaurant", "name": "Koreatown BBQ Palace", "cuisine": "korean;barbecue", "smoking": "no"]),
            here.place(
                "way", 9, north: -1_200, east: -1_000,
                [
                    "amenity": "fast_food", "name": "Hudson Yards Taqueria", "cuisine": "mexican;tacos",
                    "opening_hours": "Mo-Su 10:00-22:00", "takeaway": "only",
                ]),
            here.place(
                "node", 10, north: -2_300, east: -900,
                [
                    "amenity": "ice_cream", "name": "Chelsea Ice Cream Parlor", "cuisine": "ice_cream",
                    "opening_hours": "Apr-Oct: Mo-Su 12:00-23:00; Nov-Mar: Mo-Su 12:00-20:00",
                ]),
        ]
    }

    static var eiffelTower: [Element] {
        let here = Neighbourhood.eiffelTower
        let paris7 = ["addr:city": "Paris", "addr:postcode": "75007"]
        return [
            here.place(
                "node", 1, north: -140, east: 150,
                paris7.merging([
                    "amenity": "cafe", "name": "Café du Champ", "cuisine": "coffee_shop;french", "addr:housenumber": "18",
                    "addr:street": "Avenue de Suffren", "opening_hours": "Mo-Su 07:00-23:00", "outdoor_seating": "yes",
                    "smoking": "outside", "internet_access": "wlan",
                ]) { $1 }),
            here.place(
                "node", 2, north: 180, east: -200,
                [
                    "amenity": "fast_food", "name": "Crêperie de la Tour", "cuisine": "crepe", "opening_hours": "11:00-22:00",
                    "takeaway": "yes",
                ]),
            here.place(
                "way", 3, north: -300, east: -250,
                paris7.merging([
                    "amenity": "restaurant", "name": "Le Bistrot Invité", "cuisine": "french", "addr:housenumber": "42",
                    "addr:street": "Rue de Grenelle", "opening_hours": "Tu-Sa 12:00-14:30,19:00-22:30; Su,Mo off",
                    "website": "https://bistrot-invite.stub.foodlogger.invalid/", "wheelchair": "limited",
                ]) { $1 }),
            here.place(
                "node", 4, north: 380, east: 260,
                [
                    "amenity": "restaurant", "name": "Brasserie du Quai", "cuisine": "french;seafood",
                    "opening_hours": "Mo-Su 12:00-15:00,19:00-23:30", "outdoor_seating": "yes",
                ]),
            here.place(
                "node", 5, north: -600, east: 300,
                paris7.merging([
                    "amenity": "restaurant", "name": "Trattoria Bosquet", "cuisine": "italian;pizza", "addr:housenumber": "7",
                    "addr:street": "Avenue Bosquet", "opening_hours": "Mo-Sa 12:00-14:30,19:00-23:00; PH off",
                    "delivery": "yes",
                ]) { $1 }),
            here.place(
                "node", 6, north: -700, east: -400,
                [
                    "amenity": "restaurant", "name": "Sushi Cler", "cuisine": "sushi;japanese",
                    "opening_hours": "Tu-Su 12:00-22:00",
                ]
            ),
            here.place(
                "node", 7, north: 500, east: -780,
                [
                    "amenity": "restaurant", "name": "Le Comptoir Végétal", "cuisine": "vegan;french", "wheelchair": "yes",
                    "opening_hours": "Mo-Fr 11:30-15:00", "website": "https://comptoir-vegetal.stub.foodlogger.invalid/",
                ]),
            here.place(
                "node", 8, north: -1_100, east: -900,
                [
                    "amenity": "restaurant", "name": "Phở Grenelle", "cuisine": "vietnamese;noodle",
                    "opening_hours": "Mo-Sa 11:30-15:00,18:30-22:30", "takeaway": "yes",
                ]),
            here.place(
                "node", 9, north: -1_200, east: 1_100,
                [
                    "amenity": "bar", "name": "Bar à Vins Cambronne", "cuisine": "wine;french",
                    "opening_hours": "Mo-Sa 17:00-01:00", "smoking": "outside",
                ]),
            here.place(
                "node", 10, north: -2_500, east: 1_300,
                [
                    "amenity": "fast_food", "name": "Burger Montparnasse", "cuisine": "burger",
                    "opening_hours": "Mo-Su 11:00-23:00",
                ]
            ),
        ]
    }

    static var hoanKiem: [Element] {
        let here = Neighbourhood.hoanKiem
        let hoanKiem = ["addr:district": "Hoàn Kiếm", "addr:city": "Hà Nội"]
        return [
            here.place(
                "node", 1, north: 90, east: -80,
                hoanKiem.merging([
                    "amenity": "restaurant", "name": "Phở Gánh Bờ Hồ", "cuisine": "vietnamese;noodle",
                    "addr:housenumber": "12", "addr:street": "Hàng Bạc",
                    "opening_hours": "Mo-Su 06:00-10:00,17:00-22:00", "smoking": "no",
                ]) { $1 }),
            here.place(
                "node", 2, north: -130, east: 120,
                hoanKiem.merging([
                    "amenity": "cafe", "name": "Cà Phê Trứng Lá Xanh", "cuisine": "coffee_shop", "addr:housenumber": "5",
                    "addr:street": "Hàng Gai", "opening_hours": "07:00-22:30", "internet_access": "wlan",
                ]) { $1 }),
            here.place(
                "way", 3, north: 300, east: 150,
                hoanKiem.merging([
                    "amenity": "restaurant", "name": "Bún Chả Phố Cổ", "cuisine": "vietnamese", "addr:street": "Hàng Mành",
                    "opening_hours": "Mo-Su 10:00-14:00,17:00-21:00", "outdoor_seating": "yes",
                ]) { $1 }),
            here.place(
                "node", 4, north: -250, east: -340,
                [
                    "amenity": "fast_food", "name": "Bánh Mì Hàng Đào", "cuisine": "vietnamese;sandwich",
                    "opening_hours": "Mo-Su 06:30-21:00", "takeaway": "only", "delivery": "yes",
                ]),
            here.place(
                "node", 5, north: 480, east: 220,
                [
                    "amenity": "bar", "name": "Bia Hơi Góc Phố", "cuisine": "vietnamese", "outdoor_seating": "yes",
                    "smoking": "yes", "opening_hours": "chiều tối hằng ngày",
                ]),
            here.place(
                "node", 6, north: -620, east: 450,
                [
                    "amenity": "restaurant", "name": "Hanoi Pizza Garden", "cuisine": "pizza",
                    "opening_hours": "Mo-Fr 11:00-22:00; Sa,Su 12:00-23:00",
                    "website": "https://hanoi-pizza-garden.stub.foodlogger.invalid/",
                    "wheelchair": "yes",
                ]),
            here.place(
                "node", 7, north: 800, east: -400,
                [
                    "amenity": "restaurant", "name": "Chả Cá Lãng Du", "cuisine": "vietnamese;fish",
                    "opening_hours": "Mo-Su 10:00-14:00,16:30-21:30",
                ]),
            here.place(
                "way", 8, north: -900, east: 700,
                [
                    "amenity": "restaurant", "name": "Sushi Tràng Tiền", "cuisine": "sushi;japanese",
                    "opening_hours": "Tu-Su 11:00-14:00,17:00-22:00; Mo off", "smoking": "separated",
                ]),
            here.place(
                "node", 9, north: -1_000, east: -950,
                ["amenity": "ice_cream", "name": "Kem Tràng Thi", "cuisine": "ice_cream", "takeaway": "yes"]),
            here.place(
                "node", 10, north: -1_400, east: -2_300,
                ["amenity": "restaurant", "name": "Ramen Kim Mã", "cuisine": "ramen", "opening_hours": "Fr-Sa 18:00-02:00"]),
        ]
    }
}
