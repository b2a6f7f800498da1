import Foundation

/// One service's hours for one place, as that service's reader (in its folder under
/// `Services/`) made them: what every open question asks, on the place's own clock. The open
/// questions, the time left and the views ask this and never which service answered.
public protocol HoursReading: Sendable {
    /// Open, closing within half an hour, closed or unknown at `moment`, where `place` tells the
    /// holidays and the sun.
    func status(at moment: OpeningHours.Moment, in place: HoursPlace) -> OpenStatus
    /// When the place next closes (open at `moment`) or opens (closed then), in minutes from
    /// the moment's midnight; unknown where the hours leave it in doubt.
    func nextChange(after moment: OpeningHours.Moment, in place: HoursPlace) -> HoursChange
    /// The week for the JSON's `hours` and the day's periods; nil where the hours are not the
    /// same every week.
    var weekly: OpeningHours? { get }
    /// The public holiday whose rule gives the answer on the moment's day (a card names it);
    /// nil when no holiday rule decides that day.
    func holiday(at moment: OpeningHours.Moment, in place: HoursPlace) -> HoursPlace.Holiday?
}

extension HoursReading {
    public func holiday(at moment: OpeningHours.Moment, in place: HoursPlace) -> HoursPlace.Holiday? { nil }
}

/// Where a place's hours are read: what decides its holidays and its sun. Hours that keep
/// their own calendar (HOT PEPPER's, Japan's) read none of it.
public struct HoursPlace: Sendable {
    /// ISO 3166-1 alpha-2, or an ISO 3166-2 region (`GB-SCT`): its public and school holidays
    /// (`HolidayCalendar`); a day the calendar cannot tell is tried both ways.
    public var holidays: String?
    /// With `timeZone`: `sunrise`, `sunset`, `dawn` and `dusk` (`SunTimes`) on the place's clock.
    public var coordinate: Coordinate?
    public var timeZone: TimeZone?

    public init(holidays: String?, coordinate: Coordinate? = nil, timeZone: TimeZone? = nil) {
        self.holidays = holidays; self.coordinate = coordinate; self.timeZone = timeZone
    }

    /// A public holiday as a card names it: "Christmas Day", and the place whose calendar has it
    /// (`GB-SCT`).
    public struct Holiday: Sendable, Equatable {
        public var name: String
        public var place: String
        public init(name: String, place: String) { self.name = name; self.place = place }
    }
}

/// A place's hours read once, by its service's reader, for every question a list asks of the
/// place: open at the moment, the time left, the week and `hours_state`. Reading an
/// OpenStreetMap value or HOT PEPPER's texts is the costly part, so a list reads each place's
/// once and hands the result to every question.
public struct PlaceHours: Sendable {
    /// Nil where the service gave none, or gave hours that cannot be read (`state` says which).
    public let reading: (any HoursReading)?
    /// Whether the service gave hours, and whether they could be read.
    public let state: HoursState

    public init(_ shop: Restaurant) {
        let given: (reading: (any HoursReading)?, state: HoursState) =
            shop.periodHours.map { ($0.isReadable ? $0 : nil, $0.isReadable ? .given : .unreadable) }
            ?? shop.osmOpeningHours.map { value in
                let read = OSMOpeningHours(value)
                return (read, read == nil ? .unreadable : .given)
            }
            // Its `close` text alone is no hours.
            ?? (shop.open.allSatisfy(\.isWhitespace)
                ? (nil, .none)
                : OpeningHoursParser.parse(open: shop.open, close: shop.close).map { ($0, .given) } ?? (nil, .unreadable))
        reading = given.reading
        state = given.state
    }

    /// The week for the JSON's `hours` and the day's periods (`Restaurant.openingHours`).
    public var weekly: OpeningHours? { reading?.weekly }
}
