import Testing
@testable import FoodLoggerKit

@Suite struct DisplayWidthWrapTests {
    @Test func aSpaceRightAfterTheCarriedWordIsKept() {
        let lines = DisplayWidth.wrap("after a network error, HTTP 5xx", to: 22)
        #expect(lines == ["after a network", "error, HTTP 5xx"], "no space lost after 'error,': \(lines)")
    }

    @Test func aSpaceAtTheBreakIsDropped() {
        #expect(DisplayWidth.wrap("abc def", to: 3) == ["abc", "def"], "the space at the break goes")
    }
}
