import Foundation
import FoodLoggerDomain

/// The line a new user sees when OpenStreetMap answers for lack of a HOT PEPPER key: on a
/// terminal only, and once per user, remembered by an empty file in the state folder
/// (`$XDG_STATE_HOME/foodlogger/told-no-key`). Without a state folder nothing can be
/// remembered, and the line is said each time rather than never.
struct NoKeyNotice {
    let context: ProcessContext

    static let line =
        "No HOT PEPPER key: searching OpenStreetMap. See 'Keys and providers' in the README to search HOT PEPPER Gourmet, or say --provider osm."
    static let fileName = "told-no-key"

    var marker: URL? { XDGFolder.state.url(environment: context.environment)?.appendingPathComponent(Self.fileName) }

    func tellOnce() {
        guard context.terminal.stderrIsTerminal else { return }
        if let marker, FileManager.default.fileExists(atPath: marker.path) { return }
        context.report(Self.line)
        guard let marker else { return }
        // A folder that cannot be written costs only the memory: the line comes again next time.
        try? FileManager.default.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: marker.path, contents: Data())
    }
}
