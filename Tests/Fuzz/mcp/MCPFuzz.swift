import Foundation
import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: the input is what a client writes to `foodlogger mcp`'s stdin, cut into
/// chunks at its first byte's pace and framed into lines of at most 4 KiB. Each line must be
/// read as a message or refused with a JSON-RPC error that is one line of JSON; each tool call's
/// arguments must make the command's arguments or be refused in one line; and those never hold
/// an option the tool does not pass.
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
        switch tool.arguments(params["arguments"], defaults: ParsedArguments(flags: ["--stub"]), provider: "osm") {
        case .failure(let error): presenter.presentCall(.init(id: id, tool: tool, result: .refused(error), revision: .latest))
        case .success(let arguments): checkArguments(arguments, of: tool)
        }
    case .success: return
    }
    for answer in display.lines {
        precondition(!answer.contains("\n"), "an answer spans lines")
        precondition(JSONValue.decode(Data(answer.utf8)) != nil, "an answer is not JSON: \(answer)")
    }
}

/// Only the tool's own options (and the server's), and what it always gives its command.
func checkArguments(_ parsed: ParsedArguments, of tool: MCPTool) {
    let allowed = Set(
        tool.arguments.flatMap { argument -> [String] in
            switch argument.form {
            case .flag(let flag), .option(let flag), .minutes(let flag): [flag]
            case .budget: ["--budget"]
            case .flags:
                if case .strings(let choices, _) = argument.type {
                    choices.map(MCPTool.option)
                } else {
                    []
                }
            case .positional, .page: []
            }
        } + ["--stub", "--provider"] + tool.fixed.flags + tool.fixed.values.keys)
    for option in parsed.flags.union(parsed.values.keys) {
        precondition(allowed.contains(option), "an option the tool does not pass: \(option)")
    }
    precondition(parsed.positionals.starts(with: tool.fixed.positionals), "the command's own words changed")
}

@MainActor
final class LineCollector: MCPDisplayLogic {
    var lines: [String] = []
    func display(_ viewModel: MCP.ViewModel) { lines.append(viewModel.line) }
}
