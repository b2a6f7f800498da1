import Foundation
@testable import FoodLoggerDomain

/// libFuzzer entry: the bytes as a year, a day, a place code and a coordinate (any doubles:
/// NaN, infinities, off the Earth), asked of the holiday calendar, the sun and the zone map, and of
/// an `opening_hours` value that needs all three. Besides crashes and hangs, it stops on a broken
/// promise: a holiday outside its year, the sun's events out of order or not finite, a zone that
/// is none of the map's, or a holiday answered for a year outside 1900–2100.
@_cdecl("LLVMFuzzerTestOneInput")
public func worldHoursFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    var input = Array(UnsafeBufferPointer(start: bytes, count: count))[...]
    func take(_ n: Int) -> [UInt8] {
        let part = Array(input.prefix(n)) + Array(repeating: 0, count: max(0, n - input.count))
        input = input.dropFirst(n)
        return part
    }
    func double() -> Double { take(8).withUnsafeBytes { $0.loadUnaligned(as: Double.self) } }
    // Years from 1800 to 2300, so that some fall outside the calendar's.
    let raw = take(4)
    let year = 1800 + (Int(raw[0]) << 8 | Int(raw[1])) % 501
    let date = CivilDate(year: year, month: Int(raw[2]) % 12 + 1, day: Int(raw[3]) % 31 + 1)
    let coordinate = Coordinate(lat: double(), lng: double())
    let school = take(1)[0] & 1 == 1
    let place = String(decoding: input, as: UTF8.self)

    let answer = HolidayCalendar.isHoliday(date, at: place, school: school)
    if !HolidayCalendar.years.contains(year), answer != nil { fatalError("\(place) answered for \(year)") }
    let (country, region) = HolidayCalendar.split(place)
    for day in (HolidayCalendar.publicHolidays(in: year, country: country, region: region) ?? [:]).keys where day.year != year {
        fatalError("\(day) listed among \(place)'s holidays of \(year)")
    }

    let sun = SunTimes(on: date, at: coordinate)
    let events = [sun.dawn, sun.sunrise, sun.sunset, sun.dusk].compactMap { $0 }
    if events.contains(where: { !$0.isFinite }) || events != events.sorted() { fatalError("the sun at \(coordinate): \(sun)") }

    let zones = Set(ZoneMap.labels.map(\.zone))
    for zone in [ZoneMap.locate(coordinate)?.zone, ZoneMap.zone(country: country, near: coordinate)].compactMap({ $0 }) {
        if !zones.contains(zone) { fatalError("\(zone) is no zone of the map") }
    }

    let hours = OSMOpeningHours("Mo-Fr sunrise-(sunset-01:00); PH off; SH 10:00-dusk")
    let at = HoursPlace(
        holidays: place, coordinate: coordinate, timeZone: ZoneMap.locate(coordinate).flatMap { TimeZone(identifier: $0.zone) })
    // Its answers' promises are osmhours' to check; here, that every place and day is answered in time.
    for minute in [0, 719, 1439] {
        _ = hours?.status(on: date, minute: minute, at: at)
        _ = hours?.nextChange(on: date, minute: minute, at: at)
    }
    return 0
}
