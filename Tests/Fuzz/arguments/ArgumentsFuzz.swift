import Foundation
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

/// libFuzzer entry: the input split at NUL bytes is the argument list after `search` (or, when
/// it starts with `pick`, `pick`'s: search's options and its own). Besides
/// crashes and hangs, it stops when a usage message spans lines or carries an escape, or when
/// a command line is accepted whose query breaks the documented ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func argumentsFuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let arguments = UnsafeBufferPointer(start: bytes, count: count)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let context = ProcessContext(arguments: arguments, stdout: CapturedOutput(), stderr: CapturedOutput())
    do {
        if arguments.first == PickCommand.name {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), specs: PickCommand.help.options)
            let command = try PickCommand(parsed, context: context)
            check(command.search)
            precondition((1...PickCommand.longestWindow).contains(command.window.seconds), "--not-within out of range")
        } else {
            let parsed = try ArgumentParser.parse(arguments, specs: SearchCommand.specs)
            check(try SearchCommand(parsed, context: context))
        }
    } catch {
        if error.message.isEmpty || error.message.contains(where: \.isNewline) || error.message.contains("\u{1B}") {
            fatalError("not one safe line: \(error.message.debugDescription)")
        }
    }
    return 0
}

/// What an accepted command line promises the rest of the program.
func check(_ command: SearchCommand) {
    let query = command.query
    // Stray words with no centre are refused once the service is chosen (`refusal(by:)`).
    precondition(query.hasCondition || command.strayWords != nil, "a query without a condition")
    for provider in Provider.allCases {
        let message = command.refusal(by: provider)?.message ?? "-"
        precondition(!message.contains(where: \.isNewline) && !message.contains("\u{1B}"), "a refusal that is not one safe line")
    }
    precondition((1...RestaurantQuery.maxCount).contains(query.count) && query.start >= 1, "count/start out of range")
    if let center = query.center {
        precondition((-90...90).contains(center.lat) && (-180...180).contains(center.lng), "centre out of range")
    }
    precondition(query.genres.allSatisfy { $0.range(of: "^G[0-9]{3}$", options: .regularExpression) != nil }, "bad genre")
    precondition(query.budgets.count <= 2, "too many budgets")
    if let timeout = command.common.timeout { precondition(timeout > 0 && timeout <= 300, "timeout out of range") }
    precondition(RetryPolicy.retryRange.contains(command.common.retries), "retries out of range")
    if let openFor = command.open.openFor {
        precondition((1...OpenDuration.maxMinutes).contains(openFor.minutes) && command.open.openOnly, "--open-for out of range")
    }
}
