import Foundation

/// The bench's command line.
struct Options {
    var runs = 20
    var warmups = 3
    /// A short run for CI: fewer runs, looser time budgets, nothing written.
    var quick = false
    /// Print PASS/FAIL but exit 0 whatever they say.
    var reportOnly = false
    /// Where the results go (between the generated-section markers); nil writes nothing.
    var output: String? = "Tests/Benchmarks/README.md"
    /// The foodlogger to measure; default: the static release build, made first in .build-static.
    var binary: String?
    /// Only the instruction counts: (c), (g) and (i) against their 37afa41 budgets, then (m); two
    /// builds compared (`--binary`) without an hour of timing.
    var instructionsOnly = false
    /// Where (c), (g) and (i)'s callgrind profiles are kept (callgrind.c.out, …) for callgrind_annotate; nil: not kept.
    var callgrindOut: String?

    static let usage = """
        Usage: foodlogger-bench [--runs N] [--warmups N] [--quick] [--report-only] [--output PATH | --no-write] [--binary PATH]
                       [--instructions-only] [--callgrind-out DIR]

        Measures foodlogger's release build against its budgets and writes the results into
        Tests/Benchmarks/README.md (between its generated-section markers). Run it from the package root:
          swift run -c release --scratch-path .build-bench foodlogger-bench
        It first builds the binary it measures as the README installs it:
          swift build -c release --static-swift-stdlib --scratch-path .build-static --product foodlogger

          --runs N        measured runs per command (default 20); medians and p90 are reported
          --warmups N     unmeasured runs first (default 3)
          --quick         7 runs, 2 warm-ups, time budgets loosened by half, writes nothing (for CI)
          --report-only   print PASS/FAIL but exit 0 even when a budget is missed
          --output PATH   write the results there instead of Tests/Benchmarks/README.md; --no-write: nowhere
          --binary PATH   measure this foodlogger instead of building the static one
          --instructions-only  only instruction counts (callgrind): (c), (g) and (i) against their budgets
                          (37afa41's counts), then (m); writes nothing; exits 1 when a count is over
          --callgrind-out DIR  keep (c), (g) and (i)'s callgrind profiles there (callgrind.c.out, …) for
                          callgrind_annotate --inclusive=yes

        """

    /// How much looser the time budgets are in a quick run, where fewer runs mean noisier medians.
    var slack: Double { quick ? 1.5 : 1.0 }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let value = rest.popFirst() else { throw SpawnError(description: "\(flag) needs a value") }
            return value
        }
        func count(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number >= 0 else {
                throw SpawnError(description: "\(flag) must be a count, not '\(text)'")
            }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--runs": runs = max(1, try count(flag))
            case "--warmups": warmups = try count(flag)
            case "--quick": quick = true; runs = 7; warmups = 2; output = nil
            case "--report-only": reportOnly = true
            case "--output": output = try value(flag)
            case "--no-write": output = nil
            case "--binary": binary = try value(flag)
            case "--instructions-only": instructionsOnly = true; output = nil
            case "--callgrind-out": callgrindOut = try value(flag)
            case "-h", "--help": print(Self.usage, terminator: ""); exit(0)
            default: throw SpawnError(description: "unknown option \(flag)\n\n" + Self.usage)
            }
        }
    }
}
