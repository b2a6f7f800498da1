import Foundation

/// stdin as bytes, read in chunks of at most `maximum` bytes, never a whole line however long:
/// `mcp` reads its client's messages this way. nil at the end of input.
protocol ChunkedInput: Sendable {
    func read(maximum: Int) -> [UInt8]?
}

/// This process's stdin, read with read(2): nothing is buffered beyond the chunk asked for.
struct StandardInput: ChunkedInput {
    func read(maximum: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, maximum) }
            if count > 0 { return Array(buffer[..<count]) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }
}

/// An input that has ended: what in-process runs read unless a test gives them bytes.
struct NoInput: ChunkedInput {
    func read(maximum: Int) -> [UInt8]? { nil }
}
