import Foundation
@testable import Listening
import Testing
import TestSupport

/// Whatever an input delivers, the analysis hears it without stopping the show: sound that ends in exact
/// digital zeros (an unplugged device, a file played to its end), comes back, or is nothing a microphone would
/// give — seeded signals of every kind, in blocks of every size.
@Suite struct AnalysisNeverTrapsTests {
    /// Hears `samples` in blocks of `block` frames; the frames heard.
    private func heard(_ samples: [Float], block: Int, channels: Int = 1) -> [HeardFrame] {
        let analyzer = SoundAnalyzer(sampleRate: 48_000)
        var frames: [HeardFrame] = []
        samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + block * channels)
                analyzer.analyse(UnsafeBufferPointer(rebasing: all[start..<end]), channels: channels) { frames.append($0) }
                start = end
            }
        }
        return frames
    }

    /// Clicks at 123 BPM on −50 dB noise for 3 s, an 80 Hz sine for 3 s, then exact zeros: what SDL's disk driver
    /// delivers from a file (and then, opened again, the file from its start). The tempo estimate of a curve that
    /// falls to zero once ran its refinement off the end of its history.
    @Test func soundThatEndsInDigitalZerosAndComesBackIsHeardThrough() {
        var clicks = TestSignal(seconds: 3)
        clicks.addNoise(decibels: -50, seed: 1)
        clicks.addClicks(bpm: 123)
        var low = TestSignal(seconds: 3)
        low.addSine(80, amplitude: 0.3)
        let zeros = [Float](repeating: 0, count: 6 * 48_000)
        let take = clicks.samples + low.samples + zeros
        let frames = heard(take + take, block: 1024)
        #expect(frames.count == 2 * take.count / 480)
        #expect(frames.contains { $0.tempo != nil }, "the clicks' tempo is heard")
    }

    /// Seeded signals of the kinds no test signal is: long zeros between bursts, a constant, values near the
    /// smallest and largest a float holds, single spikes, NaN — in blocks of 1 to 4,096 frames, mono and stereo.
    @Test(arguments: 0..<12)
    func seededSignalsOfEveryKindAreHeardWithoutStopping(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var samples: [Float] = []
        while samples.count < 20 * 48_000 {
            let count = Int.random(in: 480...(3 * 48_000), using: &random)
            samples += Self.stretch(count: count, using: &random)
        }
        let channels = Int.random(in: 1...2, using: &random)
        let block = [1, 64, 441, 512, 1024, 4096].randomElement(using: &random)!
        let frames = heard(samples, block: block, channels: channels)
        #expect(frames.count == samples.count / channels / 480)
        #expect(frames.allSatisfy { $0.level.isFinite && $0.level >= 0 && ($0.tempo ?? 120).isFinite })
    }

    /// One stretch of a hostile signal.
    private static func stretch(count: Int, using random: inout SeededGenerator) -> [Float] {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return [Float](repeating: 0, count: count)
        case 1: return [Float](repeating: Float.random(in: -1...1, using: &random), count: count)
        case 2: return (0..<count).map { $0 % Int.random(in: 100...40_000, using: &random) == 0 ? 1 : 0 }
        case 3: return (0..<count).map { _ in Float.random(in: -1...1, using: &random) * .leastNonzeroMagnitude }
        case 4: return (0..<count).map { _ in Float.random(in: -1...1, using: &random) * .greatestFiniteMagnitude }
        case 5: return (0..<count).map { _ in Float.random(in: 0...1, using: &random) < 0.001 ? .nan : 0 }
        case 6:
            let period = Int.random(in: 2_000...60_000, using: &random)
            return (0..<count).map { $0 % period < 192 ? Float(sin(Double($0) * 0.4)) : 0 }
        default: return (0..<count).map { _ in Float.random(in: -1...1, using: &random) }
        }
    }
}
