import FoodLoggerDomain

extension ExitCode {
    /// The one place a scene's outcome becomes the exit status a command ends with.
    init(_ outcome: SceneOutcome) {
        self =
            switch outcome {
            case .shown: .success
            case .nothingFound, .closed: .noResults
            case .incomplete, .notOpened: .unavailable
            case .serviceFailed(let error): error.exitCode
            case .logFailed(let error): error.exitCode
            case .refused: .usage
            case .notAnID: .dataError
            case .interrupted: .interrupted
            }
    }
}
