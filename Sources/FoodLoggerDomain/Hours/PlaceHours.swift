/// A place's hours read once, from whichever form its service gave them (periods, an
/// OpenStreetMap `opening_hours` value, HOT PEPPER's `open` and `close` texts), for every
/// question a list asks of the place: open at the moment, the time left, the week and
/// `hours_state`. Reading an OpenStreetMap value or HOT PEPPER's texts is the costly part, so a
/// list reads each place's once and hands the result to every question.
public struct PlaceHours: Sendable {
    enum Source: Sendable {
        case periods(PeriodHours)
        /// nil: a value that cannot be read.
        case osm(OSMOpeningHours?)
        /// HOT PEPPER's texts as `OpeningHoursParser` reads them; nil where it cannot.
        case texts(OpeningHours?)
    }

    let source: Source
    /// Whether the service gave hours, and whether they could be read.
    public let state: HoursState

    public init(_ shop: Restaurant) {
        if let periods = shop.periodHours {
            source = .periods(periods)
            state = periods.isReadable ? .given : .unreadable
        } else if let value = shop.osmOpeningHours {
            let read = OSMOpeningHours(value)
            source = .osm(read)
            state = read == nil ? .unreadable : .given
        } else {
            let read = OpeningHoursParser.parse(open: shop.open, close: shop.close)
            source = .texts(read)
            // Its `close` text alone is no hours.
            state = shop.open.allSatisfy(\.isWhitespace) ? .none : read == nil ? .unreadable : .given
        }
    }

    /// The week for the JSON's `hours` and the day's periods (`Restaurant.openingHours`).
    public var weekly: OpeningHours? {
        switch source {
        case .periods(let periods): periods.weekly
        case .osm(let value): value?.weekly
        case .texts(let hours): hours
        }
    }
}
