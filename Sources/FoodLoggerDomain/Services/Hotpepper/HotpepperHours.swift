/// HOT PEPPER's dialect of the one hours model: the week its Japanese texts describe
/// (`OpeningHoursParser`), read with Japan's holidays, which the moment carries.
extension OpeningHours: HoursReading {
    public func status(at moment: Moment, in place: HoursPlace) -> OpenStatus { status(at: moment) }

    public func nextChange(after moment: Moment, in place: HoursPlace) -> HoursChange { nextChange(after: moment) }

    public var weekly: OpeningHours? { self }
}
