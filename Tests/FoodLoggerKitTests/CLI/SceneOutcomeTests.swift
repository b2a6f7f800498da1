import Foundation
import LoopbackHTTP
import Testing
import TestSupport

@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// VIP one way (#46): a scene's display returns nothing; its interactor returns what the use
/// case came to (`SceneOutcome`), and the command makes the exit status of it, once
/// (`ExitCode(_:)`).
@MainActor @Suite struct SceneOutcomeTests {
    @Test(
        "each outcome has one exit status",
        arguments: [
            (SceneOutcome.shown, ExitCode.success), (.nothingFound, .noResults), (.closed, .noResults),
            (.incomplete, .unavailable), (.notOpened, .unavailable), (.refused, .usage), (.notAnID, .dataError),
            (.interrupted, .interrupted),
            (.serviceFailed(.rejectedKey(message: "no", service: .google)), .permissionDenied),
            (.serviceFailed(.unreadableResponse(detail: "not JSON")), .dataError),
            (.serviceFailed(.network(.refused, detail: "x")), .unavailable),
            (.logFailed(.noFolder), .configuration),
            (.logFailed(.unreadable(path: "/l", reason: "Permission denied")), .ioError),
        ] as [(SceneOutcome, ExitCode)])
    func exitStatus(outcome: SceneOutcome, expected: ExitCode) {
        #expect(ExitCode(outcome) == expected, "\(outcome) → \(ExitCode(outcome))")
    }

    @Test func aSearchsPlacesAreShownNoneOrIncomplete() {
        // Given a page of places, an empty one, and places beside a service that failed
        let query = RestaurantQuery(center: Seeds.OSM.center, range: .m1000)
        let found = FoundPlaces(page: Seeds.OSM.page, query: query)
        let none = FoundPlaces(page: Seeds.Pages.empty, query: query)
        var incomplete = found
        incomplete.incomplete = [ServiceFailure(provider: .google, error: .httpStatus(503))]
        // Then each is its own outcome, whatever the output format
        #expect(SceneOutcome(found) == .shown && SceneOutcome(none) == .nothingFound, "places, then none")
        #expect(SceneOutcome(incomplete) == .incomplete, "a failed service beside the others' places")
        #expect(
            SearchInteractor.outcome(.failure(FindFailure(.httpStatus(503))), filteringByLog: false)
                == .serviceFailed(.httpStatus(503)), "a failure with nothing else")
        var unanswered = found
        unanswered.log = .failure(.noFolder)
        #expect(
            SearchInteractor.outcome(.success(unanswered), filteringByLog: true) == .logFailed(.noFolder), "--want unanswered")
        #expect(SearchInteractor.outcome(.success(unanswered), filteringByLog: false) == .shown, "no log filter asked")
    }

    /// The search's outcome goes back to the command from the interactor; the display spy
    /// returns nothing and the presenter decides no status.
    @Test func theInteractorsOutcomeIsWhatTheSearchComesTo() async {
        // Given a search interactor over a finder whose merge lost Google, and a display that returns nothing
        var found = FoundPlaces(page: Seeds.OSM.page, query: RestaurantQuery(center: Seeds.OSM.center, range: .m1000))
        found.incomplete = [ServiceFailure(provider: .google, error: .httpStatus(503))]
        let sut = SearchInteractor(finder: PlaceFinderSpy(.success(found)))
        let presenter = SearchPresenter(presentation: .table)
        let display = SearchDisplayLogicSpy()
        sut.presenter = presenter
        presenter.viewController = display
        // When it searches
        let outcome = await sut.searchRestaurants(.init(query: found.query, open: Seeds.open))
        // Then the places were displayed, and the outcome says the list is incomplete: exit 69
        #expect(display.viewModels.count == 1, "displayed once")
        #expect(outcome == .incomplete && ExitCode(outcome) == .unavailable, "\(outcome)")
    }

    /// In-process, through the commands: a merge with one service refused ends 69 as a table
    /// and as the static map, the others' places drawn.
    @Test(arguments: [["search"], ["map", "--static"]])
    func aMergeWithAServiceDownEnds69(command: [String]) async throws {
        // Given three services, OpenStreetMap's port refusing
        let services = try MergedSearchCLITests.Services()
        let refusing = try RefusingPort()
        let environment = ListSemanticsCLITests.environment(services, .osm, at: refusing)
        // When the three are searched at once
        let run = await CLIRun.run(
            command + ["--timeout", "1", "--retries", "0"] + MergedSearchCLITests.all + MergedSearchCLITests.yaesu,
            environment: environment)
        // Then the others' places are drawn, and the command ends 69
        #expect(run.code == .unavailable, "exit 69: \(run.code) \(run.stderr)")
        #expect(!run.stdout.isEmpty, "the others' places drawn: \(run.stdout)")
        #expect(run.stderr.contains("OpenStreetMap"), "the failure named: \(run.stderr)")
    }

    /// A food log changed in place while its list is drawn: the rows stop where the read
    /// failed, the view says why, and the interactor's outcome (not the view) carries the log's
    /// failure, so `log` ends 74 as before.
    @Test func aLogThatFailsWhileDrawnIsTheInteractorsOutcome() throws {
        // Given a store whose listing is cut short in place as soon as it is made
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent(FoodLogStore.fileName)
        try FoodLogListingTests.oddLog().write(to: file, atomically: true, encoding: .utf8)
        let store = ChangingStore(FoodLogStore(folder: folder.url), file: file)
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        let sut = FoodLogScene.assemble(
            context: ProcessContext(arguments: [], stdout: stdout, stderr: stderr), presentation: .table, store: store)
        // When the list is drawn
        let outcome = sut.list(.all)
        // Then the failure is the outcome, said once on stderr; the exit status is 74
        guard case .logFailed(.unreadable(let path, _)) = outcome else {
            Issue.record("the log's failure: \(outcome)")
            return
        }
        #expect(path == file.path && ExitCode(outcome) == .ioError, "\(outcome)")
        #expect(stderr.text.contains("foodlogger: cannot read the food log"), "\(stderr.text)")
    }
}

/// A real store whose listing's file is cut short in place right after the listing is made.
struct ChangingStore: FoodLogStoring {
    let store: FoodLogStore
    let file: URL
    init(_ store: FoodLogStore, file: URL) { self.store = store; self.file = file }
    var url: URL? { store.url }
    func read() throws(FoodLogError) -> FoodLogContents { try store.read() }
    func listing(wants: Bool?, at now: Date) throws(FoodLogError) -> FoodLogListing {
        let listing = try store.listing(wants: wants, at: now)
        if let handle = try? FileHandle(forWritingTo: file) {
            try? handle.truncate(atOffset: 10)
            try? handle.close()
        }
        return listing
    }
    func add(_ entry: FoodLogEntry) async throws(FoodLogError) -> FoodLogChange { try await store.add(entry) }
    func remove(number: Int) async throws(FoodLogError) -> FoodLogChange { try await store.remove(number: number) }
    func refresh(_ answers: [FoodLogEntry.SourceID: Restaurant], at now: Date) async throws(FoodLogError) -> Int {
        try await store.refresh(answers, at: now)
    }
}
