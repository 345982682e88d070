/// The tempo a whole track held: of the estimates told once a second (`HeardFrame.tempo`) once the estimate's
/// history was full, the one most of the others agree with (within 4 %), as the median of those that agree.
/// For `imager analyse`, where the last estimate tells only of the track's last seconds (a song may end on
/// bars of plain eighths); the live instrument follows the current estimate.
public struct TrackTempo: Sendable {
    /// How close two estimates must be to agree: 4 %, the tolerance tempo estimates are scored with.
    public static let agreement = 0.04
    private let from: Double
    private var full: [Double] = []
    private var early: [Double] = []

    /// A track's tally, counting the estimates from `seconds` on (the estimate's history: before it is full, an
    /// estimate hears only the first seconds); earlier ones count only when there are no others.
    public init(from seconds: Double) {
        from = seconds
    }

    /// Takes the estimate told at `seconds` (nil: no beat then, which counts for no tempo).
    public mutating func hear(_ estimate: Double?, at seconds: Double) {
        guard let estimate, estimate.isFinite, estimate > 0 else { return }
        // A frame's time is a whole number of samples: half a hop's slack keeps the first full estimate.
        if seconds + 0.005 >= from { full.append(estimate) } else { early.append(estimate) }
    }

    /// The tempo the track held (BPM), nil when no estimate was told.
    /// - Complexity: O(*n* log *n*) for *n* estimates.
    public var tempo: Double? {
        let sorted = (full.isEmpty ? early : full).sorted()
        guard !sorted.isEmpty else { return nil }
        var low = 0, high = 0
        var most = 0..<1
        for value in sorted {
            while sorted[low] * (1 + Self.agreement) < value { low += 1 }
            while high + 1 < sorted.count, sorted[high + 1] <= value * (1 + Self.agreement) { high += 1 }
            if high + 1 - low > most.count { most = low..<(high + 1) }
        }
        let middle = most.lowerBound + most.count / 2
        return most.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
