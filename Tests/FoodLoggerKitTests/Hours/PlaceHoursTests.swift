import Foundation
import Testing

@testable import FoodLoggerDomain

@Suite struct PlaceHoursTests {
    static var noOpenText: Restaurant {
        var place = Seeds.Restaurants.near
        place.hours = .given(open: " \u{3000}\n", close: "日、第2火曜日")
        return place
    }

    static var periods: Restaurant {
        var place = Seeds.Google.kyoto
        place.hours = .given(periods: PeriodHours(week: [.init(start: 660, end: 1320)]))
        return place
    }

    @Test func eachFormOfHoursIsReadOnceIntoTheWeekAndItsState() throws {
        // Given a place of each form of hours
        let cases: [(Restaurant, HoursState, OpeningHours?)] = [
            (Seeds.Restaurants.near, .given, OpeningHoursParser.parse(open: "月～金: 11:00～23:00", close: "日")),
            (Self.noOpenText, .none, nil),
            (Seeds.OSM.paris, .given, OSMOpeningHours("Mo-Sa 12:00-14:30,19:00-22:30")?.weekly),
            (Seeds.OSM.unreadable, .unreadable, nil),
            (Self.periods, .given, Self.periods.periodHours?.weekly),
        ]
        for (place, state, week) in cases {
            // When its hours are asked (as its reader read them)
            let sut = place.hours

            // Then the week and the state are what each reader gives
            #expect(sut.state == state, "\(place.name)")
            #expect(sut.weekly == week, "\(place.name)")
            #expect(place.hoursState == state && place.openingHours == week, "\(place.name): the shop's own answers agree")
        }
        #expect(try #require(Seeds.Restaurants.near.openingHours)[.weekday(.monday)]?.isEmpty == false)
    }

    @Test func aClosingTextWithoutAnOpenTextIsNoHours() {
        // Given closing days and no open text, blank in several ways
        for open in ["", " ", "\u{3000}", "\n\t"] {
            // Then there are no hours to read, whatever the closing days say
            #expect(OpeningHoursParser.parse(open: open, close: "日、祝日") == nil, "\(open.debugDescription)")
        }
    }
}
