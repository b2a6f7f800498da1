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
    /// Whether the service gave hours, and whether they could be read: periods, an
    /// OpenStreetMap value, or HOT PEPPER's `open` text (its `close` text alone is no hours).
    public var hoursState: HoursState { hoursState(hours: openingHours) }

    /// The same, with the shop's `openingHours` as the caller has them.
    public func hoursState(hours: @autoclosure () -> OpeningHours?) -> HoursState {
        if let periodHours { return periodHours.isReadable ? .given : .unreadable }
        if let osmOpeningHours { return OSMOpeningHours(osmOpeningHours) == nil ? .unreadable : .given }
        if open.allSatisfy(\.isWhitespace) { return .none }
        return hours() == nil ? .unreadable : .given
    }

    /// HOT PEPPER's hours read alone, when it is only the closing-days text that cannot be read:
    /// the card then says which of the two is unclear.
    public var closingDaysUnreadable: Bool {
        periodHours == nil && osmOpeningHours == nil && !open.allSatisfy(\.isWhitespace)
            && OpeningHoursParser.parse(open: open, close: close) == nil
            && OpeningHoursParser.parse(open: open, close: "") != nil
    }
}
