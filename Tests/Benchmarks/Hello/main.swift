import Foundation

// The start-up baseline for the benchmark: a release binary that loads Foundation and prints a
// line, which is the least any Swift command-line tool on Linux pays before doing its work.
print("hello from \(ProcessInfo.processInfo.processName)")
