import Foundation
import FoodLoggerDomain
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes text: a standard stream, or a buffer in tests.
protocol TextOutput: Sendable {
    func write(_ text: String)
}

/// stdout or stderr of this process, written with write(2) so nothing sits in a buffer at exit.
struct StandardStream: TextOutput {
    let descriptor: Int32

    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // A closed pipe (`| head`) is not an error worth reporting.
                }
                offset += written
            }
        }
    }
}

/// An output that can be held: while held, what is written waits, and `release` passes it on
/// in order. This process's stderr is one, held while the interactive map has the screen, so
/// --verbose lines and warnings come out on the shell's screen, not over the map.
final class HoldableOutput: TextOutput, @unchecked Sendable {
    static let standardError = HoldableOutput(StandardStream.error)

    private let destination: any TextOutput
    private let lock = NSLock()
    private var held: String?

    init(_ destination: any TextOutput) { self.destination = destination }

    func write(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        if held != nil { held! += text } else { destination.write(text) }
    }

    func hold() {
        lock.lock(); defer { lock.unlock() }
        if held == nil { held = "" }
    }

    func release() {
        lock.lock(); defer { lock.unlock() }
        if let held, !held.isEmpty { destination.write(held) }
        held = nil
    }
}

/// Collects what a command writes, for tests and for building one output in memory.
final class CapturedOutput: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    func write(_ text: String) {
        lock.lock(); buffer += text; lock.unlock()
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return buffer
    }
}
