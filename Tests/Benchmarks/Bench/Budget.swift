import Foundation

/// A limit the release build must stay within, and what was measured against it.
struct Budget {
    var name: String
    /// The measured value, or nil when it could not be measured (a tool missing).
    var measured: Double?
    var limit: Double
    var unit: String

    var passed: Bool? { measured.map { $0 <= limit } }

    var verdict: String {
        switch passed {
        case true?: "PASS"
        case false?: "FAIL"
        case nil: "SKIP"
        }
    }

    var row: String {
        let value = measured.map { format($0) } ?? "not measured"
        return "| \(cell(name)) | \(value) | ≤ \(format(limit)) | \(verdict) |"
    }

    private func format(_ value: Double) -> String {
        switch unit {
        case "×": String(format: "%.2f×", value)
        case "switches": String(format: "%.0f %@", value, unit)
        case "CPU s/s": String(format: "%.3f %@", value, unit)
        default: String(format: "%.1f %@", value, unit)
        }
    }
}

/// Text for a Markdown table cell: a `|`, even inside code, would end the cell.
func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
}
