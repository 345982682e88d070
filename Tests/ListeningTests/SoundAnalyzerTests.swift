import Foundation
import Listening
import TestSupport
import Testing

@Suite struct SoundAnalyzerTests {
    /// Analyses `signal` in blocks of `block` samples; returns every frame.
    private func frames(of signal: TestSignal, block: Int = 512, settings: AnalysisSettings = AnalysisSettings()) -> [HeardFrame] {
        let analyzer = SoundAnalyzer(sampleRate: signal.sampleRate, settings: settings)
        var frames: [HeardFrame] = []
        signal.samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + block)
                analyzer.analyse(UnsafeBufferPointer(rebasing: all[start..<end]), channels: 1) { frames.append($0) }
                start = end
            }
        }
        return frames
    }

    @Test(arguments: [(100.0, HeardFrame.Band.low), (800, .lowMid), (4000, .highMid), (11_000, .high)])
    func aSineIsHeardInItsBandAlone(frequency: Double, band: HeardFrame.Band) {
        var signal = TestSignal(seconds: 2)
        signal.addSine(frequency, amplitude: 0.3)
        let last = frames(of: signal).last!
        #expect(!last.gated)
        #expect(last[band] > 0.9, "\(frequency) Hz: \(last.bands)")
        for other in HeardFrame.Band.allCases where other != band {
            #expect(last[other] < 0.1, "\(frequency) Hz heard in \(other): \(last.bands)")
        }
        #expect(abs(last.level - 1) < 0.05)
        #expect(abs(last.peak - 0.3) < 0.01)
        #expect(abs(last.decibels - (20 * Float(log10(0.3 / 2.0.squareRoot())))) < 0.5)
    }

    @Test func clicksAreOnsetsWithinTenMillisecondsAndNothingElseIs() {
        var signal = TestSignal(seconds: 12)
        signal.addNoise(decibels: -45, seed: 7)
        let clicks = signal.addClicks(bpm: 123)
        let onsets = frames(of: signal).compactMap(\.onsetTime)
        #expect(onsets.count == clicks.count, "\(onsets) onsets for \(clicks) clicks")
        for (onset, click) in zip(onsets, clicks) {
            #expect(abs(onset - click) < 0.010, "onset at \(onset) s for a click at \(click) s")
        }
    }

    @Test(arguments: [84.0, 123, 150.5, 174])
    func theTempoOfClicksIsFoundWithinOneBeatAMinute(bpm: Double) {
        var signal = TestSignal(seconds: 10)
        signal.addNoise(decibels: -50, seed: 3)
        signal.addClicks(bpm: bpm)
        let estimate = frames(of: signal).last!.tempo
        #expect(estimate != nil)
        #expect(abs((estimate ?? 0) - bpm) < 1, "\(bpm) BPM heard as \(estimate ?? 0)")
    }

    @Test func noiseAboveTheGateFiresNoOnsets() {
        var signal = TestSignal(seconds: 10)
        signal.addNoise(decibels: -30, seed: 11)
        let heard = frames(of: signal)
        #expect(heard.allSatisfy { $0.onset == 0 }, "onsets in noise at \(heard.compactMap(\.onsetTime))")
        #expect(heard.last!.level > 0.5)
        #expect(heard.allSatisfy { $0.tempo == nil }, "noise has no beat")
    }

    @Test func aQuietRoomIsHeldShutByTheGate() {
        var signal = TestSignal(seconds: 3)
        signal.addNoise(decibels: -70, seed: 5)
        let heard = frames(of: signal)
        #expect(heard.allSatisfy { $0.gated && $0.level == 0 && $0.bands == .zero && $0.onset == 0 })
        #expect(heard.count == 300)
        #expect(abs(heard.last!.decibels + 70) < 1)
    }

    @Test(arguments: [1, 7, 480, 4096])
    func blocksOfAnySizeAreHeardAlike(block: Int) {
        var signal = TestSignal(seconds: 3)
        signal.addNoise(decibels: -40, seed: 2)
        signal.addClicks(bpm: 100)
        #expect(frames(of: signal, block: block) == frames(of: signal, block: 1000))
    }

    @Test func stereoIsHeardAsItsMonoMix() {
        var signal = TestSignal(seconds: 1)
        signal.addSine(440, amplitude: 0.5)
        let stereo = signal.samples.flatMap { [$0, $0] }
        let analyzer = SoundAnalyzer(sampleRate: 48_000)
        var heard: [HeardFrame] = []
        stereo.withUnsafeBufferPointer { analyzer.analyse($0, channels: 2) { heard.append($0) } }
        #expect(heard == frames(of: signal, block: 48_000))
    }

    @Test func samplesThatAreNotNumbersAreHeardAsSilence() {
        let analyzer = SoundAnalyzer(sampleRate: 48_000)
        var heard: [HeardFrame] = []
        let bad = [Float](repeating: .nan, count: 480) + [Float](repeating: .infinity, count: 480)
        bad.withUnsafeBufferPointer { analyzer.analyse($0, channels: 1) { heard.append($0) } }
        #expect(heard.count == 2 && heard.allSatisfy { $0.gated && $0.level == 0 })
    }
}
