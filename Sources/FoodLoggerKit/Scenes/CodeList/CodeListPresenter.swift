import FoodLoggerDomain

/// What the CodeList scene's presenter is told.
@MainActor
protocol CodeListPresentationLogic: AnyObject {
    func presentList(_ response: CodeList.Show.Response)
}

/// Words the lists: a table with a line on how to use the codes, or the JSON document.
@MainActor
final class CodeListPresenter: CodeListPresentationLogic {
    weak var viewController: (any CodeListDisplayLogic)?
    let presentation: CodeList.Show.Presentation
    /// The service the lists come from, whose credit goes under them.
    let provider: Provider

    init(presentation: CodeList.Show.Presentation, provider: Provider) {
        self.presentation = presentation
        self.provider = provider
    }

    func presentList(_ response: CodeList.Show.Response) {
        let lists: [(kind: CodeListKind, entries: [CodeEntry])]
        switch response.result {
        case .failure(let error):
            viewController?.displayList(.init(content: .failure(message: error.localizedDescription)))
            return
        case .success(let found): lists = found
        }
        let count = lists.map(\.entries.count).reduce(0, +)
        let notice = count > 0 ? nil : Self.nothingMentioned(response)
        let content: CodeList.Show.ViewModel.Content =
            switch presentation {
            case .document: .document(Self.document(response.subject, lists))
            case .table:
                .table(
                    Self.table(response.subject, lists),
                    footer: count > 0
                        ? Self.footer(
                            response.subject, count: count, example: lists.first { !$0.entries.isEmpty }?.entries[0],
                            provider: provider)
                        : [])
            }
        viewController?.displayList(.init(content: content, notice: notice))
    }

    static func nothingMentioned(_ response: CodeList.Show.Response) -> String {
        let what = response.subject.rawValue.dropLast()
        return
            "no \(what) mentions \(TerminalSafe.quoted(response.keyword ?? "")). Try a shorter keyword, or leave it out to list them all."
    }

    /// `{"genres": [{"code", "name", "english"}]}`, `{"budgets": [{"code", "name"}]}`,
    /// `{"areas": [{"code", "name", "level", "within": {"code", "name"} | null}]}`.
    static func document(_ subject: CodeList.Subject, _ lists: [(kind: CodeListKind, entries: [CodeEntry])]) -> JSONValue {
        let entries = lists.flatMap { list in
            list.entries.map { entry -> JSONValue in
                var members: [(String, JSONValue)] = [("code", .string(entry.code)), ("name", .string(entry.name))]
                switch subject {
                case .genres: members.append(("english", entry.englishName.map(JSONValue.string) ?? .null))
                case .budgets: break
                case .areas:
                    members.append(("level", .string(level(list.kind))))
                    members.append(
                        (
                            "within",
                            entry.within.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) } ?? .null
                        ))
                }
                return .object(members)
            }
        }
        return .object([(subject.rawValue, .array(entries))])
    }

    static func table(_ subject: CodeList.Subject, _ lists: [(kind: CodeListKind, entries: [CodeEntry])]) -> TextTable {
        let code = TextTable.Column("Code", minWidth: 4, mayCut: false)
        let name = TextTable.Column("Name", minWidth: 8, weight: 2)
        let rows = lists.flatMap { list in
            list.entries.map { entry -> [String] in
                switch subject {
                case .genres: [entry.code, entry.name, entry.englishName ?? ""]
                case .budgets: [entry.code, entry.name]
                case .areas: [entry.code, entry.name, level(list.kind), entry.within?.name ?? ""]
                }
            }.map { $0.map(TerminalSafe.line) }
        }
        let columns =
            switch subject {
            // The English name is what --genre takes: whole, or not at all.
            case .genres: [code, name, TextTable.Column("English", minWidth: 6, dropPriority: 1, mayCut: false)]
            case .budgets: [code, TextTable.Column("Dinner budget", minWidth: 8, mayCut: false)]
            case .areas:
                [
                    code, name, TextTable.Column("Level", minWidth: 5, dropPriority: 2),
                    TextTable.Column("Within", dropPriority: 1),
                ]
            }
        return TextTable(columns: columns, rows: rows)
    }

    /// How many, how to use them (with an area from the list itself), and the credit.
    static func footer(_ subject: CodeList.Subject, count: Int, example: CodeEntry?, provider: Provider) -> [String] {
        let counted = "\(count) \(count == 1 ? String(subject.rawValue.dropLast()) : subject.rawValue)."
        let use =
            switch subject {
            case .genres:
                // A list whose codes are its names (OpenStreetMap's cuisines) shows one of its own.
                (example.flatMap { $0.name == $0.code ? "Search by name: --genre \($0.code)." : nil })
                    ?? "Search by name or code: --genre ramen, --genre G013."
            case .budgets: "Search by yen or code: --budget 2000-3000, --budget -1000, --budget B002."
            case .areas:
                "Search by name or code instead of a centre: --area \(example.map { "\($0.name), --area \($0.code)" } ?? "渋谷")."
            }
        return [counted + " " + use, provider.creditLine]
    }

    static func level(_ kind: CodeListKind) -> String {
        switch kind {
        case .largeAreas: "large"
        case .middleAreas: "middle"
        default: "small"
        }
    }
}
