/// Parts of a place's neutral core, or columns built on HOT PEPPER's part, that not every
/// service describes (`ServiceCapabilities.fields`). Where a place's service has no such field,
/// the views say null (or leave the column out) rather than "", which would say that the place
/// left it empty.
public enum ShopField: Sendable, CaseIterable {
    /// The shop's pitches: its own (`catch`) and its genre's.
    case catchCopy
    /// The budget band, its average and memo.
    case budget
    /// The nearest station and the ways to get there.
    case access
    /// Opening hours and closing days as free text (`open`, `close`).
    case hoursText
    /// Photos, logos and coupon pages.
    case pictures
}
