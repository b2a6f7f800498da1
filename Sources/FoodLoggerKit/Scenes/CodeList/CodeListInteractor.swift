import FoodLoggerDomain

/// What the CodeList scene can do.
@MainActor
protocol CodeListBusinessLogic: AnyObject {
    /// Returns what the lists came to (entries, none, the service's failure), for the command's exit status.
    func showList(_ request: CodeList.Show.Request) async -> SceneOutcome
}

/// Asks the worker for the lists and keeps the entries the keyword mentions.
@MainActor
final class CodeListInteractor: CodeListBusinessLogic {
    var presenter: (any CodeListPresentationLogic)?
    let worker: any CodeListing

    init(worker: any CodeListing) {
        self.worker = worker
    }

    func showList(_ request: CodeList.Show.Request) async -> SceneOutcome {
        var lists: [(kind: CodeListKind, entries: [CodeEntry])] = []
        do {
            // A small area lies in a middle area, which lies in a large one: a keyword naming
            // the large area finds all three.
            var widerOf: [String: String] = [:]
            for kind in request.subject.kinds {
                let entries = try await worker.list(kind)
                for entry in entries { widerOf[entry.code] = entry.within?.name }
                let kept = request.keyword.map { keyword in
                    entries.filter { entry in
                        let wider = [entry.within?.name, entry.within.flatMap { widerOf[$0.code] }].compactMap { $0 }
                        return entry.mentions(keyword, wider: wider)
                    }
                }
                lists.append((kind, kept ?? entries))
            }
        } catch {
            presenter?.presentList(.init(subject: request.subject, keyword: request.keyword, result: .failure(error)))
            return .serviceFailed(error)
        }
        presenter?.presentList(.init(subject: request.subject, keyword: request.keyword, result: .success(lists)))
        return lists.contains { !$0.entries.isEmpty } ? .shown : .nothingFound
    }
}
