import Testing

@testable import FoodLoggerKit

/// Distances in the user's units: metres by default, feet and miles where asked or where the
/// locale measures so.
@Suite struct DistanceUnitsTests {
    @Test(arguments: [
        (DistanceUnits.metric, 80, "80 m"), (.metric, 2500, "2500 m"), (.imperial, 80, "260 ft"),
        (.imperial, 160, "520 ft"), (.imperial, 170, "0.1 mi"), (.imperial, 1609, "1 mi"), (.imperial, 2500, "1.6 mi"),
        (.imperial, 20000, "12 mi"),
    ])
    func aDistanceIsWrittenInTheUnits(units: DistanceUnits, metres: Int, text: String) {
        #expect(units.text(metres) == text, "\(metres) m in \(units)")
    }

    @Test(arguments: [
        (DistanceUnits.metric, 80, 450, "80–450 m"), (.imperial, 80, 150, "260–490 ft"), (.imperial, 80, 500, "260 ft–0.3 mi"),
        (.imperial, 300, 300, "0.2 mi"),
    ])
    func aSpanNamesItsUnitOnceWhereBothEndsShareIt(units: DistanceUnits, low: Int, high: Int, text: String) {
        #expect(units.span(low, high) == text)
    }

    @Test(arguments: [
        ([:], DistanceUnits.metric), (["FOODLOGGER_UNITS": "imperial"], .imperial),
        (["FOODLOGGER_UNITS": "Metric", "LANG": "en_US.UTF-8"], .metric),
        (["LANG": "en_US.UTF-8"], .imperial), (["LANG": "en_GB.UTF-8"], .imperial), (["LANG": "fr_FR.UTF-8"], .metric),
        (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .metric),
        (["LC_ALL": "en_US", "LANG": "ja_JP.UTF-8"], .imperial),
        (["LANG": "C.UTF-8"], .metric), (["FOODLOGGER_UNITS": "parsecs", "LANG": "ja_JP.UTF-8"], .metric),
    ])
    func theUnitsComeFromTheVariableElseTheLocale(environment: [String: String], units: DistanceUnits) {
        #expect(DistanceUnits(environment: environment) == units, "\(environment)")
    }

    @Test(arguments: [
        (DistanceUnits.metric, 700.0, 500.0, "500 m"), (.metric, 2600, 2500, "2.5 km"),
        (.imperial, 700, 2000 / DistanceUnits.feetPerMetre, "2000 ft"),
        (.imperial, 900, 0.5 * DistanceUnits.metresPerMile, "0.5 mi"),
        (.imperial, 4100, 2.5 * DistanceUnits.metresPerMile, "2.5 mi"), (.imperial, 1, 25 / DistanceUnits.feetPerMetre, "25 ft"),
    ])
    func aScaleBarIsARoundLengthInTheUnits(units: DistanceUnits, atMost: Double, metres: Double, label: String) {
        let bar = units.scaleBar(atMost: atMost)
        #expect(abs(bar.metres - metres) < 0.001 && bar.label == label, "\(atMost) m in \(units): \(bar)")
    }

    @Test(arguments: [(DistanceUnits.metric, 1000, "1 km"), (.metric, 500, "500 m"), (.imperial, 1000, "0.6 mi")])
    func aRadiusIsWrittenInTheUnits(units: DistanceUnits, metres: Int, text: String) {
        #expect(units.radius(metres) == text)
    }
}
