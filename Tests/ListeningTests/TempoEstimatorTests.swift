import Foundation
@testable import Listening
import TestSupport
import Testing

/// The tempo at the right metrical level: the estimate weighs the beat's half, double, third and triple by a
/// prior over tempo, and a track's tempo is the estimate it held most.
@Suite struct TempoEstimatorTests {
    /// The last tempo estimate heard in `signal`, analysed in blocks of 512 samples.
    private func lastTempo(of signal: TestSignal) -> Double? {
        let analyzer = SoundAnalyzer(sampleRate: signal.sampleRate)
        var tempo: Double?
        signal.samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + 512)
                analyzer.analyse(UnsafeBufferPointer(rebasing: all[start..<end]), channels: 1) { tempo = $0.tempo }
                start = end
            }
        }
        return tempo
    }

    @Test func aBeatWithEighthNoteHatsIsHeardAtTheBeatNotTheEighths() {
        var signal = TestSignal(seconds: 12)
        signal.addNoise(decibels: -50, seed: 3)
        signal.addClicks(bpm: 98)
        signal.addHats(bpm: 98, every: 0.5)
        let estimate = lastTempo(of: signal)
        #expect(abs((estimate ?? 0) - 98) < 1, "98 BPM with eighth-note hats heard as \(estimate ?? 0)")
    }

    /// A fast beat is not halved although its half is nearer the prior's centre: the beat lines up a little better
    /// than its pair over the 8 s heard, enough up to about 177 BPM (a click at 180 is heard in twos, at 90, as
    /// librosa hears it).
    @Test(arguments: [false, true])
    func aDrumAndBassBeatAt174IsNotHalved(withHats: Bool) {
        var signal = TestSignal(seconds: 12)
        signal.addNoise(decibels: -50, seed: 3)
        signal.addClicks(bpm: 174)
        if withHats { signal.addHats(bpm: 174, every: 0.5) }
        let estimate = lastTempo(of: signal)
        #expect(abs((estimate ?? 0) - 174) < 1, "174 BPM\(withHats ? " with eighth-note hats" : "") heard as \(estimate ?? 0)")
    }

    /// The prior's weights (BPM, weight): a log-normal around 120 BPM, one octave to a standard deviation, alike
    /// an octave either side.
    static let priorWeights: [(Double, Double)] = [
        (120, 1), (60, exp(-0.5)), (240, exp(-0.5)), (30, exp(-2)), (480, exp(-2)),
        (120 / 2.0.squareRoot(), exp(-0.125)), (120 * 2.0.squareRoot(), exp(-0.125)),
        (98, exp(-0.5 * pow(log2(98.0 / 120), 2))), (196, exp(-0.5 * pow(log2(196.0 / 120), 2))),
    ]

    @Test(arguments: priorWeights)
    func thePriorIsLogNormalAround120BPMAnOctaveWide(bpm: Double, weight: Double) {
        #expect(abs(TempoEstimator.prior(bpm: bpm) - weight) < 1e-12, "\(bpm) BPM")
    }

    @Test func thePriorFavoursTheBeatOverItsEighthsAtModerateTempi() {
        #expect(TempoEstimator.prior(bpm: 98) / TempoEstimator.prior(bpm: 196) > 1.2)
        // Either side of 120 by nearly as much: 87 and 174 weigh nearly alike, so the onsets decide.
        #expect(abs(TempoEstimator.prior(bpm: 87) / TempoEstimator.prior(bpm: 174) - 1) < 0.04)
    }

    @Test func aTrackHeldTheTempoMostOfItsEstimatesAgreeOn() {
        var track = TrackTempo(from: 8)
        for second in 1...7 { track.hear(140, at: Double(second)) }  // before the history was full: not counted
        for second in 8...200 { track.hear(second % 3 == 0 ? 98.4 : 97.8, at: Double(second)) }
        for second in 201...245 { track.hear(196, at: Double(second)) }  // the last bars, plain eighths
        track.hear(nil, at: 246)
        #expect(track.tempo == 97.8)
    }

    @Test func aTrackTempoIsTheMedianOfTheEstimatesThatAgree() {
        var track = TrackTempo(from: 8)
        for (second, bpm) in [120.0, 121, 119, 123, 60, 61].enumerated() { track.hear(bpm, at: Double(second + 8)) }
        #expect(track.tempo == 120.5)
    }

    @Test func aShortTrackCountsItsEarlyEstimatesAndNoEstimateIsNoTempo() {
        var short = TrackTempo(from: 8)
        for second in 2...6 { short.hear(110, at: Double(second)) }
        #expect(short.tempo == 110)
        var silent = TrackTempo(from: 8)
        silent.hear(nil, at: 9)
        silent.hear(.nan, at: 10)
        #expect(silent.tempo == nil)
    }
}
