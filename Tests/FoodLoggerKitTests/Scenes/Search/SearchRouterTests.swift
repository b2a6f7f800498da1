import Testing
@testable import FoodLoggerKit

@MainActor
@Suite struct SearchRouterTests {
    @Test func assemblyGivesTheRouterTheInteractorAsDataStore() async {
        let context = ProcessContext(arguments: [], stdout: CapturedOutput(), stderr: CapturedOutput())
        let sut = SearchScene.assemble(context: context, format: .json, worker: HotpepperWorkerSpy())
        _ = await sut.search(Seeds.query)
        #expect(sut.router?.dataStore?.restaurants.count == 3, "the router passes on what the interactor fetched")
        #expect(sut.router?.dataStore?.restaurants.first?.id == Seeds.Restaurants.near.id, "in the order shown")
    }
}
