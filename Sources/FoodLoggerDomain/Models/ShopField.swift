/// Parts of a shop that not every service describes. Where a shop's service has no such field,
/// the views say null (or leave the line out) rather than "", which would say that the shop left
/// it empty.
public enum ShopField: Sendable, CaseIterable {
    /// The name's reading (`name_kana`).
    case reading
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
    /// Free memos: weddings, other notes, the shop's details.
    case memos
}
