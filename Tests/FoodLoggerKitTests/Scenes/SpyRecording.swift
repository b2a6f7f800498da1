@testable import FoodLoggerKit

/// What a spy in a scene's chain does with a call: records its argument and hands back the
/// exit status the real collaborator would (a display spy, the view model's own).
func record<Value>(_ value: Value, in list: inout [Value], exitCode: ExitCode = .success) -> ExitCode {
    list.append(value)
    return exitCode
}
