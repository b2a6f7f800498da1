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

/// A place's hours: the one value every question a list asks of the place reads (open at a
/// moment, the time left, the week for the views, `hours_state`, the text as the service gave
/// it). Its service's reader makes it once, when the answer is decoded (`japaneseText` in
/// `Services/Hotpepper/`, `openingHours` in `Services/OpenStreetMap/`, `periods` in
/// `Services/GooglePlaces/`); filters, sorts, presenters, the card, the map and the merge ask
/// the stored reading and never read the text again.
///
/// Kept (the last list) as the texts and the syntax they were read in, and read back by that
/// syntax's reader: which service it was is decided once, when the answer was decoded.
public struct PlaceHours: Sendable {
    /// Which reader made `reading`.
    public enum Syntax: String, Sendable, Codable {
        /// No hours given.
        case none
        /// Free Japanese `open` and `close` texts (HOT PEPPER's).
        case japaneseText
        /// An OpenStreetMap `opening_hours` value.
        case openingHours
        /// Periods, a week and dated days (Google's).
        case periods
    }

    public let syntax: Syntax
    /// The Japanese opening and closing-days texts as written; "" where the service gives none.
    /// A merged place keeps them beside another service's reading (the JSON's `open`, `close`).
    public let open: String
    public let close: String
    /// OpenStreetMap's `opening_hours` value as tagged; nil from every other service.
    public let openingHours: String?
    /// The hours as periods, as Google gives them; nil from every other service.
    public let periods: PeriodHours?
    /// Nil where the service gave none, or gave hours that cannot be read (`state` says which).
    public let reading: (any HoursReading)?
    /// Whether the service gave hours, and whether they could be read.
    public let state: HoursState
    /// Only the closing-days text could not be read (the opening text alone could): the card
    /// then says which of the two is unclear.
    public let closingDaysUnreadable: Bool

    init(
        syntax: Syntax, open: String = "", close: String = "", openingHours: String? = nil, periods: PeriodHours? = nil,
        reading: (any HoursReading)?, state: HoursState, closingDaysUnreadable: Bool = false
    ) {
        self.syntax = syntax; self.open = open; self.close = close; self.openingHours = openingHours
        self.periods = periods; self.reading = reading; self.state = state
        self.closingDaysUnreadable = closingDaysUnreadable
    }

    /// No hours given.
    public static let none = PlaceHours(syntax: .none, reading: nil, state: .none)

    /// The week for the JSON's `hours` and the day's periods (`Restaurant.openingHours`).
    public var weekly: OpeningHours? { reading?.weekly }

    /// The hours as the service wrote them, for people: Google's words for its week,
    /// OpenStreetMap's `opening_hours` value, or the `open` text; "" where it gave none.
    public var text: String {
        switch syntax {
        case .periods: periods?.text ?? ""
        case .openingHours: openingHours ?? ""
        case .japaneseText, .none: open
        }
    }

    /// The same reading with `open` and `close` texts kept beside it (a merged place keeps
    /// one service's texts and another's reading); nothing is read again.
    public func keeping(open: String, close: String) -> PlaceHours {
        PlaceHours(
            syntax: syntax, open: open, close: close, openingHours: openingHours, periods: periods, reading: reading,
            state: state, closingDaysUnreadable: syntax == .japaneseText && closingDaysUnreadable)
    }
}

extension PlaceHours: Equatable {
    /// The same texts read in the same syntax: the reading follows from them.
    public static func == (lhs: PlaceHours, rhs: PlaceHours) -> Bool {
        lhs.syntax == rhs.syntax && lhs.open == rhs.open && lhs.close == rhs.close && lhs.openingHours == rhs.openingHours
            && lhs.periods == rhs.periods
    }
}

extension PlaceHours: Codable {
    enum CodingKeys: String, CodingKey { case syntax, open, close, openingHours, periods }

    /// Read back by the reader of the syntax kept: the one place a kept value chooses one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let syntax = try container.decode(Syntax.self, forKey: .syntax)
        let open = try container.decodeIfPresent(String.self, forKey: .open) ?? ""
        let close = try container.decodeIfPresent(String.self, forKey: .close) ?? ""
        let read: PlaceHours
        switch syntax {
        case .none: read = .none
        case .japaneseText: read = .japaneseText(open: open, close: close)
        case .openingHours:
            read = .openingHours(try container.decode(String.self, forKey: .openingHours))
        case .periods: read = .periods(try container.decode(PeriodHours.self, forKey: .periods))
        }
        self = read.keeping(open: open, close: close)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(syntax, forKey: .syntax)
        if !open.isEmpty { try container.encode(open, forKey: .open) }
        if !close.isEmpty { try container.encode(close, forKey: .close) }
        try container.encodeIfPresent(openingHours, forKey: .openingHours)
        try container.encodeIfPresent(periods, forKey: .periods)
    }
}
