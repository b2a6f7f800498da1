/// The answer to the query asked last, shared by every page of it, even pages asked at once
/// (the worker fetches pages concurrently): the first asks the server, the others wait for
/// that answer. Overpass answers a query whole, so its client fetches once and cuts each page
/// from the answer (Google's pages, each billed, are kept one by one in `FollowedPages`). A
/// failure is not kept, so asking again sends the query again. Pages of one query belong to one search, so a page whose
/// task is cancelled cancels the request.
actor LatestAnswer {
    private var latest: (query: String, task: Task<Result<RestaurantPage, ServiceError>, Never>)?

    func value(
        for query: String, fetch: @escaping @Sendable () async throws(ServiceError) -> RestaurantPage
    ) async throws(ServiceError) -> RestaurantPage {
        let task: Task<Result<RestaurantPage, ServiceError>, Never>
        if let latest, latest.query == query {
            task = latest.task
        } else {
            task = Task { () async -> Result<RestaurantPage, ServiceError> in
                do throws(ServiceError) {
                    return .success(try await fetch())
                } catch {
                    return .failure(error)
                }
            }
            latest = (query, task)
        }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if case .failure = result, latest?.task == task { latest = nil }
        return try result.get()
    }
}
