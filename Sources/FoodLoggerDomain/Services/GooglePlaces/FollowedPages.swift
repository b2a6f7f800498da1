import Foundation

/// The pages of the Google search asked last, each fetched once and shared by every later page
/// of that search, even pages asked at once (the worker fetches pages concurrently). Every
/// request is billed, so a page further on (the prompt's `n` past 20) follows the token of the
/// last page already fetched rather than asking the search again from its first page. A failed
/// page is not kept, so asking again sends it again; a page whose task is cancelled cancels its
/// request.
actor FollowedPages {
    typealias Answer = (page: RestaurantPage, nextPageToken: String?)
    private typealias Fetch = Task<Result<Answer, ServiceError>, Never>

    private var search: String?
    private var fetches: [Fetch] = []

    /// The search's pages from its first, until they hold `wanted` places (kept or dropped),
    /// `limit` pages have come, or Google stops on its own terms: no token, a page that adds no
    /// place, or a token already followed. `fetch` is given the token to follow (nil for the
    /// first page); `sent` says whether this call sent any request.
    func pages(
        of search: String, wanted: Int, limit: Int,
        fetch: @escaping @Sendable (_ token: String?) async throws(ServiceError) -> Answer
    ) async throws(ServiceError) -> (answers: [Answer], sent: Bool) {
        if self.search != search { (self.search, fetches) = (search, []) }
        var answers: [Answer] = []
        var followed: Set<String> = []
        var sent = false
        while answers.count < limit {
            var token: String?
            if let last = answers.last {
                let places = answers.reduce(0) { $0 + $1.page.restaurants.count + $1.page.dropped.count }
                guard let next = last.nextPageToken, places < wanted, !last.page.restaurants.isEmpty,
                    followed.insert(next).inserted
                else { break }
                token = next
            }
            let index = answers.count
            // Another search may have replaced this one while a page was awaited: its pages are not ours.
            let ours = self.search == search
            let task: Fetch
            if ours, index < fetches.count {
                task = fetches[index]
            } else {
                task = Task { [token] () async -> Result<Answer, ServiceError> in
                    do throws(ServiceError) {
                        return .success(try await fetch(token))
                    } catch {
                        return .failure(error)
                    }
                }
                sent = true
                if ours, index == fetches.count { fetches.append(task) }
            }
            let result = await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
            switch result {
            case .success(let answer):
                answers.append(answer)
            case .failure(let error):
                if self.search == search, index < fetches.count, fetches[index] == task { fetches.removeSubrange(index...) }
                throw error
            }
        }
        return (answers, sent)
    }
}
