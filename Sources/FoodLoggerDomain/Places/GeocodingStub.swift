import Foundation

/// The offline place search: the stubs' neighbourhoods and their stations, by their Japanese
/// and their romaji names (`渋谷`, `渋谷駅`, `shibuya`, `Shibuya Station`), and the OpenStreetMap
/// stub's places abroad by their local and English names (`Tour Eiffel`, `Eiffel Tower`,
/// `Hoan Kiem`), and nothing else.
public struct GeocodingStub: GeocodingProtocol {
    public init() {}

    /// The same few places whatever the search's countries or language.
    public var scope: String { "offline" }

    public func findPlaces(_ text: String) async throws(ServiceError) -> [Place] {
        let wanted = Self.key(text)
        guard let entry = Self.places.first(where: { $0.names.contains { Self.key($0) == wanted } }) else {
            throw .placeNotFound(text, known: Self.places.map { "\($0.place.name) (\($0.names[1]))" })
        }
        return [entry.place]
    }

    /// Case, width, accents, spaces and a trailing 駅 / station left out, and Hepburn's m before
    /// b and p read as n: `Tokyo Station`, `Tōkyō`, `ｔｏｋｙｏ` and `東京駅` meet, as do
    /// `Nihombashi` and `Nihonbashi`.
    static func key(_ text: String) -> String {
        var key = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased().filter { !$0.isWhitespace && $0 != "-" }
            .replacingOccurrences(of: "mb", with: "nb").replacingOccurrences(of: "mp", with: "np")
        for suffix in ["駅", "station", "eki"] where key.hasSuffix(suffix) && key.count > suffix.count {
            key.removeLast(suffix.count)
        }
        return key
    }

    /// Each place's local name first, its name in Latin letters or another that tells it second
    /// (the error lists them so).
    static let places: [(names: [String], place: Place)] = [
        (
            ["東京駅", "Tokyo Station", "東京", "marunouchi", "丸の内"],
            Place(name: "東京駅", coordinate: .init(lat: 35.6812, lng: 139.7671), country: "jp")
        ),
        (["有楽町駅", "Yurakucho"], Place(name: "有楽町駅", coordinate: .init(lat: 35.6751, lng: 139.7630), country: "jp")),
        (["日本橋駅", "Nihonbashi"], Place(name: "日本橋駅", coordinate: .init(lat: 35.6823, lng: 139.7745), country: "jp")),
        (["渋谷駅", "Shibuya", "渋谷"], Place(name: "渋谷駅", coordinate: .init(lat: 35.6580, lng: 139.7016), country: "jp")),
        (["新宿駅", "Shinjuku", "新宿"], Place(name: "新宿駅", coordinate: .init(lat: 35.6896, lng: 139.7006), country: "jp")),
        (["梅田", "Umeda", "大阪駅", "osaka"], Place(name: "梅田", coordinate: .init(lat: 34.7025, lng: 135.4959), country: "jp")),
        (
            ["京都駅", "Kyoto Station", "京都", "kyoto"],
            Place(name: "京都駅", coordinate: .init(lat: 34.9858, lng: 135.7588), country: "jp")
        ),
        (
            ["Times Square", "New York", "Times Sq", "Manhattan"],
            Place(name: "Times Square", coordinate: .init(lat: 40.7580, lng: -73.9855), country: "us")
        ),
        (
            ["Tour Eiffel", "Eiffel Tower", "La Tour Eiffel", "Paris"],
            Place(name: "Tour Eiffel", coordinate: .init(lat: 48.8584, lng: 2.2945), country: "fr")
        ),
        (
            ["Hồ Hoàn Kiếm", "Hoan Kiem", "Hoàn Kiếm", "Hoan Kiem Lake", "Hanoi", "Hà Nội"],
            Place(name: "Hồ Hoàn Kiếm", coordinate: .init(lat: 21.0287, lng: 105.8524), country: "vn")
        ),
    ]
}
