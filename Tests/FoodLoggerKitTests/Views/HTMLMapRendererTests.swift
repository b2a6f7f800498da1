import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@MainActor
@Suite struct HTMLMapRendererTests {
    let html = HTMLMapRenderer.render(MapSeeds.trickyListing)

    @Test("data is escaped: no shop text can open a tag or close the script element")
    func escaping() throws {
        #expect(!html.contains("<b>x</b>"), "markup in a name is shown as text")
        #expect(html.contains("&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; &amp; &#39;co&#39;"), "HTML-escaped in the list")
        #expect(html.components(separatedBy: "</script>").count == 3, "only the two script elements close")
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let embedded = String(html[start.upperBound..<end.lowerBound])
        #expect(!embedded.contains("<"), "no < inside the embedded JSON")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(embedded.utf8)) as? [String: Any])
        let names = (object["restaurants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == MapSeeds.tricky.map(\.name), "the embedded JSON reads back to the same names")
    }

    @Test("self-contained: inline style, script and SVG; a marker per shop; the credit; responsive")
    func selfContained() {
        #expect(!html.contains("<link") && !html.contains("src=\""), "no external stylesheet or script")
        #expect(html.components(separatedBy: "class=\"marker\"").count - 1 == MapSeeds.tricky.count, "a marker per shop")
        #expect(
            html.contains("<a href=\"http://webservice.recruit.co.jp/\">Powered by ホットペッパーグルメ Webサービス</a>"),
            "the service credit, linked")
        #expect(html.contains("@media (max-width:700px)"), "the list goes below the map on narrow screens")
        #expect(html.contains("class=\"radius\" cx=\"0\" cy=\"0\" r=\"1000\""), "the 1000 m radius around the centre")
    }

    @Test("markers sit at the projection's offsets, north up")
    func markerPositions() {
        let projection = LocalProjection(center: MapSeeds.tokyo)
        for restaurant in MapSeeds.tricky {
            let offset = projection.offset(of: restaurant.coordinate)
            let transform = "translate(\(HTMLMapRenderer.number(offset.east)) \(HTMLMapRenderer.number(-offset.north)))"
            #expect(html.contains(transform), "\(restaurant.id) at \(transform)")
        }
    }

    @Test("control characters in a name are visible escapes, in the page and its embedded JSON")
    func controlCharactersAreNeverRaw() {
        let shop = MapSeeds.restaurant("J9", "店\u{1B}]8;;http://x\u{7}\u{1B}[2J\u{9B}\u{202E}\u{7F}", at: MapSeeds.tokyo)
        let html = HTMLMapRenderer.render(
            RestaurantListing(
                RestaurantPage(total: 1, start: 1, restaurants: [shop]), query: RestaurantQuery(center: MapSeeds.tokyo),
                open: Seeds.open))
        let raw = html.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
        }
        #expect(raw.isEmpty, "no raw control: \(raw.map(\.value))")
        #expect(html.contains(#"<strong>店\u{1B}]8;;http://x\u{7}\u{1B}[2J\u{9B}\u{202E}\u{7F}</strong>"#), "shown as escapes")
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func aNumberThatIsNotFiniteIsDrawnAtZero(value: Double) {
        #expect(HTMLMapRenderer.number(value) == "0", "no SVG attribute takes inf or nan")
        #expect(HTMLMapRenderer.degrees(value) == "0", "nor the tile script's centre")
    }
}
