import Foundation

// (l): the food log at 100,000 visits (issue #47): `log` as a table, `log --json` and `log remove`,
// in instructions an entry (callgrind) and peak RSS; wall time reported.

extension Bench {
    /// The three commands on a synthetic log of `count` entries (10,000 with `--quick`), the log
    /// written afresh before each run of `log remove`, which takes an entry out of it.
    mutating func foodLog() throws {
        let count = options.quick ? 10_000 : 100_000
        let data = home + "/foodlog-data"
        let file = URL(fileURLWithPath: data + "/foodlogger/log.jsonl")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let log = SyntheticLog.lines(count)
        let restore = { try log.write(to: file) }
        let environment = environment.merging(["XDG_DATA_HOME": data]) { $1 }
        let commands: [(label: String, arguments: [String], budget: Double)] = [
            ("log --format table", ["log", "--format", "table"], 40),
            ("log --json", ["log", "--json"], 30),
            ("log remove \(count / 2)", ["log", "remove", String(count / 2)], 20),
        ]
        try restore()
        let foodlogger = foodlogger
        let candidates = commands.map { command in
            let run = runner([Command(foodlogger, command.arguments)], environment)
            return (
                label: "foodlogger \(command.label)",
                run: { () throws -> Double in
                    try restore(); return try run()
                }
            )
        }
        let measured = try interleave(candidates, runs: min(options.runs, 7), warmups: min(options.warmups, 1))
        section(
            "(l) The food log at \(count) entries",
            note: "A synthetic log of \(log.count / 1024) KiB (HOT PEPPER shops in Japanese, OpenStreetMap ones with an "
                + "accent, Google ones kept as ids; a want in seven; notes in English and Japanese), written afresh "
                + "before every run. Wall time reported; budgets on instructions an entry (callgrind) and peak RSS, below.",
            measured, baseline: nil)
        lines += ["| command | instructions | an entry | budget |", "|---|---:|---:|---:|"]
        for command in commands {
            let label = "(l) \(command.label), \(count) entries"
            try restore()
            let instructions = try Spawn.instructions(of: Command(foodlogger, command.arguments), environment: environment)
            let perEntry = instructions.map { Double($0) / Double(count) / 1000 }
            lines.append(
                "| `foodlogger \(command.label)` | \(instructions.map { String(format: "%.2f G", Double($0) / 1e9) } ?? "not measured (no valgrind)") | "
                    + "\(perEntry.map { String(format: "%.1f k", $0) } ?? "–") | ≤ \(Int(command.budget)) k |")
            budgets.append(
                Budget(name: label + ", instructions an entry", measured: perEntry, limit: command.budget, unit: "k instructions")
            )
            try measureMemory(
                "foodlogger \(command.label) (\(count) entries)", Command(foodlogger, command.arguments), environment,
                budget: label + ", peak RSS", limit: 64, before: restore)
        }
        lines.append("")
    }
}

/// A food log as foodlogger writes it (one JSON object a line, keys sorted), of invented entries
/// shaped like a user's: some 430 bytes a line.
enum SyntheticLog {
    static func lines(_ count: Int) -> Data {
        var text = ""
        text.reserveCapacity(count * 440)
        for n in 1...count { text += line(n) + "\n" }
        return Data(text.utf8)
    }

    /// `base` moved by `steps` ten-thousandths of a degree, as a service gives it and the log
    /// writes it (the shortest text that reads back as the same Double).
    static func coordinate(_ base: Double, _ steps: Int) -> Double {
        Double(String(format: "%.4f", base + Double(steps) / 10_000))!
    }

    static func line(_ n: Int) -> String {
        let day = String(format: "2025-%02d-%02d", n % 12 + 1, n % 28 + 1)
        let written = String(format: "2026-%02d-%02dT%02d:%02d:%02dZ", n % 12 + 1, n % 28 + 1, n % 24, n % 60, n % 59)
        let want = n % 7 == 0
        let note =
            n % 2 == 1
            ? "" : n % 4 == 0 ? #""note":"スープが濃厚で美味しかった。また来たい。","# : #""note":"good tonkotsu, rich broth; the gyoza were crisp","#
        let rating = n % 3 == 2 ? "" : #""rating":\#(n % 5 + 1),"#
        let shop: String
        switch n % 3 {
        case 0:
            shop = """
                {"address":"東京都千代田区丸の内\(n % 9 + 1)-\(n % 17 + 1)-\(n % 5 + 1) 丸ビル\(n % 30)F","genre":"居酒屋","id":"J\(String(format: "%09d", n))",\
                "lat":\(coordinate(35.6, n % 1000)),"lng":\(coordinate(139.7, n % 777)),"name":"らーめん 一番 \(n)号店",\
                "provider":"hotpepper","url":"https://www.hotpepper.jp/strJ\(String(format: "%09d", n))/"}
                """
        case 1:
            shop = """
                {"address":"172 Boulevard Saint-Germain, 75006 Paris","genre":"cafe","id":"node/\(2_750_164_437 + n)",\
                "lat":\(coordinate(48.85, n % 1000)),"lng":\(coordinate(2.33, n % 777)),"name":"Café de Flore \(n)",\
                "provider":"osm","url":"https://www.openstreetmap.org/node/\(2_750_164_437 + n)"}
                """
        default:
            shop =
                #"{"address":"","genre":"","id":"ChIJbench\#(String(format: "%014d", n))","name":"","provider":"google","url":""}"#
        }
        return (want ? "{" : #"{"date":"\#(day)","#) + #""number":\#(n),"# + note + rating + #""shop":"# + shop
            + #","want":\#(want),"written_at":"\#(written)"}"#
    }
}
