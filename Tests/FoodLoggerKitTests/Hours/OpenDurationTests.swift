import Testing
@testable import FoodLoggerDomain

/// --open-for's durations: hours and minutes, between a minute and a day.
@Suite struct OpenDurationTests {
    @Test(arguments: [
        ("90m", 90), ("1h30m", 90), ("2h", 120), ("2H", 120), ("24h", 1440), ("1m", 1), ("0h45m", 45),
        ("1.5h", 90), ("1h30", 90), ("0.25h", 15), ("1.5H", 90), ("24.0h", 1440),
    ])
    func readsHoursAndMinutes(text: String, minutes: Int) {
        // When a duration is read
        let sut = OpenDuration(text)
        // Then it is that many minutes
        #expect(sut?.minutes == minutes, "\(text)")
    }

    @Test(arguments: [
        "0", "0m", "-5m", "abc", "", "90", "25h", "24h1m", "1441m", "30m1h", "1h1h", "h", "９０m", "1h 30m",
        "1.5m", "1h30h", "1..5h", ".h", "1h30m5", "24.5h", "0.001h", "m",
    ])
    func refusesEverythingElse(text: String) {
        // When a value that is no duration of a minute to a day is read
        // Then there is none
        #expect(OpenDuration(text) == nil, "\(text)")
    }

    @Test func aLongRunOfDigitsDoesNotOverflow() {
        #expect(OpenDuration(String(repeating: "9", count: 40) + "m") == nil)
    }
}
