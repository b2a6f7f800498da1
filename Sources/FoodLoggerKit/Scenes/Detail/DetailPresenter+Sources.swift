import FoodLoggerDomain

extension DetailPresenter {
    /// A merged place's services side by side (`show --sources`): a row per field, a column per
    /// service, `≠` where they give different values. Nil for a place one service answered.
    static func comparison(_ restaurant: Restaurant, on clock: OpenClock) -> TextTable? {
        guard let sources = restaurant.sources, sources.count > 1 else { return nil }
        let records = sources.map(\.record)
        let rows: [(String, (Restaurant) -> String)] = [
            ("ID", \.id),
            ("Name", \.name),
            ("Also named", { ($0.otherNames ?? []).map { "\($0.name) (\($0.language))" }.joined(separator: " · ") }),
            ("Kind", { $0.kind?.label ?? "" }),
            ("Genre", \.genre.name),
            ("Address", \.address),
            ("Phone", { $0.phone ?? "" }),
            ("Website", { $0.website ?? "" }),
            ("Rating", { RatingText.short($0) ?? "" }),
            ("Price", { $0.priceLevel.map { BudgetBand.priceLevel($0, country: clock.country) } ?? "" }),
            ("Budget", { $0.hotpepper?.budget?.name ?? "" }),
            ("Access", { $0.hotpepper?.access ?? "" }),
            ("Diet", { ($0.diets ?? []).map(\.label).joined(separator: ", ") }),
            ("Status", { $0.businessStatus?.notice ?? "" }),
            ("Hours", \.hoursText),
            ("Open now", { HoursText.today($0, on: clock) }),
        ]
        var table = rows.map { label, value in
            let cells = label == "ID" ? sources.map(\.id) : records.map { $0.map(value) ?? "" }
            let given = Set(cells.filter { !$0.isEmpty && $0 != "?" })
            // Ids differ by nature; hours written two ways (Sa,Su and Sa-Su) agree when they read the same.
            let differs =
                switch label {
                case "ID": false
                // One number or site written two ways (+81 3…, 03…) agrees, as the matcher reads it.
                case "Phone": Set(records.compactMap { PlaceMatcher.phoneKey($0?.phone) }).count > 1
                case "Website": Set(records.compactMap { PlaceMatcher.hostKey($0?.website) }).count > 1
                case "Open now":
                    Set(records.compactMap { $0.flatMap { clock.status(of: $0).isOpen } }).count > 1
                case "Hours":
                    records.compactMap { $0?.openingHours }.reduce(into: [OpeningHours]()) { kept, hours in
                        if !kept.contains(hours) { kept.append(hours) }
                    }.count > 1
                default: given.count > 1
                }
            return [differs ? "≠" : "", label] + cells
        }
        .filter { row in row.dropFirst(2).contains { !$0.isEmpty } }
        // A service whose terms let nothing be kept left its id only in the last list.
        if records.contains(where: { $0 == nil }) {
            table.append(["", "Kept"] + records.map { $0 == nil ? "id only: show it by id to ask again" : "" })
        }
        return TextTable(
            columns: [.init("", minWidth: 1, mayCut: false), .init("Field", minWidth: 6, mayCut: false)]
                + sources.map { .init($0.provider.title, minWidth: 8, weight: 1) },
            rows: table)
    }
}
