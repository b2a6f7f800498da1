/// The open / --open-for rule, owned once: which places an open-only question keeps, and why it
/// leaves the others out. Search's open-only pages (`HotpepperWorking.search`) and pick's sift
/// (`PickRule.sift`) both ask it.
///
/// A place is kept when it is open at the moment (closing soon counts as open) and, with
/// `openFor`, stays open at least that long by its closing time (`TimeLeft.staysOpen`). A place
/// open with no closing time known is in doubt, as one with unreadable hours is: kept only with
/// `includeUnknown`. A place closed for a while or for good is closed (`OpenClock.status`).
public struct OpenFilter: Sendable, Equatable {
    /// Keep the places whose hours cannot be read, or that leave the moment in doubt.
    public var includeUnknown: Bool
    /// How long a place must stay open from the moment; nil: open is enough.
    public var openFor: OpenDuration?

    public init(includeUnknown: Bool, openFor: OpenDuration? = nil) {
        self.includeUnknown = includeUnknown; self.openFor = openFor
    }

    /// The filter an open-only question asks for.
    public init(_ question: OpenQuestion) {
        self.init(includeUnknown: question.includeUnknown, openFor: question.openFor)
    }

    /// Why a place is kept or left out.
    public enum Verdict: Sendable, Equatable {
        case kept
        case closed
        /// Open, but closing before `openFor` is up.
        case closingTooSoon
        /// Hours that cannot be read, or that leave the moment in doubt; `noHours` when the
        /// service gives no hours at all.
        case unknown(noHours: Bool)
    }

    /// The verdict on `place` at the clock's moment.
    public func keeps(_ place: Restaurant, on clock: OpenClock) -> Verdict {
        switch clock.status(of: place) {
        case .open, .closingSoon:
            guard let openFor else { return .kept }
            let left = clock.timeLeft(of: place)
            if left.staysOpen(forMinutes: openFor.minutes) { return .kept }
            if left.closesAt != nil { return .closingTooSoon }
            return includeUnknown ? .kept : .unknown(noHours: false)
        case .closed:
            return .closed
        case .unknown:
            return includeUnknown ? .kept : .unknown(noHours: place.hours.state == .none)
        }
    }
}
