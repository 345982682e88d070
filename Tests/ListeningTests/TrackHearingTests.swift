import Foundation
import Listening
import TestSupport
import Testing

@Suite struct TrackHearingTests {
    /// `signal` heard whole, in blocks of `block` samples.
    private func track(of signal: TestSignal, block: Int = 1000) -> HeardTrack {
        let hearing = TrackHearing(sampleRate: signal.sampleRate)
        signal.samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + block)
                hearing.hear(UnsafeBufferPointer(rebasing: all[start..<end]), channels: 1)
                start = end
            }
        }
        return hearing.track
    }

    @Test func aClickTracksBeatsLandOnItsClicksToAFractionOfAMillisecond() throws {
        var signal = TestSignal(seconds: 40)
        let clicks = signal.addClicks(bpm: 123, start: 0.37)
        let heard = track(of: signal)
        let tempo = try #require(heard.tempo)
        #expect(abs(tempo - 123) < 0.01, "tempo \(tempo)")
        #expect(heard.beats.count == clicks.count)
        for (beat, click) in zip(heard.beats, clicks) {
            #expect(abs(beat.time - click) < 0.0005, "beat \(beat.time) against click \(click)")
            #expect(beat.strength > 0)
        }
        // Clicks all alike: the bars start on the first.
        #expect(heard.bars.map(\.time) == stride(from: 0, to: heard.beats.count, by: 4).map { heard.beats[$0].time })
        #expect(abs(try #require(heard.firstDownbeat) - clicks[0]) < 0.0005)
    }

    /// The grid is the music's pulse, heard or not: its beats run over the whole sound — before the first click,
    /// through a break, after the last — those where nothing was heard with strength 0; the bars keep to the clicks.
    @Test func theBeatsRunOverTheWholeSoundThroughABreak() throws {
        var signal = TestSignal(seconds: 30)
        let clicks = signal.addClicks(bpm: 120, start: 3.2)
        // A break: the clicks from 12.7 s to 17.7 s silenced.
        let rate = Double(signal.sampleRate), silenced = 12.45..<17.95
        for index in Int(silenced.lowerBound * rate)..<Int(silenced.upperBound * rate) { signal.samples[index] = 0 }
        let heard = track(of: signal)
        let beats = heard.beats.map(\.time)
        #expect(abs(try #require(beats.first) - 0.2) < 0.01, "the first beat \(beats.first ?? -1), the grid's before the clicks")
        #expect(try #require(beats.last) > 29.4)
        let period = 0.5
        for (earlier, later) in zip(beats, beats.dropFirst()) { #expect(abs(later - earlier - period) < 0.001) }
        for beat in heard.beats {
            let heardThere = clicks.contains { abs($0 - beat.time) < 0.01 } && !silenced.contains(beat.time)
            #expect((beat.strength > 0) == heardThere, "the beat at \(beat.time) has strength \(beat.strength)")
        }
        #expect(heard.bars.allSatisfy { $0.time >= clicks[0] - 0.01 && $0.time <= clicks.last! + 0.01 })
    }

    @Test func theDownbeatIsTheBeatTheLowBandAndTheOnsetsWeighMost() throws {
        var signal = TestSignal(seconds: 30)
        let clicks = signal.addClicks(bpm: 120, start: 0.5, amplitude: 0.3)
        // A low thump on every fourth click from the third.
        for time in stride(from: 2, to: clicks.count, by: 4).map({ clicks[$0] }) {
            signal.addSine(60, amplitude: 0.8, from: time, to: time + 0.12)
        }
        let heard = track(of: signal)
        let first = try #require(heard.firstDownbeat)
        #expect(abs(first - clicks[2]) < 0.002, "first downbeat \(first), the thumps from \(clicks[2])")
    }

    @Test func eachBandRisesWhereItsSineIsSwitchedOnAndNowhereElse() {
        var signal = TestSignal(seconds: 6)
        let lowOn = [1.0, 3.0], highOn = [2.0, 4.0]
        for start in lowOn { signal.addSine(100, amplitude: 0.4, from: start, to: start + 0.5) }
        for start in highOn { signal.addSine(9000, amplitude: 0.4, from: start, to: start + 0.5) }
        let heard = track(of: signal)
        func near(_ rises: [HeardCue], _ time: Double) -> Bool { rises.contains { abs($0.time - time) < 0.025 } }
        let low = heard.rises[HeardFrame.Band.low.rawValue], high = heard.rises[HeardFrame.Band.high.rawValue]
        for time in lowOn {
            #expect(near(low, time), "low rises \(low.map(\.time)) miss \(time)")
            #expect(!near(high, time), "high rises \(high.map(\.time)) at the low sine's \(time)")
        }
        for time in highOn {
            #expect(near(high, time), "high rises \(high.map(\.time)) miss \(time)")
            #expect(!near(low, time), "low rises \(low.map(\.time)) at the high sine's \(time)")
        }
        #expect(low.count == lowOn.count && high.count == highOn.count, "low \(low.map(\.time)), high \(high.map(\.time))")
    }

    @Test func silenceAndNoiseLayNoBeat() {
        var silent = TestSignal(seconds: 12)
        #expect(track(of: silent).beats.isEmpty)
        silent.addNoise(decibels: -20, seed: 7)
        let noise = track(of: silent)
        #expect(noise.beats.isEmpty && noise.bars.isEmpty && noise.firstDownbeat == nil)
    }

    @Test func theBlockSizeChangesNothing() {
        var signal = TestSignal(seconds: 12)
        signal.addClicks(bpm: 100, start: 0.2)
        signal.addSine(200, amplitude: 0.2, from: 3, to: 4)
        #expect(track(of: signal, block: 64) == track(of: signal, block: 48_000))
    }
}
