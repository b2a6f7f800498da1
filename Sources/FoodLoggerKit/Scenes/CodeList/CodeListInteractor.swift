import FoodLoggerDomain

/// What the CodeList scene can do.
@MainActor
protocol CodeListBusinessLogic: AnyObject {
    func showList(_ request: CodeList.Show.Request) async
}

/// Asks the worker for the lists and keeps the entries the keyword mentions.
@MainActor
final class CodeListInteractor: CodeListBusinessLogic {
    var presenter: (any CodeListPresentationLogic)?
    let worker: any CodeListing

    init(worker: any CodeListing) {
        self.worker = worker
    }

    func showList(_ request: CodeList.Show.Request) async {
        var lists: [(kind: CodeListKind, entries: [CodeEntry])] = []
        do {
            for kind in request.subject.kinds {
                let entries = try await worker.list(kind)
                lists.append((kind, request.keyword.map { keyword in entries.filter { $0.mentions(keyword) } } ?? entries))
            }
        } catch {
            presenter?.presentList(.init(subject: request.subject, keyword: request.keyword, result: .failure(error)))
            return
        }
        presenter?.presentList(.init(subject: request.subject, keyword: request.keyword, result: .success(lists)))
    }
}
