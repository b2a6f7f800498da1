import Foundation

/// Where the last list is kept between runs: `last-list.json` in the state folder
/// (`$XDG_STATE_HOME/foodlogger`, by default `~/.local/state/foodlogger`), one per user, in
/// the lines `StoredLastList` reads (JSON lines: the list, then each shop).
///
/// Written through `SharedFile`, so two searches at once leave one whole list (the later one),
/// never a mixture. Read back only when it is a list this version wrote: anything else (a
/// broken file, another format, an implausible value) is refused, and the next search
/// replaces it. A shop's record is checked when it is read, so a broken one fails the command
/// that asks for that shop, not those that ask for others.
///
/// An MCP session keeps its own list in memory (`session()`): an agent's numbers are never the
/// user's, nor another agent's.
public struct LastListStore: Sendable {
    /// nil without a home (and without an absolute `XDG_STATE_HOME`): nothing is kept then.
    public let file: SharedFile?
    /// Why there is no file, when the state folder cannot be had: saving and loading say so
    /// rather than losing the list without a word.
    public let unavailable: XDGFolder.Unavailable?
    /// The list of a session, in memory, in the file's lines; nil for the file's.
    private let memory: Memory?

    public init(folder: URL?) {
        self.init(folder: folder, unavailable: nil)
    }

    private init(folder: URL?, unavailable: XDGFolder.Unavailable?) {
        file = folder.map { SharedFile($0.appendingPathComponent("last-list.json")) }
        memory = nil
        self.unavailable = unavailable
    }

    /// A list kept in memory for as long as the store lives, never on disk.
    public static func session() -> LastListStore { LastListStore(memory: Memory()) }

    private init(memory: Memory) {
        file = nil
        self.memory = memory
        unavailable = nil
    }

    /// The session's list as the file's lines would hold it, behind a lock.
    private final class Memory: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        var lines: Data? {
            get { lock.withLock { data } }
            set { lock.withLock { data = newValue } }
        }
    }

    /// What a session's list is called where a message names it.
    static let sessionPath = "(this session's list)"

    public init(environment: [String: String]) {
        switch XDGFolder.state.location(environment: environment) {
        case .success(let folder): self.init(folder: folder)
        case .failure(let reason): self.init(folder: nil, unavailable: reason)
        }
    }

    /// Why there is a last-list file but no list: facts, worded by the app.
    public enum Failure: Error, Equatable, Sendable {
        /// The file cannot be read (permissions, not a regular file, far too large).
        case unreadable(SharedFile.ReadFailure)
        /// The file is no list this version wrote: broken, another format, or implausible values
        /// (in its first line when loaded, in a shop's record when that shop is read).
        case notAList(path: String)
        /// There is no state folder to keep a list in.
        case noFolder(XDGFolder.Unavailable)
    }

    /// The last list, its shops read as they are asked for; nil when there is none yet.
    public func load() throws(Failure) -> StoredLastList? {
        if let memory { return memory.lines.flatMap { StoredLastList($0, path: Self.sessionPath) } }
        if let unavailable { throw .noFolder(unavailable) }
        guard let file else { return nil }
        let data: Data?
        do { data = try file.contents() } catch { throw .unreadable(error) }
        guard let data else { return nil }
        guard let list = StoredLastList(data, path: file.url.path) else { throw .notAList(path: file.url.path) }
        return list
    }

    /// Replaces the last list with `list`, whole, under the file's lock. The list before is not
    /// read (nothing of it is kept), and the new one is not flushed to disk: every search saves
    /// one, and a crash can only cost the numbers, which the next search shows again.
    public func save(_ list: LastList) async throws(SharedFile.Failure) {
        if let memory {
            memory.lines = LastListWriter.data(list)
            return
        }
        guard let file, let data = LastListWriter.data(list) else { return }
        try await file.withLock { () throws(SharedFile.Failure) in try file.replace(with: data, durably: false) }
    }
}
