import Foundation
import Testing

/// The real captured responses (shared/hotpepper/samples), read by path: from
/// FOODLOGGER_TEST_SAMPLES when set (.ci/run sets it for a clone that is not beside shared/),
/// else from ../shared/hotpepper/samples beside the project. A clone from a public host has
/// none: the tests that read them are then skipped (`Samples.required`), unless CI asks for all.
public enum Samples {
    public static let root: URL = {
        if let directory = ProcessInfo.processInfo.environment["FOODLOGGER_TEST_SAMPLES"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).standardized
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/hotpepper/samples").standardized
    }()

    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("gourmet").path)
    }

    /// The trait of a test that reads the captures.
    public static let required = Prerequisite.enabled(
        isPresent,
        "the captured responses are not at \(root.path) (shared/hotpepper/samples beside the project, or FOODLOGGER_TEST_SAMPLES)"
    )

    /// The captures in `folder`, none when it is missing: a test over them also has the
    /// `required` trait, and GourmetResponseDecoderTests checks that they are all there.
    public static func files(_ folder: String, ext: String = "json") -> [URL] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory.appendingPathComponent($0) }
    }

    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }
}
