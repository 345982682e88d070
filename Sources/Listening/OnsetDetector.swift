import Foundation

/// Onsets by spectral flux: how much the log-compressed magnitude spectrum rose since the last hop, summed
/// over the bins. A hop is an onset when its flux is higher than the three before it, rises above the
/// recent mean by the threshold's factor, and comes at least the minimum gap after the last one — told in
/// the hop itself, so as little as possible comes between a sound and the light.
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
        let factor = Self.compression * scale
        // Eight bins at a time, so that the compiler keeps to vector instructions; the rest one by one.
        let wide = bins / 8 * 8
        var sums = SIMD8<Float>.zero
        var k = 0
        while k < wide {
            let magnitudes = SIMD8<Float>(power[k..<(k + 8)]).squareRoot()
            let compressed = Self.logOnePlus(factor * magnitudes)
            let before = SIMD8<Float>(previous[k..<(k + 8)])
            sums += (compressed - before).replacing(with: 0, where: compressed .< before)
            for lane in 0..<8 { previous[k + lane] = compressed[lane] }
            k += 8
        }
        var sum = sums.sum()
        while k < bins {
            let compressed = Self.logOnePlus(SIMD8<Float>(repeating: factor * power[k].squareRoot()))[0]
            sum += max(0, compressed - previous[k])
            previous[k] = compressed
            k += 1
        }
        return sum
    }

    /// Takes this hop's flux; returns the strength (0…1) of an onset in it, or 0. Judged at once, without
    /// waiting for the flux's peak: an onset is told in the hop its sound rises above the bar, and the
    /// minimum gap keeps the rest of its rise from being told again.
    mutating func step(flux: Float) -> Float {
        recent = SIMD8(recent[1], recent[2], recent[3], recent[4], flux, 0, 0, 0)
        let mean = historySum / Float(Self.meanLength)
        let candidate = flux
        // The candidate joins the mean only after it is judged, so an onset does not raise its own bar.
        historySum += candidate - history[historyIndex]
        history[historyIndex] = candidate
        historyIndex = (historyIndex + 1) % Self.meanLength
        hopsSinceOnset += 1
        judged += 1
        let bar = max(threshold * mean, floor)
        guard candidate > bar, candidate > recent[1], candidate > recent[2], candidate > recent[3],
            hopsSinceOnset > minimumGapHops, judged > Self.meanLength
        else { return 0 }
        hopsSinceOnset = 0
        return min(1, (candidate / bar - 1) / 3 + 0.1)
    }

    /// ln(1 + x) for x ≥ 0, within 2e-4, eight at a time — the flux needs the shape of the logarithm, not its
    /// last digits, and the C library's took most of an analysis's time.
    @inline(__always)
    static func logOnePlus(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let y = 1 + x
        let bits = unsafeBitCast(y, to: SIMD8<UInt32>.self)
        let exponent = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: (bits &>> 23) & 0xFF) &- 127)
        // The mantissa in [1, 2), as t in [0, 1): ln(1 + t) by a fifth-order polynomial.
        let t = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD8<Float>.self) - 1
        var lnMantissa = 0.048_458_5 * t - 0.169_994_2
        lnMantissa = lnMantissa * t + 0.312_186_1
        lnMantissa = lnMantissa * t - 0.497_312_8
        lnMantissa = lnMantissa * t + 0.999_962_8
        return exponent * 0.693_147_18 + lnMantissa * t
    }

    func release() {
        previous.deallocate()
        history.deallocate()
    }
}
