import FoodLoggerDomain
/// Lets other scenes fill this scene's data store before showing it.
@MainActor
protocol DetailDataPassing: AnyObject {
    var dataStore: (any DetailDataStore)? { get }
}

/// The Detail scene leads nowhere; its router only carries the data store other scenes fill.
@MainActor
final class DetailRouter: DetailDataPassing {
    var dataStore: (any DetailDataStore)?

}
