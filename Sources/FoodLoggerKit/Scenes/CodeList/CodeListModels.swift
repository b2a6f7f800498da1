import FoodLoggerDomain

/// The CodeList scene's use case: show one of the service's code lists (genres, budgets or
/// areas), the codes `--genre`, `--budget` and `--area` take, with the names they answer to.
enum CodeList {
    /// Which list a command shows.
    enum Subject: String, Sendable, CaseIterable {
        case genres, budgets, areas

        /// The service's lists it is made of: areas come in three levels.
        var kinds: [CodeListKind] {
            switch self {
            case .genres: [.genres]
            case .budgets: [.budgets]
            case .areas: CodeListKind.areaLevels
            }
        }
    }

    enum Show {
        struct Request: Sendable, Equatable {
            var subject: Subject
            /// Keep only the entries it mentions (`CodeEntry.mentions`).
            var keyword: String?
        }

        /// Each list asked for, with the entries kept, or the failure.
        struct Response: Sendable {
            var subject: Subject
            var keyword: String?
            var result: Result<[(kind: CodeListKind, entries: [CodeEntry])], ServiceError>
        }

        /// Ready to draw: a table with the lines under it, a JSON document, or the failure.
        struct ViewModel: Sendable {
            enum Content: Sendable {
                case table(TextTable, footer: [String])
                case document(JSONValue)
                case failure(message: String)
            }

            var content: Content
            /// Set when the keyword kept nothing: what to tell the user.
            var notice: String? = nil
        }

        /// Fixed when the scene is assembled, so the presenter prepares only what is drawn.
        enum Presentation: Sendable {
            case table, document
        }
    }
}
