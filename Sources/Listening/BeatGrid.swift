import Foundation

/// A steady beat laid on a track's onsets: the beat's period and where one beat falls. Found from a tempo
/// estimate (which tells the period to a few per cent and nothing of the phase): the phase the onsets
/// favour most, then period and phase fitted to the onsets near the grid by weighted least squares, so that
/// over a whole song the grid keeps to the beat (a click track's beats land on its clicks to a fraction of a
/// millisecond).
public struct BeatGrid: Sendable, Hashable {
    /// Seconds from one beat to the next.
    public let period: Double
    /// The time of a beat (any one: the grid runs both ways from it).
    public let phase: Double

    /// The tempo (BPM).
    public var tempo: Double { 60 / period }

    /// How far, as a share of the estimate's period, the fit may move the period: the estimate is good to
    /// 4 %, and a fit straying further has locked onto something else.
    static let periodSlack = 0.04
    /// Onsets further than this share of a period from the grid are left out of the fit (off-beats, fills).
    static let nearShare = 1.0 / 6

    /// The grid `tempo` (BPM) lays on `onsets`; nil with fewer than four onsets near it, two beats apart.
    public init?(tempo: Double, onsets: [HeardCue]) {
        guard tempo.isFinite, tempo > 0, onsets.count >= 4 else { return nil }
        let estimate = 60 / tempo
        var period = estimate
        var phase = Self.strongestPhase(period: period, onsets: onsets)
        var fitted = false
        for _ in 0..<4 {
            guard let fit = Self.fit(period: period, phase: phase, onsets: onsets),
                abs(fit.period - estimate) <= Self.periodSlack * estimate
            else { break }
            (period, phase) = fit
            fitted = true
        }
        guard fitted else { return nil }
        self.period = period
        self.phase = phase
    }

    /// The phase in one period that the onsets, weighed by strength and by how near they fall (a Gaussian of
    /// 20 ms), favour most — tried every 5 ms; of equals, the earliest.
    static func strongestPhase(period: Double, onsets: [HeardCue]) -> Double {
        let step = 0.005, spread = 0.02
        var best = 0.0, bestScore = -1.0
        var candidate = 0.0
        while candidate < period {
            var score = 0.0
            for onset in onsets {
                let distance = Self.distance(onset.time, toGrid: period, phase: candidate)
                score += Double(onset.strength) * exp(-0.5 * (distance / spread) * (distance / spread))
            }
            if score > bestScore + 1e-12 { (best, bestScore) = (candidate, score) }
            candidate += step
        }
        return best
    }

    /// Period and phase fitted to the onsets within `nearShare` of the grid, each weighed by its strength:
    /// time = phase + k · period, k the beat it is nearest.
    static func fit(period: Double, phase: Double, onsets: [HeardCue]) -> (period: Double, phase: Double)? {
        var w = 0.0, wk = 0.0, wt = 0.0, wkk = 0.0, wkt = 0.0
        var beats = Set<Int>()
        var used = 0
        for onset in onsets where onset.strength > 0 {
            let k = ((onset.time - phase) / period).rounded()
            guard abs(onset.time - phase - k * period) < Self.nearShare * period else { continue }
            let weight = Double(onset.strength)
            w += weight; wk += weight * k; wt += weight * onset.time; wkk += weight * k * k; wkt += weight * k * onset.time
            beats.insert(Int(k))
            used += 1
        }
        let determinant = w * wkk - wk * wk
        guard used >= 4, beats.count >= 2, determinant > 1e-12 else { return nil }
        let slope = (w * wkt - wk * wt) / determinant
        let intercept = (wt - slope * wk) / w
        guard slope.isFinite, intercept.isFinite, slope > 0 else { return nil }
        return (slope, intercept)
    }

    /// How far `time` is from the nearest beat of a grid.
    static func distance(_ time: Double, toGrid period: Double, phase: Double) -> Double {
        let k = ((time - phase) / period).rounded()
        return abs(time - phase - k * period)
    }

    /// The beats from the one nearest `start` to the one nearest `end`, in order.
    public func beats(from start: Double, through end: Double) -> [Double] {
        guard end >= start else { return [] }
        let first = Int(((start - phase) / period).rounded()), last = Int(((end - phase) / period).rounded())
        guard last >= first else { return [] }
        return (first...last).map { phase + Double($0) * period }
    }
}
