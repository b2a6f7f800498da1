import FoodLoggerDomain

extension JSONValue {
    /// The value as CSV cells: (dotted path, text) pairs in order, nested objects opened up
    /// (`areas.small_area.name`) where `opening` holds their path (every one when nil), strings
    /// as they are, null as "", a list of strings as one cell joined by ";" (`diet`:
    /// "vegetarian;vegan", as spreadsheets split a cell), anything else as JSON. An object not
    /// opened is one cell, `key=value` joined by ";" (`names`: "en=Lotus;zh=蓮"): its keys vary
    /// with the data, and a header that grew a column for each (`names.zh`) would change with it.
    func cells(path: String = "", opening: Set<String>? = nil) -> [(String, String)] {
        switch self {
        case .object(let members) where path.isEmpty || opening?.contains(path) ?? true:
            members.flatMap { name, member in
                member.cells(path: path.isEmpty ? name : path + "." + name, opening: opening)
            }
        case .object(let members): [(path, members.map { "\($0.0)=\($0.1.cellText)" }.joined(separator: ";"))]
        // An empty list stays `[]`: a day's hours of none (closed) is not a day without hours ("").
        case .array(let items) where !items.isEmpty && items.allSatisfy(\.isString):
            [(path, items.map(\.cellText).joined(separator: ";"))]
        case .string(let text): [(path, text)]
        case .null: [(path, "")]
        default: [(path, serialized())]
        }
    }

    private var isString: Bool {
        if case .string = self { return true }
        return false
    }

    /// A string as it is, anything else as JSON: a value inside a cell.
    private var cellText: String {
        if case .string(let text) = self { return text }
        return serialized()
    }
}
