/// HOT PEPPER's dialect of the one hours model: the week its Japanese texts describe
/// (`OpeningHoursParser`), read with Japan's holidays, which the moment carries.
extension OpeningHours: HoursReading {
    public func status(at moment: Moment, in place: HoursPlace) -> OpenStatus { status(at: moment) }

    public func nextChange(after moment: Moment, in place: HoursPlace) -> HoursChange { nextChange(after: moment) }

    public var weekly: OpeningHours? { self }
}

extension PlaceHours {
    /// HOT PEPPER's reader: its `open` and `close` texts, read once when the answer is decoded.
    /// Its `close` text alone is no hours.
    public static func japaneseText(open: String, close: String) -> PlaceHours {
        if open.allSatisfy(\.isWhitespace) {
            return PlaceHours(syntax: .japaneseText, open: open, close: close, reading: nil, state: .none)
        }
        if let week = OpeningHoursParser.parse(open: open, close: close) {
            return PlaceHours(syntax: .japaneseText, open: open, close: close, reading: week, state: .given)
        }
        return PlaceHours(
            syntax: .japaneseText, open: open, close: close, reading: nil, state: .unreadable,
            closingDaysUnreadable: OpeningHoursParser.parse(open: open, close: "") != nil)
    }
}
