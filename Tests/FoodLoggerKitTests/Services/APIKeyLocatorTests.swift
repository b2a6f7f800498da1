import Foundation
import Testing
import TestSupport
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct APIKeyLocatorTests {
    /// Removed, key files and all, when the test's suite instance goes.
    let folder: TemporaryFolder
    var directory: String { folder.path }

    init() throws {
        folder = try TemporaryFolder("foodlogger-keys")
        try FileManager.default.createDirectory(atPath: directory + "/config/foodlogger", withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String, mode: Int = 0o600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    func plist(_ key: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>hotpepperApiKey</key><string>\(key)</string></dict></plist>
        """
    }

    func locator(_ environment: [String: String] = [:], keyFile: String? = nil) -> APIKeyLocator {
        APIKeyLocator(
            environment: ["XDG_CONFIG_HOME": directory + "/config"].merging(environment) { $1 },
            keyFile: keyFile, currentDirectory: directory)
    }

    @Test func theKeyFileNamedForThisRunThenTheEnvironment() throws {
        try write(plist("fromfile"), to: directory + "/key.plist")
        let located = try locator(["HOTPEPPER_API_KEY": "fromenv"]).locate()
        #expect(located == .init(key: "fromenv", source: "HOTPEPPER_API_KEY"), "the variable before ./key.plist")
        try write(plist("explicit"), to: directory + "/other.plist")
        let named = try locator(["HOTPEPPER_API_KEY": "fromenv"], keyFile: directory + "/other.plist").locate()
        #expect(named.key == "explicit", "--key-file before the variable")
        #expect(throws: ServiceError.unusableKeyFile(path: directory + "/nope.plist", problem: "no such file")) {
            try locator(["HOTPEPPER_API_KEY": "fromenv"], keyFile: directory + "/nope.plist").locate()
        }
    }

    /// A pasted key keeps no space, tab or line end around it; a key of spaces alone is no key.
    @Test func theSpacesAroundAKeyAreNotPartOfIt() throws {
        #expect(try locator(["HOTPEPPER_API_KEY": " \tfromenv\r\n"]).locate().key == "fromenv")
        #expect(APIKeyLocator.trimmed("\u{3000}a b\u{A0}\n") == "a b", "ideographic and no-break spaces too; inner ones stay")
        #expect(APIKeyLocator.trimmed(" \n\t") == "")
        try write(plist("\n  fromfile \n"), to: directory + "/key.plist")
        #expect(try locator().locate().key == "fromfile")
        #expect(try locator(["HOTPEPPER_API_KEY": "   "]).locate().key == "fromfile", "a blank variable is no key")
    }

    @Test func keyFileThenWorkingDirectoryThenConfig() throws {
        try write(plist("config"), to: directory + "/config/foodlogger/key.plist")
        #expect(try locator().locate().key == "config", "the per-user file")
        try write(plist("cwd"), to: directory + "/key.plist")
        #expect(try locator().locate().key == "cwd", "./key.plist before the per-user file")
        try write(plist("explicit"), to: directory + "/other.plist")
        #expect(try locator(keyFile: directory + "/other.plist").locate().key == "explicit", "--key-file first")
    }

    @Test func missingEverywhereNamesThePlaces() {
        #expect(
            throws: ServiceError.missingKey(
                searched: [
                    "HOTPEPPER_API_KEY", directory + "/key.plist",
                    directory + "/config/foodlogger/key.plist",
                ], service: .hotpepper)
        ) {
            try locator().locate()
        }
    }

    @Test(arguments: [
        ("not a plist at all {", "not a property list"),
        ("<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>", "not a property list dictionary"),
        (
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>other</key><string>x</string></dict></plist>",
            "no hotpepperApiKey string in it"
        ),
        (
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>hotpepperApiKey</key><string> </string></dict></plist>",
            "its hotpepperApiKey is empty"
        ),
    ])
    func unusableFilesNameTheFileAndTheProblem(content: String, problem: String) throws {
        let path = directory + "/bad.plist"
        try write(content, to: path)
        #expect(throws: ServiceError.unusableKeyFile(path: path, problem: problem)) {
            try locator(keyFile: path).locate()
        }
    }

    @Test func thePlaceholderInTheEnvironmentIsRefused() {
        #expect(
            throws: ServiceError.unusableKeyFile(
                path: "HOTPEPPER_API_KEY", problem: APIKeyLocator.Service.hotpepper.placeholderProblem)
        ) {
            try locator(["HOTPEPPER_API_KEY": "YOUR_HOTPEPPER_API_KEY"]).locate()
        }
        let message = ServiceError.unusableKeyFile(
            path: "HOTPEPPER_API_KEY", problem: APIKeyLocator.Service.hotpepper.placeholderProblem
        )
        .localizedDescription
        #expect(message.hasPrefix("HOTPEPPER_API_KEY: it still holds the placeholder"), "\(message)")
    }

    @Test func missingKeyFileIsNamed() {
        #expect(throws: ServiceError.unusableKeyFile(path: directory + "/nope.plist", problem: "no such file")) {
            try locator(keyFile: directory + "/nope.plist").locate()
        }
    }

    func googleLocator(_ environment: [String: String] = [:], keyFile: String? = nil) -> APIKeyLocator {
        APIKeyLocator(
            environment: ["XDG_CONFIG_HOME": directory + "/config"].merging(environment) { $1 },
            keyFile: keyFile, currentDirectory: directory, service: .google)
    }

    @Test func googlesKeyHasItsOwnVariableAndEntryInTheSameFiles() throws {
        // Given one key.plist with both services' keys
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>hotpepperApiKey</key><string>hp</string>
            <key>googleApiKey</key><string>gk</string></dict></plist>
            """, to: directory + "/key.plist")
        // Then each service reads its own entry, and Google's variable wins over the file
        #expect(try locator().locate().key == "hp", "HOT PEPPER's entry")
        #expect(try googleLocator().locate().key == "gk", "Google's entry")
        let fromEnvironment = try googleLocator(["GOOGLE_PLACES_API_KEY": "genv", "HOTPEPPER_API_KEY": "x"]).locate()
        #expect(fromEnvironment == .init(key: "genv", source: "GOOGLE_PLACES_API_KEY"), "its own variable only")
    }

    @Test func aFileWithOnlyTheOtherServicesKeyIsPassedOver() throws {
        // Given ./key.plist with a Google key only, and the per-user file with a HOT PEPPER key
        try write(
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>googleApiKey</key><string>g</string></dict></plist>"#,
            to: directory + "/key.plist")
        // Then HOT PEPPER finds no key in it and none anywhere: missing, so the default falls back
        #expect(
            throws: ServiceError.missingKey(
                searched: [
                    "HOTPEPPER_API_KEY", directory + "/key.plist", directory + "/config/foodlogger/key.plist",
                ], service: .hotpepper)
        ) { try locator().locate() }
        try write(plist("config"), to: directory + "/config/foodlogger/key.plist")
        #expect(try locator().locate().key == "config", "the next file's key")
        // But named with --key-file, a file without the entry is a fault
        #expect(
            throws: ServiceError.unusableKeyFile(path: directory + "/key.plist", problem: "no hotpepperApiKey string in it")
        ) { try locator(keyFile: directory + "/key.plist").locate() }
    }

    @Test func googlesPlaceholderIsRefusedAndItsAbsenceNamesItsPlaces() throws {
        #expect(
            throws: ServiceError.unusableKeyFile(
                path: "GOOGLE_PLACES_API_KEY", problem: APIKeyLocator.Service.google.placeholderProblem)
        ) { try googleLocator(["GOOGLE_PLACES_API_KEY": "YOUR_GOOGLE_API_KEY"]).locate() }
        #expect(
            throws: ServiceError.missingKey(
                searched: ["GOOGLE_PLACES_API_KEY", directory + "/key.plist", directory + "/config/foodlogger/key.plist"],
                service: .google)
        ) { try googleLocator().locate() }
    }

    @Test func worldReadableFileWarnsWithTheFix() throws {
        try write(plist("k"), to: directory + "/key.plist", mode: 0o644)
        let located = try locator().locate()
        #expect(located.sharedMode == 0o644, "the mode, for the app to warn of")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: directory + "/key.plist")
        #expect(try locator().locate().sharedMode == nil, "nothing for a private file")
    }
}
