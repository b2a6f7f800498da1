import Foundation
import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// Walking minutes at 80 m a minute, rounded up, and the way to set off, from the search's centre.
@Suite struct WalkTests {
    private let centre = Coordinate(lat: 35.6812, lng: 139.7671)
    /// About a kilometre in degrees of latitude.
    private let step = 1_000 / (Coordinate.earthRadiusMetres * .pi / 180)

    /// A point `north` and `east` kilometres from the centre.
    private func point(north: Double, east: Double) -> Coordinate {
        Coordinate(lat: centre.lat + north * step, lng: centre.lng + east * step / cos(centre.lat * .pi / 180))
    }

    @Test(arguments: [
        (1.0, 0.0, CompassPoint.north, "↑"), (1, 1, .northEast, "↗"), (0, 1, .east, "→"), (-1, 1, .southEast, "↘"),
        (-1, 0, .south, "↓"), (-1, -1, .southWest, "↙"), (0, -1, .west, "←"), (1, -1, .northWest, "↖"),
    ])
    func eachOfTheEightWaysHasItsPointAndArrow(north: Double, east: Double, point: CompassPoint, arrow: String) throws {
        // Given a place a kilometre or so away in one of the eight directions
        // When the walk there is measured
        let walk = Walk(from: centre, to: self.point(north: north, east: east))

        // Then its compass point and arrow are that direction's
        let bearing = try #require(walk.bearing, "a place away from the centre has a bearing")
        #expect(walk.compass == point, "\(bearing)° is \(point.rawValue)")
        #expect(point.arrow == arrow, "\(point.rawValue) is drawn \(arrow)")
        #expect((0..<360).contains(bearing), "within 0..<360: \(bearing)")
    }

    @Test(arguments: [(0, 0), (80, 1), (81, 2), (160, 2), (1, 1), (799, 10), (800, 10)])
    func minutesAreTheMetresAtEightyAMinuteRoundedUp(metres: Int, minutes: Int) {
        // Given a place `metres` due north (to the metre, as listings show it)
        let place = Coordinate(lat: centre.lat + Double(metres) / 1_000 * step, lng: centre.lng)

        // When the walk there is measured
        let walk = Walk(from: centre, to: place)

        // Then the minutes are the metres shown at 80 m a minute, rounded up
        #expect(walk.metres == metres, "the distance as shown")
        #expect(walk.minutes == minutes, "\(metres) m is \(minutes) min")
    }

    @Test func theCentreItselfIsNoMinutesAndNoDirection() {
        let walk = Walk(from: centre, to: centre)
        #expect(walk.metres == 0 && walk.minutes == 0, "no walk at all")
        #expect(walk.bearing == nil && walk.compass == nil, "no way is the way")
    }

    @Test func acrossTheAntimeridianEastIsAShortStepEast() throws {
        // Given a centre just west of the antimeridian and a place just east of it
        let walk = Walk(from: Coordinate(lat: 0, lng: 179.9), to: Coordinate(lat: 0, lng: -179.9))

        // Then the place lies east, about 22 km away, not round the world to the west
        #expect(walk.bearing == 90 && walk.compass == .east, "east: \(String(describing: walk.bearing))")
        #expect((22_000...22_400).contains(walk.metres), "the short way: \(walk.metres) m")
        let back = Walk(from: Coordinate(lat: 0, lng: -179.9), to: Coordinate(lat: 0, lng: 179.9))
        #expect(back.compass == .west, "and back is west")
    }

    @Test func nearThePolesTheGreatCircleDecides() {
        // Given a centre close to the North Pole
        let nearPole = Coordinate(lat: 89.99, lng: 0)

        // Then a place across the pole lies north, one further down the same meridian south
        #expect(Walk(from: nearPole, to: Coordinate(lat: 89.98, lng: 180)).compass == .north, "over the pole")
        #expect(Walk(from: nearPole, to: Coordinate(lat: 89.98, lng: 0)).compass == .south, "down the meridian")
        // And near the South Pole every way off the pole is north
        #expect(Walk(from: Coordinate(lat: -90, lng: 0), to: Coordinate(lat: -89.9, lng: 45)).bearing.map { $0 <= 45 } == true)
    }

    @Test(arguments: [(0, CompassPoint.north), (22, .north), (23, .northEast), (337, .northWest), (338, .north), (359, .north)])
    func aPointIsTheSectorCentredOnIt(degrees: Int, point: CompassPoint) {
        #expect(CompassPoint(degrees: degrees) == point, "\(degrees)°")
    }

    @Test func theTerminalWritesArrowsOrLetters() {
        // Given a walk of 707 m, 9 minutes, to the north-east
        let walk = Walk(from: centre, to: point(north: 0.5, east: 0.5))

        // Then a UTF-8 terminal sees the arrow, any other the letters
        #expect(WalkText.short(walk, unicode: true) == "9 min ↗", "\(WalkText.short(walk, unicode: true))")
        #expect(WalkText.short(walk, unicode: false) == "9 min NE", "\(WalkText.short(walk, unicode: false))")
        #expect(WalkText.short(Walk(from: centre, to: centre), unicode: true) == "0 min", "no arrow at the centre")
    }

    @Test func aPlaceOffTheEarthHasNoWayButNeverCrashes() {
        let walk = Walk(from: centre, to: Coordinate(lat: .nan, lng: .infinity))
        #expect(walk.bearing == nil, "no bearing to nowhere")
    }

    /// Issue 49, item 1: past 10 km it is no walk (a log's two cities are not "35646 min" apart).
    @Test func pastTenKilometresThereAreNoWalkingMinutes() {
        let edinburgh = Coordinate(lat: 55.9533, lng: -3.1883)
        let near = Walk(from: edinburgh, to: Coordinate(lat: 55.9533, lng: -3.0300))
        let hanoi = Walk(from: edinburgh, to: Coordinate(lat: 21.0285, lng: 105.8542))
        #expect(near.metres < Walk.longestWalk && near.minutes == (near.metres + 79) / 80, "\(near.metres) m is a walk")
        #expect(hanoi.minutes == nil && hanoi.metres > 9_000_000, "Hanoi is no walk: \(String(describing: hanoi.minutes))")
        #expect(WalkText.short(hanoi, unicode: false).hasPrefix("far "), "\(WalkText.short(hanoi, unicode: false))")
    }
}
