import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// The assembly decides, from the output format, what the presenter prepares.
@MainActor
@Suite struct SearchSceneTests {
    @Test(arguments: [
        (OutputFormat.table, false, Search.Restaurants.Presentation.table),
        (.table, true, .promptedTable),
        (.json, false, .document), (.csv, false, .document), (.geojson, false, .document),
        (.ndjson, false, .document), (.html, false, .document),
    ])
    func thePresenterPreparesWhatTheFormatDraws(
        format: OutputFormat, prompting: Bool,
        expected: Search.Restaurants.Presentation
    ) {
        // Given
        let context = ProcessContext(arguments: [], stdout: CapturedOutput(), stderr: CapturedOutput())
        // When
        let sut = SearchScene.assemble(
            context: context, format: format, finder: FindPlaces(HotpepperWorkerSpy()), worker: HotpepperWorkerSpy(),
            prompting: prompting)
        // Then
        let presenter = (sut.interactor as? SearchInteractor)?.presenter as? SearchPresenter
        #expect(presenter?.presentation == expected, "\(format) \(prompting ? "under a prompt " : "")draws \(expected)")
    }
}
