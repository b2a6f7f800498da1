import Foundation

/// The project's own HOT PEPPER responses (Tests/Fixtures/hotpepper, invented shops), one per
/// quirk in API.md: what every run of the tests checks, with or without the real captures.
public enum Fixtures {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hotpepper")

    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    public static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: url(relativePath)) }

    /// The project's own Overpass answers (Tests/Fixtures/osm/overpass, invented places).
    public static func overpass(_ name: String) -> URL {
        root.deletingLastPathComponent().appendingPathComponent("osm/overpass/\(name)")
    }

    /// The gourmet responses with shops: the decoder and the binary must bring each out whole.
    public static let gourmetWithShops = [
        "gourmet/v1.30_full_3shops.json", "gourmet/v1.26_lite_2shops.json",
        "gourmet/v1.20_strings_1shop.json",
    ]
    /// Every gourmet response, the two shapes of "no hits" included.
    public static let gourmet = gourmetWithShops + ["gourmet/empty_shop_list.json", "gourmet/no_shop_member.json"]
}
