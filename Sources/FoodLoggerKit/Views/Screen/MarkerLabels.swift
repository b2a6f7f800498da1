/// Where the interactive map's marker labels go on one row, so that none covers another or
/// "@", and each stands a blank apart from the next. Labels that would touch are merged into
/// one, "3+2", as markers in one cell are: every marker stays counted on the map.
struct MarkerLabels: Equatable {
    /// One label: the restaurants it stands for (by index, nearest first) and its columns.
    struct Label: Equatable {
        var indices: [Int]
        var start: Int
        var text: String
        var end: Int { start + text.count - 1 }
    }

    /// The markers of one row by column, `you` the column of "@" if it is on the row, the
    /// columns labels may use, and how a group of restaurants is written (ASCII, so a
    /// character is a column).
    static func layout(
        _ markers: [(column: Int, indices: [Int])], you: Int?, within columns: ClosedRange<Int>,
        text: ([Int]) -> String
    ) -> [Label] {
        var labels = markers.map { Label(indices: $0.indices, start: $0.column, text: text($0.indices)) }
        func inside(_ label: inout Label) {
            label.start = max(columns.lowerBound, min(label.start, columns.upperBound - label.text.count + 1))
        }
        for index in labels.indices { inside(&labels[index]) }
        // Merge what touches, then move what touches "@", until neither happens; every step
        // merges or moves off "@", and the rounds are bounded for a frame too small for both.
        for _ in 0..<(4 * markers.count + 4) {
            labels.sort { $0.start < $1.start }
            if let left = labels.indices.dropLast().first(where: { labels[$0 + 1].start <= labels[$0].end + 1 }) {
                let right = labels.remove(at: left + 1)
                labels[left].indices += right.indices
                labels[left].text = text(labels[left].indices)
                inside(&labels[left])
                continue
            }
            guard let you, let over = labels.firstIndex(where: { ($0.start - 1...$0.end + 1).contains(you) }) else { break }
            let length = labels[over].text.count
            let after = you + 2, before = you - 1 - length
            let roomAfter = after + length - 1 <= columns.upperBound
            let roomBefore = before >= columns.lowerBound
            let nextStart = over + 1 < labels.count ? labels[over + 1].start : Int.max
            let previousEnd = over > 0 ? labels[over - 1].end : Int.min
            // Past "@" where that touches nothing, else before it, else where a merge follows.
            if roomAfter, after + length < nextStart {
                labels[over].start = after
            } else if roomBefore, before > previousEnd + 1 {
                labels[over].start = before
            } else {
                labels[over].start = roomAfter ? after : before
            }
        }
        return labels.sorted { $0.start < $1.start }
    }
}
