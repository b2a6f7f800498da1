/// Repeated measurements of one thing, summarised robustly: medians and p90, never means, so a
/// single run disturbed by another process on the machine does not move the result.
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ value: Double) { values.append(value) }

    var median: Double { percentile(50) }
    var p90: Double { percentile(90) }
    var max: Double { values.max() ?? .nan }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}

/// Timings of one command across runs.
struct Measured {
    var label: String
    var seconds = Samples()

    init(_ label: String) { self.label = label }
}

/// Runs each candidate `runs` times after `warmups` unmeasured runs, interleaved round by round
/// and in a rotating order, so a burst of load on the machine hits every candidate alike.
func interleave(_ candidates: [(label: String, run: () throws -> Double)], runs: Int, warmups: Int) throws -> [Measured] {
    for _ in 0..<warmups {
        for candidate in candidates { _ = try candidate.run() }
    }
    var measured = candidates.map { Measured($0.label) }
    for round in 0..<runs {
        for step in 0..<candidates.count {
            let index = (round + step) % candidates.count
            measured[index].seconds.append(try candidates[index].run())
        }
    }
    return measured
}
