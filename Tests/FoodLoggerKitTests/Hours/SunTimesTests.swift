import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain

/// The sun's times against a reference for 22 cities from 64° N to 55° S at the 2026 equinoxes and
/// solstices: Tests/Fixtures/sun/noaa_2026.json, written once by Tests/Generators/sun.py with
/// astral 3.2, whose sun follows NOAA's solar calculator.
@Suite struct SunTimesTests {
    struct Reference: Decodable {
        var city: String
        var lat: Double
        var lng: Double
        var date: String
        var dawn: Double?
        var sunrise: Double?
        var sunset: Double?
        var dusk: Double?
    }

    static let references: [Reference] = {
        let url = Fixtures.root.deletingLastPathComponent().appendingPathComponent("sun/noaa_2026.json")
        return (try? JSONDecoder().decode([Reference].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func everyEventIsWithinTwoMinutesOfNOAAs() throws {
        #expect(Self.references.count == 88, "22 cities on 4 days")
        for reference in Self.references {
            // Given a city on an equinox or solstice
            let date = try #require(CivilDate(reference.date))
            // When its sun is worked out
            let sun = SunTimes(on: date, at: Coordinate(lat: reference.lat, lng: reference.lng))
            // Then each event is within 2 minutes of the reference (the same event a day apart, where
            // the reference gives the one of the day before in UTC), or absent where it is
            let pairs = [
                ("dawn", sun.dawn, reference.dawn), ("sunrise", sun.sunrise, reference.sunrise),
                ("sunset", sun.sunset, reference.sunset), ("dusk", sun.dusk, reference.dusk),
            ]
            for (event, worked, expected) in pairs {
                let off = zip(worked.map { [$0] } ?? [], expected.map { [$0] } ?? []).map { abs(remainder($0 - $1, 1440)) }
                #expect(
                    (worked == nil) == (expected == nil) && off.allSatisfy { $0 <= 2 },
                    "\(reference.city) \(reference.date) \(event): \(String(describing: worked)), NOAA \(String(describing: expected))"
                )
            }
        }
    }

    @Test func theSunOfAnyPlaceAndDayIsAValueNeverACrash() {
        let odd = [
            Coordinate(lat: 90, lng: 180), Coordinate(lat: -90, lng: -180), Coordinate(lat: .nan, lng: 0),
            Coordinate(lat: 91, lng: 0),
        ]
        for coordinate in odd {
            let sun = SunTimes(on: CivilDate(year: 2026, month: 6, day: 21), at: coordinate)
            #expect(sun.sunrise.map { $0.isFinite } != false, "\(coordinate)")
        }
        #expect(
            SunTimes(on: CivilDate(year: 2026, month: 6, day: 21), at: Coordinate(lat: 78.2, lng: 15.6)).sunset == nil,
            "Svalbard's midnight sun")
    }
}
