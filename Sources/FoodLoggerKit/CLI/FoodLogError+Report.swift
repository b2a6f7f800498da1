import FoodLoggerDomain

/// The food log's failures in words and exit codes, for every scene that reads the log.
extension FoodLogError {
    /// One line per failure of the log, naming the file and what to do.
    var message: String {
        switch self {
        case .noFolder:
            return "there is nowhere to keep the food log: set HOME, or XDG_DATA_HOME to an absolute folder"
        case .tooLarge(let path, let bytes, let limit):
            return
                "the food log \(TerminalSafe.line(path)) is \(bytes >> 20) MiB, more than the \(limit >> 20) MiB foodlogger reads; nothing was changed (move it aside to start a new one)"
        case .unreadable(let path, let reason):
            return "cannot read the food log \(TerminalSafe.line(path)): \(reason)"
        case .unwritable(let failure):
            return "cannot write the food log (\(failure.message)); nothing was changed"
        case .noSuchEntry(let number, let last):
            let known = last.map { "its entries are numbered up to \($0); see 'foodlogger log'" } ?? "the food log is empty"
            return "there is no entry \(number) in the food log (\(known))"
        case .numbersUsedUp(let path, let last):
            return
                "the food log \(TerminalSafe.line(path)) has an entry numbered \(last), the highest number an entry takes; nothing was added (remove that entry, or give it a lower number by hand)"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .noFolder: .configuration
        case .tooLarge, .unreadable, .unwritable, .numbersUsedUp: .ioError
        case .noSuchEntry: .usage
        }
    }
}

/// A state file's failure to be locked or written, in words, for the food log's messages and
/// the last list's warning alike.
extension SharedFile.Failure {
    /// "PATH: REASON", or, when another run held the lock too long, who holds what for how long.
    var message: String {
        guard let lockHeld else { return "\(TerminalSafe.line(path)): \(reason)" }
        return "another foodlogger run has held the lock \(TerminalSafe.line(path)) for \(lockHeld.components.seconds) s"
    }
}
