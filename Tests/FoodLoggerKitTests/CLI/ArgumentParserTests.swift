import Testing
@testable import FoodLoggerDomain
@testable import FoodLoggerKit

@Suite struct ArgumentParserTests {
    let specs = [
        OptionSpec("--lat", kind: .value("DEG"), help: ""), OptionSpec("--genre", kind: .repeated("CODE"), help: ""),
        OptionSpec("-i", "--interactive", help: ""), OptionSpec("--json", help: ""),
    ]

    @Test func readsValuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["--lat", "-35.5", "--genre=G001", "-i", "--genre", "G002", "x", "--", "--json"],
            specs: specs)
        #expect(parsed.value("--lat") == "-35.5", "a negative value follows its option")
        #expect(parsed.all("--genre") == ["G001", "G002"], "repeated, with = and without")
        #expect(parsed.has("--interactive"), "short name keyed by the long one")
        #expect(parsed.positionals == ["x", "--json"], "after -- everything is positional")
        #expect(!parsed.has("--json"), "not a flag after --")
        let unknown = try ArgumentParser.parse(["--lat", "-35", "--genre", "--x"], specs: specs)
        #expect(unknown.all("--genre") == ["--x"], "a value that names no option is a value")
    }

    @Test(arguments: [
        (["--lat"], "--lat needs a value (--lat DEG)"),
        (["--lat", "1", "--lat", "2"], "--lat given twice; it takes one value"),
        (["--late", "1"], "unknown option --late (did you mean --lat?)"),
        (["--json=yes"], "--json takes no value"),
        (["--zzzzzz"], "unknown option --zzzzzz"),
        (["--lat", "--json"], "--lat needs a value (--lat DEG), not the option --json"),
        (["--genre", "-i"], "--genre needs a value (--genre CODE), not the option -i"),
        (["--json", "--json"], "--json given twice"),
        (["-i", "--interactive"], "--interactive given twice"),
    ])
    func mistakesNameTheOption(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments, specs: specs) }
    }

    @Test(arguments: [
        "nan", "inf", "-infinity", "0x1p3", "1e3", "1e", "e5", "1e-", "1.5e+", "", "35.6.1", "-", "+", ".", "-.", "1,5", " 35",
        "35\n", "٣٥",
    ])
    func decimalsAreFiniteNumbersInRange(text: String) {
        let parsed = ParsedArguments(values: ["--lat": [text]])
        #expect(throws: UsageError("--lat must be a decimal from -90 to 90, not \(TerminalSafe.quoted(text))")) {
            try parsed.decimal("--lat", in: -90...90)
        }
    }

    @Test(arguments: [
        ("35.6812", 35.6812), ("-33", -33.0), ("+1.", 1.0), (".5", 0.5), ("-.25", -0.25), ("090", 90.0),
        ("1.5e-7", 1.5e-7), ("1e-05", 1e-05), ("-2E1", -20.0), ("3.5e+1", 35.0),
    ])
    func decimalsAreReadWithOrWithoutAnExponent(text: String, value: Double) throws {
        #expect(
            try ParsedArguments(values: ["--lat": [text]]).decimal("--lat", in: -90...90) == value, "'\(text)' reads as \(value)")
    }

    @Test func listsAreSplitAtCommasButNotInNumbers() throws {
        let parsed = ParsedArguments(values: ["--budget": ["b001,B002", "2,000-3,000円"], "--genre": ["ramen, 居酒屋", ""]])
        #expect(try parsed.list("--budget") == ["b001", "B002", "2,000-3,000円"], "a comma before a digit separates thousands")
        #expect(throws: UsageError("--budget accepts at most 2 values, got 3")) { try parsed.list("--budget", limit: 2) }
        #expect(throws: UsageError("--genre is empty")) { try parsed.list("--genre") }
        #expect(try ParsedArguments(values: ["--genre": ["ramen,,izakaya,"]]).list("--genre") == ["ramen", "izakaya"])
        #expect(ParsedArguments.items("1000,2000") == ["1000", "2000"], "two amounts, not 10,002,000 yen")
        #expect(ParsedArguments.items("2,000-3,000円,B002") == ["2,000-3,000円", "B002"])
        #expect(ParsedArguments.items("-1000,5000-") == ["-1000", "5000-"])
    }
}
