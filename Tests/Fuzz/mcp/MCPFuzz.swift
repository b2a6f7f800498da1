import Foundation
@testable import FoodLoggerKit

/// libFuzzer entry: the input is what a client writes to `foodlogger mcp`'s stdin, cut into
/// chunks at its first byte's pace and framed into lines of at most 4 KiB. Each line must be
/// read as a message or refused with a JSON-RPC error that is one line of JSON; each tool call's
/// arguments must make a command line or be refused in one line; and a command line never holds
/// an option the tool does not pass, nor a value read as an option.
@_cdecl("LLVMFuzzerTestOneInput")
public func mcpFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let step = max(1, Int(input.first ?? 1))
    var framer = MCPLineFramer(limit: 4096)
    var events: [MCPLineFramer.Event] = []
    var offset = 0
    while offset < input.count {
        events += framer.feed(input[offset..<min(offset + step, input.count)])
        offset += step
    }
    events += framer.finish()
    MainActor.assumeIsolated {
        for event in events {
            guard case .line(let line) = event else { continue }
            precondition(line.count <= 4096, "a line longer than the limit came out")
            check(line)
        }
    }
    return 0
}

@MainActor
func check(_ line: [UInt8]) {
    let display = LineCollector()
    let presenter = MCPPresenter()
    presenter.viewController = display
    switch MCP.Message.read(line) {
    case .failure(let failure):
        presenter.presentFailure(failure)
    case .success(.request(let id, "tools/call", let params)):
        guard let tool = params["name"]?.string.flatMap(MCPCatalog.tool(named:)) else { return }
        switch tool.commandLine(params["arguments"], defaults: ["--stub"], provider: "osm") {
        case .failure(let error): presenter.presentCall(.init(id: id, tool: tool, result: .refused(error), revision: .latest))
        case .success(let commandLine): checkCommandLine(commandLine, of: tool)
        }
    case .success: return
    }
    for answer in display.lines {
        precondition(!answer.contains("\n"), "an answer spans lines")
        precondition(MCPJSON.decode(Data(answer.utf8)) != nil, "an answer is not JSON: \(answer)")
    }
}

/// Before `--`, only the tool's own options (and the server's), each as one word.
func checkCommandLine(_ words: [String], of tool: MCPTool) {
    precondition(Array(words.prefix(tool.command.count)) == tool.command, "the command changed")
    let options = words.dropFirst(tool.command.count).prefix { $0 != "--" }
    let allowed = Set(
        tool.arguments.flatMap { argument -> [String] in
            switch argument.form {
            case .flag(let flag), .option(let flag): [flag]
            case .flags:
                if case .strings(let choices, _) = argument.type {
                    choices.map(MCPTool.option)
                } else {
                    []
                }
            case .positional, .page: []
            }
        } + ["--stub", "--provider"])
    for option in options {
        let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
        precondition(allowed.contains(name), "an option the tool does not pass: \(option)")
    }
}

@MainActor
final class LineCollector: MCPDisplayLogic {
    var lines: [String] = []
    func display(_ viewModel: MCP.ViewModel) { lines.append(viewModel.line) }
}
