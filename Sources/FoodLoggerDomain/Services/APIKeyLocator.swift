import Foundation

/// Finds the HOT PEPPER key: the key file the caller names (a choice made for this run), else
/// HOTPEPPER_API_KEY, else ./key.plist, else $XDG_CONFIG_HOME/foodlogger/key.plist (default
/// ~/.config). Never from a command-line value, which would end up in shell history and `ps`.
public struct APIKeyLocator: Sendable {
    /// A key and where it came from.
    public struct Located: Sendable, Equatable {
        public var key: String
        public var source: String
        /// The key file's permission bits when group or others may read it, as ssh warns of
        /// for private keys; nil when it is private.
        public var sharedMode: Int?
    }

    public static let environmentVariable = "HOTPEPPER_API_KEY"
    /// The key in key.plist, as the original iOS app named it.
    public static let plistKey = "hotpepperApiKey"

    var environment: [String: String]
    var keyFile: String?
    var currentDirectory: String

    public init(environment: [String: String], keyFile: String?, currentDirectory: String) {
        self.environment = environment; self.keyFile = keyFile; self.currentDirectory = currentDirectory
    }

    public func locate() throws(HotpepperError) -> Located {
        if let keyFile {
            return try read(keyFile)
        }
        if let key = environment[Self.environmentVariable]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            if key == Self.placeholder {
                throw .unusableKeyFile(path: Self.environmentVariable, problem: Self.placeholderProblem)
            }
            return Located(key: key, source: Self.environmentVariable)
        }
        let candidates = defaultFiles
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            return try read(path)
        }
        throw .missingKey(searched: [Self.environmentVariable] + candidates)
    }

    /// ./key.plist, then the per-user configuration file.
    var defaultFiles: [String] {
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return [currentDirectory + "/key.plist", configHome + "/foodlogger/key.plist"]
    }

    func read(_ path: String) throws(HotpepperError) -> Located {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unusableKeyFile(path: path, problem: "no such file")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw .unusableKeyFile(path: path, problem: isDirectory.boolValue ? "is a directory" : "cannot be read")
        }
        let plist: Any
        do {
            guard Self.isXMLOrBinary(data) else { throw CocoaError(.propertyListReadCorrupt) }
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .unusableKeyFile(path: path, problem: "not a property list")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw .unusableKeyFile(path: path, problem: "not a property list dictionary")
        }
        guard let key = (dictionary[Self.plistKey] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw .unusableKeyFile(path: path, problem: "no \(Self.plistKey) string in it")
        }
        if key.isEmpty { throw .unusableKeyFile(path: path, problem: "its \(Self.plistKey) is empty") }
        if key == Self.placeholder { throw .unusableKeyFile(path: path, problem: Self.placeholderProblem) }
        return Located(key: key, source: path, sharedMode: Self.sharedMode(path))
    }

    /// key.plist.example's stand-in for a key: sent as it is, the service would answer error 2000.
    static let placeholder = "YOUR_HOTPEPPER_API_KEY"
    static let placeholderProblem = "it still holds the placeholder \(placeholder); put your own key in its place"

    /// Only XML and binary property lists, the formats key.plist is written in. Anything else
    /// would reach CoreFoundation's old-style parser, which prints its own debug line.
    static func isXMLOrBinary(_ data: Data) -> Bool {
        let start = data.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return start.first == UInt8(ascii: "<") || start.starts(with: Data("bplist".utf8))
    }

    static func sharedMode(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0
        else { return nil }
        return mode & 0o777
    }
}
