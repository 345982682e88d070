import Foundation

/// The tempo the onsets suggest: the autocorrelation of the recent onset-strength curve (the flux, one value
/// a hop), searched over the tempo range for the beat period whose multiples line up best, then refined on
/// the furthest clear multiple of that period, so that a period of 48.8 hops reads as 48.8, not 49.
struct TempoEstimator {
    private let length: Int
    private let curve: UnsafeMutableBufferPointer<Float>
    private let centred: UnsafeMutableBufferPointer<Float>
    private let correlation: UnsafeMutableBufferPointer<Float>
    private var written = 0
    private let hopsPerSecond: Double
    private let shortestLag: Int
    private let longestLag: Int
    /// The current estimate (BPM), nil while the curve shows no clear beat.
    private(set) var estimate: Double?
    /// The lags worked out at the last update: every lag up to `computed`, and past it those whose mark is
    /// the update's number (the multiples the refinement looks at).
    private var computed = 0
    private var counted = 0
    private var updates = 0
    private let marks: UnsafeMutableBufferPointer<Int>
    /// How far the refinement looks for the beat's multiples (lags).
    private var furthest = 0

    init(settings: AnalysisSettings, hopsPerSecond: Double) {
        self.hopsPerSecond = hopsPerSecond
        length = max(64, Int(settings.tempoHistorySeconds * hopsPerSecond))
        curve = .allocate(capacity: length)
        curve.initialize(repeating: 0)
        centred = .allocate(capacity: length)
        centred.initialize(repeating: 0)
        correlation = .allocate(capacity: length)
        correlation.initialize(repeating: 0)
        onsetHops = .allocate(capacity: length)
        onsetHops.initialize(repeating: false)
        marks = .allocate(capacity: length)
        marks.initialize(repeating: -1)
        shortestLag = max(2, Int((60 * hopsPerSecond / settings.tempoRange.upperBound).rounded(.down)))
        longestLag = min(length / 3, Int((60 * hopsPerSecond / settings.tempoRange.lowerBound).rounded(.up)))
    }

    /// The fewest onsets the history must hold for a tempo to be told: a beat is heard in onsets, and noise
    /// has none.
    static let fewestOnsets = 8
    private let onsetHops: UnsafeMutableBufferPointer<Bool>
    private var onsetCount = 0

    /// Takes this hop's onset strength (and whether the detector found an onset in it); the estimate is
    /// brought up to date once a second.
    mutating func step(strength: Float, onset: Bool) {
        let slot = written % length
        if onsetHops[slot] { onsetCount -= 1 }
        onsetHops[slot] = onset
        if onset { onsetCount += 1 }
        curve[slot] = strength
        written += 1
        if written % Int(hopsPerSecond.rounded()) == 0 {
            if onsetCount >= Self.fewestOnsets { update() } else { estimate = nil }
        }
    }

    private mutating func update() {
        let count = min(written, length)
        guard count >= 4 * shortestLag else { return }
        // The curve in time order, its mean taken away.
        var mean: Float = 0
        let start = written - count
        // Each hop's strength spread over its neighbours (1 2 3 2 1), so that a beat period between two
        // hops still lines up with itself.
        for i in 0..<count {
            var sum: Float = 0
            for (offset, weight) in Self.spread where i + offset >= 0 && i + offset < count {
                sum += weight * curve[(start + i + offset) % length]
            }
            centred[i] = sum
            mean += sum
        }
        mean /= Float(count)
        for i in 0..<count { centred[i] -= mean }
        // Every lag the beat and its double are scored on; further multiples only when the refinement asks.
        let longest = min(longestLag * 4, count - 1)
        furthest = longest
        counted = count
        updates += 1
        computed = min(2 * longestLag + 2, longest)
        for lag in 0...computed { correlation[lag] = correlate(lag) }
        guard correlation[0] > 0 else { estimate = nil; return }
        // The beat: the lag whose double also lines up scores best.
        var best = -1, bestScore: Float = 0
        for lag in shortestLag...min(longestLag, longest - 1) {
            // A period between two hops spreads its peak over both: each lag is scored with its neighbours.
            let double = 2 * lag < longest ? smoothed(2 * lag) : 0
            let score = smoothed(lag) + 0.5 * double
            if score > bestScore, isPeak(lag) { best = lag; bestScore = score }
        }
        guard best > 0, correlation[best] > 0.1 * correlation[0] else { estimate = nil; return }
        // A beat whose multiple scores nearly as well is the beat (the multiple is the bar).
        for lag in shortestLag..<best where isPeak(lag) {
            let double = 2 * lag < longest ? smoothed(2 * lag) : 0
            if smoothed(lag) + 0.5 * double >= 0.8 * bestScore { best = lag; break }
        }
        // Refine on the furthest multiple that still stands out clearly.
        var period = refinedPeak(near: Double(best))
        var multiple = 2
        while Double(multiple) * period + 3 < Double(longest) {
            let peak = refinedPeak(near: Double(multiple) * period)
            let lag = Int(peak.rounded())
            guard correlation(at: lag) > 0.3 * correlation[best] else { break }
            period = peak / Double(multiple)
            multiple += 1
        }
        estimate = 60 * hopsPerSecond / period
    }

    private func correlate(_ lag: Int) -> Float {
        var sum: Float = 0
        for i in 0..<(counted - lag) { sum += centred[i] * centred[i + lag] }
        return sum
    }

    /// The correlation at `lag`, worked out now if the update did not.
    private mutating func correlation(at lag: Int) -> Float {
        if lag > computed, marks[lag] != updates {
            correlation[lag] = correlate(lag)
            marks[lag] = updates
        }
        return correlation[lag]
    }

    private static let spread: [(Int, Float)] = [(-2, 1 / 9), (-1, 2 / 9), (0, 3 / 9), (1, 2 / 9), (2, 1 / 9)]

    private func isPeak(_ lag: Int) -> Bool {
        smoothed(lag) >= smoothed(lag - 1) && smoothed(lag) >= smoothed(lag + 1)
    }

    private func smoothed(_ lag: Int) -> Float {
        lag + 1 > computed ? correlation[lag] : 0.5 * correlation[lag - 1] + correlation[lag] + 0.5 * correlation[lag + 1]
    }

    /// The peak of the correlation within two hops of `lag`, refined between hops by a parabola.
    private mutating func refinedPeak(near lag: Double) -> Double {
        let centre = Int(lag.rounded())
        var top = centre
        guard centre > 2, centre + 3 <= furthest else { return lag }
        for candidate in (centre - 3)...(centre + 3) { _ = correlation(at: candidate) }
        for candidate in (centre - 2)...(centre + 2) {
            if correlation[candidate] > correlation[top] { top = candidate }
        }
        let left = Double(correlation[top - 1]), middle = Double(correlation[top]), right = Double(correlation[top + 1])
        let curvature = left - 2 * middle + right
        guard curvature < 0 else { return Double(top) }
        return Double(top) + 0.5 * (left - right) / curvature
    }

    func release() {
        curve.deallocate()
        centred.deallocate()
        correlation.deallocate()
        onsetHops.deallocate()
        marks.deallocate()
    }
}
