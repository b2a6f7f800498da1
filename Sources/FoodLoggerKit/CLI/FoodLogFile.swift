import FoodLoggerDomain

/// Which food log a run reads and writes. The offline stub's places are made up, so a run with
/// --stub (or FOODLOGGER_STUB) keeps a log of its own beside the user's, in
/// `$XDG_DATA_HOME/foodlogger/stub/`: the demo works end to end (log add, log, pick, search
/// --unvisited) and the user's log never holds an invented place.
enum FoodLogFile {
    static func store(stub: Bool, context: ProcessContext) -> FoodLogStore {
        guard stub, let folder = XDGFolder.data.url(environment: context.environment) else {
            return FoodLogStore(environment: context.environment)
        }
        return FoodLogStore(folder: folder.appendingPathComponent("stub"))
    }
}
