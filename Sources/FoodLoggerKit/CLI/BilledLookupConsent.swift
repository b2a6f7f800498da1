import Foundation
import FoodLoggerDomain

/// Whether `log check` may send the billed requests it would (`ServiceCapabilities.billedLookup`,
/// Google's Place Details): up to `threshold` without asking; more only with --yes, or when the
/// user answers y at a terminal (the question on stderr, the answer read through
/// `ProcessContext.readLine`). With neither, nothing is sent and the check ends with 64
/// (`FoodLogPresenter.unapprovedLine`). The stubs bill nothing, so are never asked about.
struct BilledLookupConsent: Sendable {
    /// More billed requests than this in one check are asked about first.
    static let threshold = 100

    /// --yes: send them without asking.
    var yes: Bool
    var stub: Bool
    var context: ProcessContext

    func approve(_ billed: [Provider: Int]) -> Bool {
        guard !stub, !yes, billed.values.reduce(0, +) > Self.threshold else { return true }
        // Nobody to ask: a script, a pipe, cron. The check says what --yes would send.
        guard context.terminal.stdinIsTerminal, context.terminal.stderrIsTerminal else { return false }
        context.stderr.write("foodlogger: log check will send \(Self.requests(billed)); send them? [y/N] ")
        guard let answer = context.readLine() else {
            context.stderr.write("\n")
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// "101 billed Place Details requests to Google Places", for each service billed.
    static func requests(_ billed: [Provider: Int]) -> String {
        Provider.allCases.compactMap { provider in
            billed[provider].map { count in
                "\(count) billed \(provider.billedLookup ?? "") request\(count == 1 ? "" : "s") to \(provider.title)"
            }
        }
        .joined(separator: " and ")
    }
}
