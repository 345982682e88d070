import Foundation

/// Listening: sound in blocks of any size, analysed a hop (a hundredth of a second) at a time into
/// `HeardFrame`s — level and peak, four bands, onsets and a tempo estimate — behind a noise gate and an
/// auto-gain. Made for the audio thread: every buffer is made when the analyser is, so analysing allocates
/// nothing and takes no lock. One analyser belongs to one thread at a time.
public final class SoundAnalyzer {
    public let sampleRate: Int
    public let settings: AnalysisSettings
    /// Samples per hop.
    public let hop: Int
    private let spectrum: PowerSpectrum
    /// The last samples heard, mono, in a circle twice the window long (onsets are timed in the past hops).
    private let ring: UnsafeMutableBufferPointer<Float>
    private var heard = 0
    private var hopFill = 0
    private var hopSquares: Float = 0
    private var hopPeak: Float = 0
    private var gain: AutoGain
    private var onsets: OnsetDetector
    private var tempo: TempoEstimator
    private let bandBins: [Range<Int>]
    /// The spectrum's bins from 20 Hz up, which the flux sums.
    private let fluxBins: Int
    /// A magnitude as a fraction of full scale: |X| of a full-scale sine is Σw / 2.
    private let magnitudeScale: Float

    public init(sampleRate: Int, settings: AnalysisSettings = AnalysisSettings()) {
        precondition(sampleRate >= 8000 && sampleRate <= 768_000, "sample rate out of range")
        self.sampleRate = sampleRate
        self.settings = settings
        hop = max(1, Int((Double(sampleRate) / Double(settings.framesPerSecond)).rounded()))
        let hopsPerSecond = Double(sampleRate) / Double(hop)
        spectrum = PowerSpectrum(size: settings.windowSize)
        ring = .allocate(capacity: 2 * max(settings.windowSize, 2 * hop))
        ring.initialize(repeating: 0)
        gain = AutoGain(settings: settings, hopsPerSecond: hopsPerSecond)
        let size = settings.windowSize
        let binWidth = Double(sampleRate) / Double(size)
        let edges = [20.0] + HeardFrame.Band.edges + [Double(sampleRate) / 2]
        let bins = edges.map { min(size / 2 + 1, max(1, Int(($0 / binWidth).rounded()))) }
        bandBins = (0..<4).map { bins[$0]..<max(bins[$0], bins[$0 + 1]) }
        fluxBins = size / 2 + 1
        onsets = OnsetDetector(bins: fluxBins, settings: settings)
        tempo = TempoEstimator(settings: settings, hopsPerSecond: hopsPerSecond)
        var windowSum: Float = 0
        for n in 0..<size { windowSum += 0.5 - 0.5 * Float(cos(2 * Double.pi * Double(n) / Double(size))) }
        magnitudeScale = 2 / windowSum
    }

    deinit {
        ring.deallocate()
        onsets.release()
        tempo.release()
    }

    /// Seconds of sound analysed so far.
    public var time: Double { Double(heard) / Double(sampleRate) }

    /// Analyses `samples` — `channels` interleaved channels (mixed to mono) — calling `frame` for every hop
    /// completed, in order.
    public func analyse(_ samples: UnsafeBufferPointer<Float>, channels: Int, _ frame: (HeardFrame) -> Void) {
        guard channels > 0 else { return }
        let frames = samples.count / channels
        let scale = 1 / Float(channels)
        let capacity = ring.count
        var write = heard % capacity
        var offset = 0
        for _ in 0..<frames {
            var sample = samples[offset]
            if channels > 1 {
                for channel in 1..<channels { sample += samples[offset + channel] }
                sample *= scale
            }
            offset += channels
            if !sample.isFinite { sample = 0 }
            ring[write] = sample
            write += 1
            if write == capacity { write = 0 }
            heard += 1
            hopSquares += sample * sample
            hopPeak = max(hopPeak, abs(sample))
            hopFill += 1
            if hopFill == hop { frame(completeHop()) }
        }
    }

    private func completeHop() -> HeardFrame {
        let rms = (hopSquares / Float(hop)).squareRoot()
        var result = HeardFrame(time: time, peak: min(1, hopPeak), decibels: AutoGain.decibels(rms))
        hopFill = 0
        hopSquares = 0
        hopPeak = 0
        spectrum.take(from: ring, endingAt: heard % ring.count)
        let gain = gain.gain(forLevel: rms)
        let flux = onsets.flux(power: spectrum.power, scale: gain.map { $0 * magnitudeScale })
        let strength = onsets.step(flux: flux)
        tempo.step(strength: flux, onset: strength > 0)
        result.tempo = tempo.estimate
        guard let gain else { return result }
        result.gated = false
        result.level = min(1, rms * gain)
        result.bands = SIMD4(
            min(1, spectrum.rmsLevel(of: bandBins[0]) * gain), min(1, spectrum.rmsLevel(of: bandBins[1]) * gain),
            min(1, spectrum.rmsLevel(of: bandBins[2]) * gain), min(1, spectrum.rmsLevel(of: bandBins[3]) * gain))
        if strength > 0 {
            result.onset = strength
            result.onsetTime = onsetTime()
        }
        return result
    }

    /// When the onset found in this hop began: in the last two hops, the first sample to reach half the
    /// loudest, when that loudest stands clearly above what came before; else the middle of the hop.
    private func onsetTime() -> Double {
        let end = heard
        let start = max(0, end - 2 * hop)
        let before = max(0, heard - ring.count + 1, start - hop)
        var loudest: Float = 0
        for n in start..<end { loudest = max(loudest, abs(ring[n % ring.count])) }
        var earlier: Float = 0
        for n in before..<start { earlier = max(earlier, abs(ring[n % ring.count])) }
        if loudest > 2 * earlier {
            for n in start..<end where abs(ring[n % ring.count]) >= loudest / 2 {
                return Double(n) / Double(sampleRate)
            }
        }
        return (Double(end) - Double(hop) / 2) / Double(sampleRate)
    }
}
