// swift-tools-version:6.2
import PackageDescription

/// On Linux, the code asks for a concrete generic type (`[String: String]`, `Set<Weekday>`) through
/// its metadata accessor, with the conformances it knows, instead of by mangled name: the runtime
/// found those conformances by scanning all ~6,000 of the binary's records, ≈330 k instructions
/// per type the first time, 3 M of a 28 M stub search (callgrind, static release).
let typesByAccessor: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(platforms: [.linux]))
]

/// foodlogger: a command-line restaurant finder over the HOT PEPPER Gourmet API.
/// The toolchain only: no package dependencies.
let package = Package(
    name: "foodlogger",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "foodlogger", targets: ["foodlogger"])
    ],
    targets: [
        /// The restaurants and the service: models, the HotpepperWorker, the HotpepperAPI client,
        /// the offline stub, decoding, key lookup and retries. No terminal or command-line words.
        /// On Linux, programs that link it export `curl_multi_setopt` (defined in
        /// Services/CurlSocketWatch.swift), so that FoundationNetworking's calls reach it in a
        /// dynamically linked build too: it keeps URLSession from spinning while a server thinks.
        .target(
            name: "FoodLoggerDomain",
            swiftSettings: typesByAccessor,
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=curl_multi_setopt"], .when(platforms: [.linux]))
            ]),
        /// The command line on top: scenes, views and CLI. The executable only hands it argv and
        /// the environment.
        .target(
            name: "FoodLoggerKit", dependencies: ["FoodLoggerDomain"],
            swiftSettings: typesByAccessor),
        .executableTarget(name: "foodlogger", dependencies: ["FoodLoggerKit"]),
        /// A small HTTP/1.1 server on loopback, for tests and the benchmark (never shipped).
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP"),
        /// `swift run -c release --scratch-path .build-bench foodlogger-bench`: start-up, decoding,
        /// end-to-end, paging and memory against their budgets, measured on the static release
        /// binary the README installs (which the bench builds); writes Tests/Benchmarks/README.md.
        .executableTarget(
            name: "foodlogger-bench",
            dependencies: ["FoodLoggerDomain", "FoodLoggerKit", "LoopbackHTTP", "foodlogger-hello", "foodlogger-hello-net"],
            path: "Tests/Benchmarks/Bench"),
        /// The start-up baseline: a Foundation hello world built like foodlogger.
        .executableTarget(name: "foodlogger-hello", path: "Tests/Benchmarks/Hello"),
        /// The same hello world linked against FoundationNetworking: the floor for a URLSession tool.
        .executableTarget(name: "foodlogger-hello-net", path: "Tests/Benchmarks/HelloNetworking"),
        /// The tests' fixtures and captures, what they need from outside (skipped visibly when
        /// missing, failing under FOODLOGGER_FULL_TESTS=1), and temporary folders they remove.
        .target(name: "TestSupport", path: "Tests/Support/TestSupport"),
        .testTarget(
            name: "FoodLoggerKitTests", dependencies: ["FoodLoggerDomain", "FoodLoggerKit", "LoopbackHTTP", "TestSupport"]),
        .testTarget(name: "foodloggerTests", dependencies: ["foodlogger", "FoodLoggerDomain", "LoopbackHTTP", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
