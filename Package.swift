// swift-tools-version:6.0
import PackageDescription

/// foodlogger: a command-line restaurant finder over the HOT PEPPER Gourmet API.
/// The toolchain only: no package dependencies.
let package = Package(
    name: "foodlogger",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "foodlogger", targets: ["foodlogger"]),
    ],
    targets: [
        /// Everything the tool does; the executable only hands it argv and the environment.
        .target(name: "FoodLoggerKit"),
        .executableTarget(name: "foodlogger", dependencies: ["FoodLoggerKit"]),
        /// A small HTTP/1.1 server on loopback, for tests and the benchmark (never shipped).
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP"),
        .testTarget(name: "FoodLoggerKitTests", dependencies: ["FoodLoggerKit", "LoopbackHTTP"]),
        .testTarget(name: "foodloggerTests", dependencies: ["foodlogger", "LoopbackHTTP"]),
    ],
    swiftLanguageModes: [.v6]
)
