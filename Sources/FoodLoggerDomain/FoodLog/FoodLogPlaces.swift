extension FoodLogEntry {
    /// The entries grouped by place: entries that share any service's id are one place (an
    /// OpenStreetMap entry and a later one merged from OpenStreetMap and Google), however the
    /// ids are ordered or which is the shop's own. Places in the order of their first entry,
    /// each place's entries in the order given.
    public static func places(_ entries: [FoodLogEntry]) -> [[FoodLogEntry]] {
        // Union-find over the entries, each root the place's first entry.
        var parent = Array(entries.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        var owner: [SourceID: Int] = [:]
        for (index, entry) in entries.enumerated() {
            for source in entry.shop.ids {
                guard let other = owner[source] else {
                    owner[source] = index
                    continue
                }
                let (one, two) = (root(index), root(other))
                if one != two { parent[max(one, two)] = min(one, two) }
            }
        }
        var groups: [Int: [FoodLogEntry]] = [:]
        var order: [Int] = []
        for (index, entry) in entries.enumerated() {
            let place = root(index)
            if groups[place] == nil { order.append(place) }
            groups[place, default: []].append(entry)
        }
        return order.compactMap { groups[$0] }
    }
}
