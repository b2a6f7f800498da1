@testable import FoodLoggerKit

/// What a spy in a scene's chain does with a call: records its argument and, for an interactor
/// spy, hands back the outcome the real interactor would (display and presenter spies return
/// nothing: data flows one way).
@discardableResult func record<Value>(_ value: Value, in list: inout [Value], outcome: SceneOutcome = .shown) -> SceneOutcome {
    list.append(value)
    return outcome
}
