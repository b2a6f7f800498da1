import Foundation
import FoodLoggerDomain

/// Wires the Pick scene's roles together, as a storyboard's setup() does in the app.
@MainActor
enum PickScene {
    static func assemble(
        context: ProcessContext, format: OutputFormat, finder: any PlaceFinding, worker: any HotpepperWorking,
        lastList: (any LastListKeeping)?, log: any FoodLogStoring, random: any RandomSource,
        zone: TimeZone
    ) -> PickViewController {
        let viewController = PickViewController(context: context, format: format)
        let interactor = PickInteractor(
            finder: finder, lastList: lastList, log: log, random: random, now: context.now, zone: zone)
        let presenter = PickPresenter(presentation: presentation(for: format))
        let router = PickRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.worker = worker
        return viewController
    }

    /// The card on a terminal; JSON as the place's own object (`jq .name`); the other data
    /// formats as a one-place list.
    static func presentation(for format: OutputFormat) -> Pick.Choose.Presentation {
        switch format {
        case .table: .card
        case .json: .object
        default: .document
        }
    }
}
