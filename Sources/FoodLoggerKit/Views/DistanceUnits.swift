import Foundation

/// How a distance is written for the user: metres (the default), or feet and miles where the
/// user asks for them (`FOODLOGGER_UNITS=imperial`) or the locale measures so (en_US, en_GB).
/// The JSON and the other data formats keep metres whatever the user reads.
enum DistanceUnits: String, Sendable, CaseIterable {
    case metric, imperial

    static let feetPerMetre = 3.280_84
    static let metresPerMile = 1609.344

    /// FOODLOGGER_UNITS when it names units; else the locale's measurement system (LC_ALL, else
    /// LC_MEASUREMENT, else LANG): the United States' and the United Kingdom's are imperial.
    init(environment: [String: String]) {
        if let named = environment["FOODLOGGER_UNITS"].flatMap({ Self(rawValue: $0.lowercased()) }) {
            self = named
            return
        }
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // "en_US.UTF-8@euro": the language and region only.
        let identifier = String(locale.prefix { $0 != "." && $0 != "@" })
        guard identifier.contains("_") else {
            self = .metric
            return
        }
        self = [.us, .uk].contains(Locale(identifier: identifier).measurementSystem) ? .imperial : .metric
    }

    /// "350 m"; "260 ft" up to a tenth of a mile, then "0.3 mi", "12 mi" from ten on.
    func text(_ metres: Int) -> String {
        switch self {
        case .metric: return "\(metres) m"
        case .imperial:
            let miles = Double(metres) / Self.metresPerMile
            if miles < 0.1 { return "\(Int((Double(metres) * Self.feetPerMetre / 10).rounded()) * 10) ft" }
            return miles < 10 ? "\(((miles * 10).rounded() / 10).plainText) mi" : "\(Int(miles.rounded())) mi"
        }
    }

    /// The lengths a scale bar may show in imperial units: round feet, then round miles.
    static let imperialSteps: [ScaleBar] =
        [25, 50, 100, 200, 250, 500, 1000, 2000].map { ScaleBar(metres: Double($0) / feetPerMetre, label: "\($0) ft") }
        + [0.5, 1, 2, 2.5, 5, 10].map { ScaleBar(metres: $0 * metresPerMile, label: "\($0.plainText) mi") }

    /// A scale bar's length in metres, and its label in the units it is a round number of.
    struct ScaleBar: Equatable, Sendable {
        var metres: Double
        var label: String
    }

    /// A scale bar: the longest round length in these units no longer than `metres` (else the
    /// shortest), in metres, and its label ("250 m", "1 km"; "500 ft", "0.5 mi").
    func scaleBar(atMost metres: Double) -> ScaleBar {
        switch self {
        case .metric:
            let length = LocalProjection.scaleLength(atMost: metres)
            return ScaleBar(metres: Double(length), label: LocalProjection.scaleLabel(length))
        case .imperial:
            return Self.imperialSteps.last { $0.metres <= metres } ?? Self.imperialSteps[0]
        }
    }

    /// A radius as a map or a notice writes it: "500 m", "1 km"; "0.3 mi", "260 ft".
    func radius(_ metres: Int) -> String {
        self == .metric ? LocalProjection.scaleLabel(metres) : text(metres)
    }

    /// "80–450 m", "260–490 ft", "490 ft–0.3 mi": one unit named once where both ends share it.
    func span(_ low: Int, _ high: Int) -> String {
        guard low != high else { return text(low) }
        let (first, last) = (text(low), text(high))
        let unit = last.split(separator: " ").last.map { " " + $0 } ?? ""
        return first.hasSuffix(unit) ? first.dropLast(unit.count) + "–" + last : first + "–" + last
    }
}
