import Foundation
import Testing

@testable import FoodLoggerKit

@MainActor
final class MCPBusinessLogicSpy: MCPBusinessLogic {
    var lines: [String] = []
    var refusedLimits: [Int] = []
    var finished = false

    func receive(_ line: [UInt8]) { lines.append(String(decoding: line, as: UTF8.self)) }
    func refuseLongLine(limit: Int, head: [UInt8]) { refusedLimits.append(limit) }
    func finish() async { finished = true }
}

/// Hands out the chunks it was given, then the end of input.
final class ScriptedInput: ChunkedInput, @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[UInt8]]

    init(_ chunks: [String]) { self.chunks = chunks.map { Array($0.utf8) } }

    func read(maximum: Int) -> [UInt8]? {
        lock.withLock { chunks.isEmpty ? nil : chunks.removeFirst() }
    }
}

@MainActor
@Suite struct MCPViewControllerTests {
    @Test func eachLineGoesToTheInteractorAndTheEndOfInputFinishesTheSession() async {
        // Given input of two messages, a line over the limit between them, cut across chunks
        let interactor = MCPBusinessLogicSpy()
        let sut = MCPViewController(
            input: ScriptedInput(["{\"a\"", ":1}\n" + String(repeating: "x", count: 40), "\n{\"b\":2}"]),
            output: CapturedOutput(),
            lineLimit: 16)
        sut.interactor = interactor

        // When the server runs to the end of input
        let status = await sut.serve()

        // Then the interactor got both messages, the refusal in between, and finished; exit 0
        #expect(interactor.lines == [#"{"a":1}"#, #"{"b":2}"#], "\(interactor.lines)")
        #expect(interactor.refusedLimits == [16], "the long line refused once")
        #expect(interactor.finished && status == .success, "finished, exit 0")
    }

    @Test func eachAnswerIsOneLineOnStdout() {
        let output = CapturedOutput()
        let sut = MCPViewController(input: NoInput(), output: output)

        sut.display(.init(line: #"{"id":1}"#))
        sut.display(.init(line: #"{"id":2}"#))

        #expect(output.text == "{\"id\":1}\n{\"id\":2}\n", "\(output.text)")
    }
}
