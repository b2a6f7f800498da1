/// Whether a place's service gave hours, and whether they could be read: what a reader needs
/// to tell "no hours given" from "hours that could not be read" (JSON `hours_state`).
public enum HoursState: String, Sendable, Equatable {
    /// Hours given and read (a day may still be in doubt: a holiday, an irregular closing).
    case given
    /// The service gives no hours for the place.
    case none
    /// Hours given that cannot be read with confidence.
    case unreadable
}

extension Restaurant {
    /// Whether the service gave hours, and whether they could be read (`hours`).
    public var hoursState: HoursState { hours.state }

    /// The hours as the service wrote them, for people: Google's words for its week,
    /// OpenStreetMap's `opening_hours` value, or HOT PEPPER's `open` text; "" where it gave none.
    /// The one place that knows which of a place's fields hold them, so that no view asks.
    public var hoursText: String { hours.text }

    /// HOT PEPPER's hours read alone, when it is only the closing-days text that cannot be read:
    /// the card then says which of the two is unclear.
    public var closingDaysUnreadable: Bool { hours.closingDaysUnreadable }
}
