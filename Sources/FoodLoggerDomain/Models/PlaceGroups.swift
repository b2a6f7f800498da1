/// Places grouped by where they are, so a map fits one group rather than the empty middle
/// between two cities (a log kept in Edinburgh and in Hanoi is centred in neither): a place
/// within `reach` of any place of a group belongs to it.
public enum PlaceGroups {
    /// Farther than a city is wide, nearer than the next city: 50 km.
    public static let reach = 50_000.0

    /// The groups, largest first; groups of one size in the order of their first place, and
    /// each group's places in the order given.
    public static func of(_ places: [Restaurant], reach: Double = reach) -> [[Restaurant]] {
        var group = [Int?](repeating: nil, count: places.count)
        var members: [[Int]] = []
        for start in places.indices where group[start] == nil {
            // Spread from the first place not yet in a group to every place within reach of one in it.
            var found = [start]
            group[start] = members.count
            var next = 0
            while next < found.count {
                let here = places[found[next]].coordinate
                for other in places.indices where group[other] == nil && here.distance(to: places[other].coordinate) <= reach {
                    group[other] = members.count
                    found.append(other)
                }
                next += 1
            }
            members.append(found.sorted())
        }
        let ordered = members.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
        return ordered.map { $0.element.map { places[$0] } }
    }
}
