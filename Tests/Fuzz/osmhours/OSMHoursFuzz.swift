import Foundation
@testable import FoodLoggerDomain

/// libFuzzer entry: any bytes as an OSM `opening_hours` value (the text an Overpass server
/// sends), read and asked at moments around midnight, on Japan's holidays and in doubt, and for
/// its weekly shape. Besides crashes and hangs, it stops on a broken promise: a weekly period
/// that is empty, overlaps the one before, or runs beyond the next midnight.
@_cdecl("LLVMFuzzerTestOneInput")
public func osmHoursFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let value = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let hours = OSMOpeningHours(value) else { return 0 }
    let days = [JapanDate(year: 2024, month: 2, day: 29), JapanDate(year: 2026, month: 12, day: 31)]
    for day in days {
        for minute in [0, 1, 719, 1410, 1439] {
            for country in ["JP", "DE", nil] { _ = hours.status(on: day, minute: minute, country: country) }
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
