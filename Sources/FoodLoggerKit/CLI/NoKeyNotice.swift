import Foundation
import FoodLoggerDomain

/// The line a user sees when OpenStreetMap answers for lack of a HOT PEPPER key: what was found
/// instead and what to say. A key file still holding key.plist.example's placeholder is a
/// mistake to fix, said every run where HOT PEPPER applies (abroad it changes nothing); the rest is advice, said on a terminal only and once per
/// user, remembered by an empty file in the state folder (`$XDG_STATE_HOME/foodlogger/told-no-key`).
/// Without a state folder nothing can be remembered, and the line is said each time rather than
/// never. HOT PEPPER is named only where it has places (Japan), or where that cannot be told.
struct NoKeyNotice {
    let context: ProcessContext

    static let line =
        "No HOT PEPPER key: searching OpenStreetMap. See 'Keys and providers' in the README to search HOT PEPPER Gourmet, or say --provider osm."
    static let google = "a Google key was found: add --provider google, or set FOODLOGGER_PROVIDER=google"
    static let fileName = "told-no-key"

    var marker: URL? { XDGFolder.state.url(environment: context.environment)?.appendingPathComponent(Self.fileName) }

    /// The one line for `lacking`, or nil when there is nothing worth saying (a search abroad
    /// with no key of any service: OpenStreetMap is the service there).
    static func line(_ lacking: ServiceAssembly.LackingKey) -> String? {
        let instead = lacking.googleKey ? "; \(google)" : ""
        if let path = lacking.placeholderIn, lacking.hotpepperApplies {
            return
                "\(TerminalSafe.line(path)) holds key.plist.example's placeholder for HOT PEPPER: searching OpenStreetMap\(instead)."
        }
        if lacking.googleKey { return "Searching OpenStreetMap: \(google)." }
        return lacking.hotpepperApplies ? line : nil
    }

    func tell(_ lacking: ServiceAssembly.LackingKey) {
        guard let line = Self.line(lacking) else { return }
        if lacking.placeholderIn != nil, lacking.hotpepperApplies { return context.report(line) }
        guard context.terminal.stderrIsTerminal else { return }
        if let marker, FileManager.default.fileExists(atPath: marker.path) { return }
        context.report(line)
        guard let marker else { return }
        // A folder that cannot be written costs only the memory: the line comes again next time.
        try? FileManager.default.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: marker.path, contents: Data())
    }
}
