import Foundation

/// Onsets by spectral flux: how much the log-compressed magnitude spectrum rose since the last hop, summed
/// over the bins. A hop is an onset when its flux is the highest of its neighbours (the three before, the
/// one after — so an onset is known one hop late), rises above the recent mean by the threshold's factor,
/// and comes at least the minimum gap after the last one.
struct OnsetDetector {
    /// How many hops the adaptive threshold's mean looks back over.
    static let meanLength = 30
    /// Compression of magnitudes before the flux: log(1 + γ·a), with `a` as a fraction of full scale.
    private static let compression: Float = 100

    private let bins: Int
    private let previous: UnsafeMutableBufferPointer<Float>
    /// The last few flux values, newest last (index 4); the candidate is index 3.
    private var recent: SIMD8<Float> = .zero
    private let history: UnsafeMutableBufferPointer<Float>
    private var historyIndex = 0
    private var historySum: Float = 0
    private let threshold: Float
    private let minimumGapHops: Int
    private var hopsSinceOnset = Int.max / 2
    /// Hops judged so far: none is an onset until the mean has a full history (the stream's first moments
    /// are all rise).
    private var judged = 0
    /// A floor under the threshold, so that near silence above the gate does not fire on its own.
    private let floor: Float

    init(bins: Int, settings: AnalysisSettings) {
        self.bins = bins
        previous = .allocate(capacity: bins)
        previous.initialize(repeating: 0)
        history = .allocate(capacity: Self.meanLength)
        history.initialize(repeating: 0)
        threshold = settings.onsetThreshold
        minimumGapHops = max(1, Int((settings.minimumOnsetGap * Double(settings.framesPerSecond)).rounded()))
        floor = 0.5 * Float(bins) / 512
    }

    /// The flux of this hop's spectrum (`power`, with `scale` turning a bin's magnitude into a fraction of
    /// full scale after the gain), 0 when gated.
    mutating func flux(power: UnsafeMutableBufferPointer<Float>, scale: Float?) -> Float {
        guard let scale else {
            for k in 0..<bins { previous[k] = 0 }
            return 0
        }
        var sum: Float = 0
        let factor = Self.compression * scale
        for k in 0..<bins {
            let compressed = Self.logOnePlus(factor * power[k].squareRoot())
            let rise = compressed - previous[k]
            if rise > 0 { sum += rise }
            previous[k] = compressed
        }
        return sum
    }

    /// Takes this hop's flux; returns the strength (0…1) of an onset at the hop before, or 0.
    mutating func step(flux: Float) -> Float {
        recent = SIMD8(recent[1], recent[2], recent[3], recent[4], flux, 0, 0, 0)
        let mean = historySum / Float(Self.meanLength)
        let candidate = recent[3]
        // The candidate joins the mean only after it is judged, so an onset does not raise its own bar.
        historySum += candidate - history[historyIndex]
        history[historyIndex] = candidate
        historyIndex = (historyIndex + 1) % Self.meanLength
        hopsSinceOnset += 1
        judged += 1
        let bar = max(threshold * mean, floor)
        guard candidate > bar, candidate > recent[0], candidate > recent[1], candidate > recent[2],
            candidate >= recent[4], hopsSinceOnset > minimumGapHops, judged > Self.meanLength
        else { return 0 }
        // Counted from the candidate's hop: the next call's candidate is one hop after it.
        hopsSinceOnset = 0
        return min(1, (candidate / bar - 1) / 3 + 0.1)
    }

    /// ln(1 + x) for x ≥ 0, within 2e-4 — the flux needs the shape of the logarithm, not its last digits,
    /// and the C library's takes most of an analysis's time.
    @inline(__always)
    static func logOnePlus(_ x: Float) -> Float {
        let y = 1 + x
        let bits = y.bitPattern
        let exponent = Float(Int32(bitPattern: (bits >> 23) & 0xFF) - 127)
        // The mantissa in [1, 2), as t in [0, 1): ln(1 + t) by a fifth-order polynomial.
        let t = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000) - 1
        let lnMantissa = t * (0.999_962_8 + t * (-0.497_312_8 + t * (0.312_186_1 + t * (-0.169_994_2 + t * 0.048_458_5))))
        return exponent * 0.693_147_18 + lnMantissa
    }

    func release() {
        previous.deallocate()
        history.deallocate()
    }
}
