import Foundation

/// The tempo the onsets suggest: the autocorrelation of the recent onset-strength curve (the flux, one value
/// a hop), searched over the tempo range for the beat period whose multiples line up best; then the metrical
/// level told — that period or its half, double, third or triple, weighed by a prior over tempo (log-normal
/// around 120 BPM, an octave wide, as librosa's) — and its period refined on the furthest clear multiple, so
/// that a period of 48.8 hops reads as 48.8, not 49. Causal: each estimate hears only the past.
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
        best = metricalLevel(around: best)
        // Refine on the furthest multiple that still stands out clearly.
        let first = refinedPeak(near: Double(best))
        var period = first, multiple = 2
        while Double(multiple) * period + 3 < Double(longest) {
            let peak = refinedPeak(near: Double(multiple) * period)
            // A refinement refines: a multiple that would move the period by more than 4 % is another beat's.
            guard abs(peak / Double(multiple) - first) <= 0.04 * first,
                  correlation(at: Int(peak.rounded())) > 0.3 * correlation[best] else { break }
            period = peak / Double(multiple)
            multiple += 1
        }
        estimate = 60 * hopsPerSecond / period
    }

    /// The metrical level of the beat found at `best`: of it and the peaks at its relatives (a period half,
    /// twice, a third and three times as long), the one the onsets and the prior speak for most (`weight`).
    /// Two levels that line up alike are told apart by the prior: a click at 150 BPM is 150, a click at 180 is
    /// heard in twos, at 90 (as librosa hears it); eighth notes over a beat at 98 BPM are the beat's, not 196.
    private mutating func metricalLevel(around best: Int) -> Int {
        var chosen = best, heaviest = weight(of: best)
        for relation in Self.relations {
            guard let lag = peak(near: Double(best) * relation) else { continue }
            let candidate = weight(of: lag)
            if candidate > heaviest { chosen = lag; heaviest = candidate }
        }
        return chosen
    }

    /// The periods (× the best lag) whose peaks compete with it to be the beat.
    private static let relations: [Double] = [0.5, 2, 1.0 / 3, 3]

    /// The highest peak of the smoothed correlation within 4 % (at least two hops) of `target`, in the lags
    /// the beat is searched over; nil when there is none.
    private func peak(near target: Double) -> Int? {
        let tolerance = max(2, 0.04 * target)
        let low = max(shortestLag, Int((target - tolerance).rounded(.up)))
        let high = min(longestLag, furthest - 1, Int((target + tolerance).rounded(.down)))
        guard low <= high else { return nil }
        var found: Int?
        for lag in low...high where isPeak(lag) {
            if let peak = found, smoothed(lag) <= smoothed(peak) { continue }
            found = lag
        }
        return found
    }

    /// How much the beat at `lag` is worth: the correlation's peak there and at twice its period (the beat, and
    /// the pair of beats it groups into, count alike), times the prior for its tempo.
    private mutating func weight(of lag: Int) -> Float {
        let beat = peakHeight(near: Double(lag))
        let pair = peakHeight(near: 2 * beat.lag)
        return (beat.height + pair.height) * Float(Self.prior(bpm: 60 * hopsPerSecond / beat.lag))
    }

    /// The prior over tempo: a log-normal around `priorCentre` BPM, `priorOctaves` wide (one standard deviation),
    /// as librosa's `feature.tempo` has it — the rate people tap most readily is near two beats a second.
    static func prior(bpm: Double) -> Double {
        let octaves = log2(bpm / priorCentre) / priorOctaves
        return exp(-0.5 * octaves * octaves)
    }

    static let priorCentre = 120.0
    static let priorOctaves = 1.0

    /// The height and place of the peak of the correlation (each lag with half its neighbours') within two hops
    /// of `lag`, both refined between hops by a parabola, so that a period between two hops is not marked
    /// down; no height (0) where the history is too short to tell.
    private mutating func peakHeight(near lag: Double) -> (height: Float, lag: Double) {
        let centre = Int(lag.rounded())
        guard centre >= 4, centre + 4 <= furthest else { return (0, lag) }
        for neighbour in (centre - 4)...(centre + 4) { _ = correlation(at: neighbour) }
        var top = centre - 2
        for candidate in (centre - 1)...(centre + 2) where neighbourhood(candidate) > neighbourhood(top) { top = candidate }
        let left = neighbourhood(top - 1), middle = neighbourhood(top), right = neighbourhood(top + 1)
        let offset = Self.vertexOffset(left: Double(left), middle: Double(middle), right: Double(right))
        return (middle - 0.25 * (left - right) * Float(offset), Double(top) + offset)
    }

    /// The correlation at `lag` with half of each neighbour's, at any lag worked out (`smoothed` reads only the
    /// lags the update worked out).
    private func neighbourhood(_ lag: Int) -> Float {
        0.5 * correlation[lag - 1] + correlation[lag] + 0.5 * correlation[lag + 1]
    }

    private func correlate(_ lag: Int) -> Float {
        var sum: Float = 0
        for i in 0..<(counted - lag) { sum += centred[i] * centred[i + lag] }
        return sum
    }

    /// The correlation at `lag`, worked out now if the update did not.
    private mutating func correlation(at lag: Int) -> Float {
        guard lag >= 0, lag < counted else { return 0 }
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
        return Double(top) + Self.vertexOffset(left: left, middle: middle, right: right)
    }

    /// Where the parabola through three neighbouring values peaks, from the middle one (in lags): within half a
    /// lag either side when the middle is the highest of the three, else 0 (no peak there to refine). Values
    /// so alike that the parabola is flat, or not numbers, give 0 too.
    static func vertexOffset(left: Double, middle: Double, right: Double) -> Double {
        let curvature = left - 2 * middle + right
        guard middle >= left, middle >= right, curvature < 0 else { return 0 }
        let offset = 0.5 * (left - right) / curvature
        return offset.isFinite ? min(0.5, max(-0.5, offset)) : 0
    }

    func release() {
        curve.deallocate()
        centred.deallocate()
        correlation.deallocate()
        onsetHops.deallocate()
        marks.deallocate()
    }
}
