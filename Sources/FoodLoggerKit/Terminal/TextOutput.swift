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
    /// UTF-8 text, written as it is (a document of `OutputFormat.render`).
    func write(_ utf8: [UInt8])
    /// The error (errno) that stopped a write, after which nothing more is written; nil while
    /// every write went through.
    var writeError: Int32? { get }
    /// The write error, forgotten: for a command that says itself what it means (a change was
    /// made, though the line saying so could not be printed), so the run does not end as if
    /// its output were cut.
    func takeWriteError() -> Int32?
}

extension TextOutput {
    func write(_ utf8: [UInt8]) { write(String(decoding: utf8, as: UTF8.self)) }
    var writeError: Int32? { nil }
    func takeWriteError() -> Int32? { nil }
}

/// stdout or stderr of this process, written with write(2) so nothing sits in a buffer at exit.
/// A write that fails (a full disk, /dev/full, a closed descriptor) is remembered, like a
/// stdio stream's error flag, so the command can end with EX_IOERR instead of exit 0 over a
/// cut file.
final class StandardStream: TextOutput, @unchecked Sendable {
    let descriptor: Int32
    private let lock = NSLock()
    private var failure: Int32?

    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    init(descriptor: Int32) { self.descriptor = descriptor }

    var writeError: Int32? { lock.withLock { failure } }

    func takeWriteError() -> Int32? {
        lock.withLock {
            defer { failure = nil }
            return failure
        }
    }

    /// A standard descriptor the process was started without (`>&-`) is taken by /dev/null,
    /// before anything is opened: else the first file or socket opened would become "stdout"
    /// and get the output. stdout's stand-in is opened read-only, so writes to it still fail
    /// (EBADF) and are reported.
    static func holdClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let mode = descriptor == STDERR_FILENO ? O_WRONLY : O_RDONLY
            let opened = open("/dev/null", mode)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    func write(_ utf8: [UInt8]) {
        utf8.withUnsafeBufferPointer { write($0) }
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        lock.lock(); defer { lock.unlock() }
        guard failure == nil else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += written
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
