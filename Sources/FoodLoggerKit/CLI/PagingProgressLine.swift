import FoodLoggerDomain
/// "fetched 3/10 pages" on one self-overwriting stderr line while `--limit` pages, erased when
/// paging ends so the results (or the error) start on a clean line. Only for a terminal: a log
/// or a pipe gets no progress at all.
struct PagingProgressLine: Sendable {
    let stderr: any TextOutput

    /// The reporter to hand the worker, or nil when stderr is not a terminal.
    static func reporter(for context: ProcessContext) -> (@Sendable (PagingProgress) -> Void)? {
        guard context.terminal.stderrIsTerminal else { return nil }
        let line = PagingProgressLine(stderr: context.stderr)
        return { line.show($0) }
    }

    func show(_ progress: PagingProgress) {
        switch progress {
        case .fetched(let pages, let total):
            stderr.write("\r\(Self.text(pages: pages, of: total))")
        case .finished:
            // Spaces rather than an escape sequence: they erase on any terminal, TERM=dumb too.
            stderr.write("\r" + String(repeating: " ", count: Self.text(pages: 9999, of: 9999).count) + "\r")
        }
    }

    static func text(pages: Int, of total: Int) -> String {
        "foodlogger: fetched \(pages)/\(total) pages"
    }
}
