import Foundation

/// Finds a service's key: the key file the caller names (a choice made for this run), else the
/// service's variable (HOTPEPPER_API_KEY, GOOGLE_PLACES_API_KEY), else ./key.plist, else
/// $XDG_CONFIG_HOME/foodlogger/key.plist (default ~/.config), where each service has its own
/// entry. Never from a command-line value, which would end up in shell history and `ps`.
public struct APIKeyLocator: Sendable {
    /// A key and where it came from.
    public struct Located: Sendable, Equatable {
        public var key: String
        public var source: String
        /// The key file's permission bits when group or others may read it, as ssh warns of
        /// for private keys; nil when it is private.
        public var sharedMode: Int?

        /// No key, for a run that sends nothing (--offline): nothing can carry it anywhere.
        public static let none = Located(key: "", source: "", sharedMode: nil)
    }

    /// Where one service's key is looked for.
    public struct Service: Sendable, Equatable {
        public var provider: Provider
        public var environmentVariable: String
        /// The entry in key.plist, as the original iOS apps named them.
        public var plistKey: String
        /// key.plist.example's stand-in for the key: sent as it is, the service would refuse it.
        public var placeholder: String

        public static let hotpepper = Service(
            provider: .hotpepper, environmentVariable: "HOTPEPPER_API_KEY", plistKey: "hotpepperApiKey",
            placeholder: "YOUR_HOTPEPPER_API_KEY")
        public static let google = Service(
            provider: .google, environmentVariable: "GOOGLE_PLACES_API_KEY", plistKey: "googleApiKey",
            placeholder: "YOUR_GOOGLE_API_KEY")
        public static let all = [hotpepper, google]

        public var placeholderProblem: String { "it still holds the placeholder \(placeholder); put your own key in its place" }
    }

    var environment: [String: String]
    var keyFile: String?
    var currentDirectory: String
    var service: Service

    public init(environment: [String: String], keyFile: String?, currentDirectory: String, service: Service) {
        self.environment = environment; self.keyFile = keyFile; self.currentDirectory = currentDirectory
        self.service = service
    }

    /// The key without the spaces and line ends around it (a pasted key often has some). Read on
    /// the characters: Foundation's `trimmingCharacters(in:)` builds its character set on first
    /// use, 0.75 M instructions of every search that reads a key.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// Every service's key that `environment` holds, trimmed, placeholders left out.
    public static func environmentKeys(_ environment: [String: String]) -> [String] {
        Service.all.compactMap { service in
            environment[service.environmentVariable].map(trimmed).flatMap { $0.isEmpty || $0 == service.placeholder ? nil : $0 }
        }
    }

    public func locate() throws(ServiceError) -> Located {
        if let keyFile {
            return try read(keyFile, passingOverOthers: false)
        }
        let variable = service.environmentVariable
        if let key = environment[variable].map(Self.trimmed), !key.isEmpty {
            if key == service.placeholder {
                throw .unusableKeyFile(path: variable, problem: service.placeholderProblem)
            }
            return Located(key: key, source: variable)
        }
        let candidates = defaultFiles
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            do throws(ServiceError) {
                return try read(path, passingOverOthers: true)
            } catch .missingKey {
                // A key.plist that holds only another service's key is that service's, not a fault.
                continue
            }
        }
        throw .missingKey(searched: [variable] + candidates, service: service.provider)
    }

    /// ./key.plist, then the per-user configuration file.
    var defaultFiles: [String] {
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return [currentDirectory + "/key.plist", configHome + "/foodlogger/key.plist"]
    }

    /// The service's key in the file at `path`. With `passingOverOthers`, a property list that
    /// has no entry of this service but another's throws `missingKey` (look further), not a fault.
    func read(_ path: String, passingOverOthers: Bool) throws(ServiceError) -> Located {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unusableKeyFile(path: path, problem: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unusableKeyFile(path: path, problem: "is a directory") }
        let contents: Data?
        do throws(SharedFile.ReadFailure) {
            contents = try SharedFile(URL(fileURLWithPath: path), maxBytes: Self.maxFileBytes).contents()
        } catch {
            switch error {
            case .tooLarge(_, let bytes, _):
                throw .unusableKeyFile(
                    path: path, problem: "\(bytes) bytes, more than a key file's \(Self.maxFileBytes >> 10) KiB; not read")
            case .unreadable(_, let reason):
                throw .unusableKeyFile(path: path, problem: "cannot be read (\(reason))")
            }
        }
        guard let data = contents else { throw .unusableKeyFile(path: path, problem: "no such file") }
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
        let entry = service.plistKey
        guard let key = (dictionary[entry] as? String).map(Self.trimmed) else {
            if passingOverOthers, dictionary[entry] == nil, Service.all.contains(where: { dictionary[$0.plistKey] != nil }) {
                throw .missingKey(searched: [path], service: service.provider)
            }
            throw .unusableKeyFile(path: path, problem: "no \(entry) string in it")
        }
        if key.isEmpty { throw .unusableKeyFile(path: path, problem: "its \(entry) is empty") }
        if key == service.placeholder { throw .unusableKeyFile(path: path, problem: service.placeholderProblem) }
        return Located(key: key, source: path, sharedMode: Self.sharedMode(path))
    }

    /// A key file holds a key or two in a few hundred bytes: a larger file (a 2 GB `./key.plist`
    /// left in the working directory) is refused before it is read, as the caches and the log
    /// are, rather than read whole into memory.
    static let maxFileBytes = 64 << 10

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
