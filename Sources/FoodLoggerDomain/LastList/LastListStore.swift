import Foundation

/// Where the last list is kept between runs: `last-list.json` in the state folder
/// (`$XDG_STATE_HOME/foodlogger`, by default `~/.local/state/foodlogger`), one per user.
///
/// Written through `SharedFile`, so two searches at once leave one whole list (the later one),
/// never a mixture. Read back only when it is a list this version wrote: anything else (a
/// broken file, another format, an implausible value) is no list at all.
public struct LastListStore: Sendable {
    /// nil without a home (and without an absolute `XDG_STATE_HOME`): nothing is kept then.
    public let file: SharedFile?

    public init(folder: URL?) {
        file = folder.map { SharedFile($0.appendingPathComponent("last-list.json")) }
    }

    public init(environment: [String: String]) {
        self.init(folder: XDGFolder.state.url(environment: environment))
    }

    /// The last list; nil when there is none, or none this version can read.
    public func load() -> LastList? {
        guard let list = file?.read(LastList.self), list.isPlausible else { return nil }
        return list
    }

    /// Replaces the last list with `list`, whole, under the file's lock. The list before is not
    /// read (nothing of it is kept), and the new one is not flushed to disk: every search saves
    /// one, and a crash can only cost the numbers, which the next search shows again.
    public func save(_ list: LastList) async throws(SharedFile.Failure) {
        guard let file, let data = try? JSONEncoder().encode(list) else { return }
        try await file.withLock { () throws(SharedFile.Failure) in try file.replace(with: data, durably: false) }
    }
}
