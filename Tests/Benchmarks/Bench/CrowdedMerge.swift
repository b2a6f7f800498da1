import Foundation
import LoopbackHTTP

// (k3): a merged map where every place of both answers crowds one point (issue #50, item 6).

extension Bench {
    /// `map --provider osm,google` against each service alone, one loopback server answering both
    /// with `count` places at one point (all of one name, all of one phone, or each its own phone
    /// within 40 m): matching them costs what matching as many spread places does (the last row),
    /// budget twice the slower service alone, which decodes one answer and writes half the records.
    /// `map` asks each service for every place in view (`search` asks Google for 20 at most).
    mutating func crowdedMergedSearch() throws {
        let count = options.quick ? 200 : 1000
        for crowd in SyntheticResponse.Crowd.allCases {
            let overpass = SyntheticResponse.crowdedOverpass(count, crowd)
            let google = SyntheticResponse.crowdedGoogle(count, crowd)
            let server = try LoopbackServer { request in
                Reply.json(request.path.hasSuffix("interpreter") ? overpass : google)
            }
            defer { server.stop() }
            let environment = environment(server: server).merging([
                "FOODLOGGER_OVERPASS_URL": server.baseURL.appendingPathComponent("api/interpreter").absoluteString,
                "GOOGLE_PLACES_BASE_URL": server.baseURL.appendingPathComponent("v1/").absoluteString,
                "GOOGLE_PLACES_API_KEY": Self.key,
            ]) { $1 }
            let foodlogger = foodlogger
            let candidates = ["osm,google", "osm", "google"].map { provider in
                let map = Command(
                    foodlogger, ["map", "--provider", provider] + Self.center + ["--format", "geojson", "--refresh"])
                return (
                    label: "foodlogger map --provider \(provider) --format geojson --refresh", run: runner([map], environment)
                )
            }
            let measured = try interleave(candidates, runs: min(options.runs, 7), warmups: min(options.warmups, 1))
            let slower = measured[1].seconds.median > measured[2].seconds.median ? measured[1] : measured[2]
            // Where every pair of 1,000 + 1,000 was compared, one name at one point took 14.5-21.7 s of CPU.
            let title = "(k3) \(count) + \(count) places, \(crowd.rawValue)"
            section(
                title,
                note: "OpenStreetMap's and Google's \(count) places each from one loopback server, \(crowd.rawValue). "
                    + "Ratio: over the slower single service's median.",
                measured, baseline: slower)
            budgets.append(
                Budget(
                    name: "(k3) \(crowd.rawValue) vs the slower service alone",
                    measured: measured[0].seconds.median / slower.seconds.median, limit: 2.0 * options.slack, unit: "×"))
        }
    }
}

extension SyntheticResponse {
    /// How the places of a crowded answer crowd.
    enum Crowd: String, CaseIterable {
        case sameName = "one name at one point"
        case sharedPhone = "one shared phone at one point"
        case uniquePhones = "each its own phone within 40 m of one point"
        /// Not crowded: each pair of places spread over 900 m, one name each, for what a merge of
        /// as many places costs where density plays no part.
        case spread = "spread over 900 m (no crowd, for comparison)"
    }

    /// Place `n` of a crowd: its position, OpenStreetMap's and Google's names, and the phone
    /// each gives (written as each writes it).
    static func crowded(_ n: Int, _ crowd: Crowd) -> (lat: Double, lng: Double, osm: String, google: String, phone: String) {
        if crowd == .spread {
            let angle = Double(n) * 2.399963, metres = 900 * (Double(n % 97) / 97).squareRoot()
            let name = "ベンチ食堂 \(n)号店"
            return (center.lat + metres * sin(angle) / 111_195, center.lng + metres * cos(angle) / 90_300, name, name, "")
        }
        guard crowd == .uniquePhones else {
            let name = crowd == .sameName ? "ベンチ食堂" : "ベンチ食堂 \(n)号店"
            return (center.lat, center.lng, name, name, crowd == .sharedPhone ? "5555-0000" : "")
        }
        // A fixed scatter within 40 m.
        let angle = Double(n) * 2.399963, metres = 40 * (Double(n % 97) / 97).squareRoot()
        return (
            center.lat + metres * sin(angle) / 111_195, center.lng + metres * cos(angle) / 90_300,
            "ベンチ食堂 \(n)号店", "Bench Diner No. \(n)", String(format: "5%03d-%04d", n % 7, n)
        )
    }

    static func crowdedOverpass(_ count: Int, _ crowd: Crowd) -> Data {
        let nodes = (1...count).map { n in
            let place = crowded(n, crowd)
            let phone = place.phone.isEmpty ? "" : #","phone":"03-\#(place.phone)""#
            return """
                {"type":"node","id":\(9_000_000 + n),"lat":\(place.lat),"lon":\(place.lng),"tags":{"amenity":"restaurant",\
                "name":"\(place.osm)"\(phone)}}
                """
        }
        return Data(#"{"version":0.6,"elements":["#.utf8) + Data(nodes.joined(separator: ",").utf8) + Data("]}".utf8)
    }

    static func crowdedGoogle(_ count: Int, _ crowd: Crowd) -> Data {
        let places = (1...count).map { n in
            let place = crowded(n, crowd)
            let phone = place.phone.isEmpty ? "" : #","internationalPhoneNumber":"+81 3-\#(place.phone)""#
            return """
                {"id":"ChIJbench\(String(format: "%014d", n))","displayName":{"text":"\(place.google)","languageCode":"ja"},\
                "primaryType":"restaurant","location":{"latitude":\(place.lat),"longitude":\(place.lng)}\(phone)}
                """
        }
        return Data(#"{"places":["#.utf8) + Data(places.joined(separator: ",").utf8) + Data("]}".utf8)
    }
}
