import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: any bytes as an OSM `opening_hours` value (the text an Overpass server
/// sends), read and asked at moments around midnight, on Japan's holidays and in doubt, and for
/// its weekly shape and its next change. Besides crashes and hangs, it stops on a broken promise:
/// a weekly period that is empty, overlaps the one before, or runs beyond the next midnight; a
/// next change outside the week ahead.
@_cdecl("LLVMFuzzerTestOneInput")
public func osmHoursFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let value = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let hours = OSMOpeningHours(value) else { return 0 }
    let days = [CivilDate(year: 2024, month: 2, day: 29), CivilDate(year: 2026, month: 12, day: 31)]
    for day in days {
        for minute in [0, 1, 719, 1410, 1439] {
            for country in ["JP", "DE", nil] { _ = hours.status(on: day, minute: minute, country: country) }
        }
        for minute in [0, 1439] {
            for country in ["JP", nil] {
                checkNextChange(hours.nextChange(on: day, minute: minute, country: country), minute, value)
            }
        }
    }
    guard let week = hours.weekly else { return 0 }
    for weekday in Weekday.allCases {
        var end = 0
        for period in week[.weekday(weekday)] ?? [] {
            if period.start >= period.end || period.start < end || period.end > 2 * 1440 {
                fatalError("a broken period \(period) on \(weekday) in \(value)")
            }
            end = period.end
        }
    }
    return 0
}

/// The next change lies after the moment and within the week the walk looks at.
func checkNextChange(_ change: HoursChange, _ minute: Int, _ value: String) {
    let week = minute + HoursChange.daysAhead * 1440
    switch change {
    case .closes(let at, _), .opens(let at):
        if at <= minute || at > week { fatalError("a change at \(at) after minute \(minute) in \(value)") }
    case .alwaysOpen, .unknown: break
    }
}
