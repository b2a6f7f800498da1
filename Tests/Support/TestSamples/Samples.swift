import Foundation

/// The real captured responses (shared/hotpepper/samples), read by path: from
/// FOODLOGGER_TEST_SAMPLES when set (.ci/run sets it for a clone that is not beside shared/),
/// else from ../shared/hotpepper/samples beside the project.
public enum Samples {
    public static let root: URL = {
        if let directory = ProcessInfo.processInfo.environment["FOODLOGGER_TEST_SAMPLES"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).standardized
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/hotpepper/samples").standardized
    }()

    public static func files(_ folder: String, ext: String = "json") -> [URL] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory.appendingPathComponent($0) }
    }

    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }
}
