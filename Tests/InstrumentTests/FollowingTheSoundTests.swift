import Foundation
import Geometry
@testable import Instrument
import Testing
import TestSupport

/// The performance following the sound heard: envelopes, followers, onsets releasing chords, the tempo.
@Suite("Following the sound")
struct FollowingTheSoundTests {
    /// The test chordset with chord 0's size following `follow`.
    private func chordset(following follow: SoundFollow) throws -> Chordset {
        var chordset = try testChordset()
        var chords = chordset.chords
        chords[0].lumis[0].features.size.oscillator = Oscillator(.sine, rate: .hertz(0), depth: 0, follow: follow)
        chordset = try Chordset(title: chordset.title, index: 0, chords: chords)
        return chordset
    }

    private func heard(low: Double = 0, onset: Double = 0, tempo: Double? = nil) -> Intent {
        .heard(Heard(level: low, peak: low, bands: [low, 0, 0, 0], onset: onset, tempo: tempo))
    }

    @Test func aLumisSizeFollowsTheBassWithItsAttackAndRelease() throws {
        var state = PerformanceState(chordset: try chordset(following: SoundFollow(.low, amount: 0.5, attack: 0, release: 0.1)))
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 0, velocity: 1)))
        #expect(approximately(try #require(state.scene(at: 1.01).instances.first).transform.a, 0.2, within: 1e-6))
        try state.apply(PerformanceEvent(time: 1.01, intent: heard(low: 0.8)))
        // No attack: the envelope is at 0.8 at once, and the size 0.2 + 0.5 × 0.8.
        #expect(approximately(try #require(state.scene(at: 1.02).instances.first).transform.a, 0.6, within: 1e-6))
        // The bass stops: a tenth of a second later the envelope has fallen to 0.8/e.
        for step in 1...10 { try state.apply(PerformanceEvent(time: 1.01 + Double(step) / 100, intent: heard())) }
        let size = try #require(state.scene(at: 1.11).instances.first).transform.a
        #expect(approximately(size, 0.2 + 0.5 * 0.8 * exp(-1), within: 1e-6))
    }

    /// The size's follower at `time`, as a fraction of what it was when the sound stopped (`full`).
    private func follower(_ state: PerformanceState, at time: Double, of full: Double) throws -> Double {
        (try #require(state.scene(at: time).instances.first).transform.a - 0.2) / full
    }

    /// Half a second of loud bass, heard a hop at a time from 1 s: the follower is then full.
    private func loudBass(following follow: SoundFollow) throws -> (PerformanceState, full: Double) {
        var state = PerformanceState(chordset: try chordset(following: follow))
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 0, velocity: 1)))
        for hop in 1...50 { try state.apply(PerformanceEvent(time: 1 + Double(hop) / 100, intent: heard(low: 1))) }
        let full = try #require(state.scene(at: 1.5).instances.first).transform.a - 0.2
        #expect(full > 0.4)
        return (state, full)
    }

    @Test(arguments: [0.01, 0.05, 0.2, 1, 5])
    func followersFallToRestOnTheClockWhenNothingMoreIsHeard(release: Double) throws {
        let (state, full) = try loudBass(following: SoundFollow(.low, amount: 0.5, attack: 0, release: release))
        // Frames between hearings see no dip.
        #expect(try follower(state, at: 1.5 + SoundEnvelopes.hold, of: full) == 1)
        // An input stalled: no hearing comes at all, and the follower falls at its release after the hold.
        #expect(try follower(state, at: 1.5 + SoundEnvelopes.hold + 5 * release, of: full) < 0.01)
        #expect(try follower(state, at: 1.5 + SoundEnvelopes.hold + release, of: full) > 0.3)
    }

    @Test(arguments: [0.01, 0.05, 0.2, 1, 5])
    func followersFallToRestFromTheSilenceSaidWhenAnInputStops(release: Double) throws {
        var (state, full) = try loudBass(following: SoundFollow(.low, amount: 0.5, attack: 0, release: release))
        // The listening says silence when its input fails or is let go: the fall starts there, without a hold.
        try state.apply(PerformanceEvent(time: 1.505, intent: .heard(.silence)))
        #expect(try follower(state, at: 1.505 + 5 * release, of: full) < 0.01)
        // Sound coming back is followed again.
        try state.apply(PerformanceEvent(time: 1.505 + 6 * release, intent: heard(low: 1)))
        #expect(try follower(state, at: 1.505 + 6 * release, of: full) > 0.99)
    }

    @Test func envelopeShapesAreBoundedWhateverFollowersAsk() throws {
        var random = SeededGenerator(seed: 34)
        var state = PerformanceState(chordset: try testChordset())
        var time = 1.0
        for round in 0..<10_000 {
            let follow = SoundFollow(
                SoundSource.allCases.randomElement(using: &random)!, amount: Double.random(in: -1...1, using: &random),
                attack: Double.random(in: 0...10, using: &random), release: Double.random(in: 0...60, using: &random))
            time += 0.001
            if round.isMultiple(of: 2) {
                var pulse = state.pulse
                pulse.follow = follow
                try state.apply(PerformanceEvent(time: time, intent: .pulse(pulse)))
            } else {
                try state.apply(PerformanceEvent(time: time, intent: .feature(.size, FeatureSetting(0.2, Oscillator(follow: follow)))))
                try state.apply(PerformanceEvent(time: time, intent: .tap(at: Point(x: 0.5, y: 0.5), velocity: 1)))
                try state.apply(PerformanceEvent(time: time, intent: .erase))
            }
        }
        #expect(state.soundEnvelopeCount <= SoundSource.allCases.count * SoundEnvelopes.shapesPerSource)
        // A hearing's work and a checkpoint stay small: at most 96 envelopes.
        try state.apply(PerformanceEvent(time: time + 0.01, intent: heard(low: 1)))
        let checkpoint = try JSONEncoder().encode(state)
        #expect(checkpoint.count < 64 * 1024, "a checkpoint of \(checkpoint.count) bytes")
        let copy = try JSONDecoder().decode(PerformanceState.self, from: checkpoint)
        #expect(copy.scene(at: time + 0.02) == state.scene(at: time + 0.02))
    }

    @Test func anOnsetSwellsWithTheAttack() throws {
        var state = PerformanceState(chordset: try chordset(following: SoundFollow(.onset, amount: 1, attack: 0.05, release: 1)))
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 0, velocity: 1)))
        try state.apply(PerformanceEvent(time: 1.01, intent: heard(onset: 1)))
        let size = try #require(state.scene(at: 1.02).instances.first).transform.a
        #expect(approximately(size, 0.2 + (1 - exp(-0.01 / 0.05)), within: 1e-6))
    }

    @Test func theBackgroundPulseFollowsTheSound() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 0.5, intent: .ribbonRange(.hue, 0.5)))
        var pulse = state.pulse
        pulse.depth = 0  // the pulse holds the ranges' middle, so that only the sound moves it
        try state.apply(PerformanceEvent(time: 1, intent: .pulse(pulse)))
        let still = state.scene(at: 1.01).background
        pulse.follow = SoundFollow(.low, amount: 0.5, attack: 0, release: 0)
        try state.apply(PerformanceEvent(time: 1.01, intent: .pulse(pulse)))
        #expect(state.scene(at: 1.02).background == still)
        try state.apply(PerformanceEvent(time: 1.02, intent: heard(low: 1)))
        let moved = state.scene(at: 1.03).background
        #expect(moved != still)
        // The move is the colour half a range further on: the ranges' top end.
        let top = state.pulse.color(of: state.colors, at: Moment(elapsed: 0, beat: 0, beatsPerSecond: 2), lift: 0.5).rgb
        #expect(moved == top)
        let data = try JSONEncoder().encode(state.pulse)
        #expect(try JSONDecoder().decode(Pulse.self, from: data) == state.pulse)
        #expect(throws: InstrumentError.self) {
            var loud = pulse
            loud.follow = SoundFollow(.low, amount: 3)
            try Intent.pulse(loud).validate()
        }
    }

    @Test func onsetsReleaseTheSelectedChordOnlyWhenAsked() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 1, intent: heard(onset: 1)))
        #expect(state.liveLumiCount == 0)
        let changed = try state.apply(PerformanceEvent(time: 1.01, intent: .soundResponse(SoundResponse(onsetsRelease: true))))
        #expect(changed == [.listening])
        try state.apply(PerformanceEvent(time: 1.02, intent: heard(onset: 0.5)))
        try state.apply(PerformanceEvent(time: 1.03, intent: heard()))
        try state.apply(PerformanceEvent(time: 1.04, intent: heard(onset: 1)))
        #expect(state.liveLumiCount == 2)
        #expect(state.heardOnsets == 3)
        let positions = state.scene(at: 1.05).instances.map(\.position)
        #expect(positions[0] != positions[1])
    }

    @Test func theTempoFollowsTheTempoHeardWhenAsked() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 1, intent: heard(tempo: 131.27)))
        #expect(state.tempo.beatsPerMinute == 120)
        try state.apply(PerformanceEvent(time: 1.01, intent: .soundResponse(SoundResponse(tempoFollows: true))))
        let changed = try state.apply(PerformanceEvent(time: 1.02, intent: heard(tempo: 131.27)))
        #expect(changed == [.heard, .tempo])
        #expect(state.tempo.beatsPerMinute == 131.3)
        // A wander of less than half a beat a minute leaves the beat where it is.
        #expect(try state.apply(PerformanceEvent(time: 1.03, intent: heard(tempo: 131.5))) == [.heard])
    }

    @Test(arguments: [
        Heard(level: 2, peak: 0, bands: [0, 0, 0, 0]), Heard(level: 0, peak: 0, bands: [0, 0, 0]),
        Heard(level: 0, peak: 0, bands: [0, .nan, 0, 0]), Heard(level: 0, peak: 0, bands: [0, 0, 0, 0], tempo: 0),
        Heard(level: 0, peak: 0, bands: [0, 0, 0, 0], tempo: 10_000), Heard(level: 0, peak: -0.1, bands: [0, 0, 0, 0]),
    ])
    func badHearingIsRefusedAndChangesNothing(bad: Heard) throws {
        var state = PerformanceState(chordset: try testChordset())
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 1, intent: .heard(bad))) }
        #expect(state.eventCount == 0 && state.heard == .silence)
    }

    @Test func speedCannotFollowTheSound() throws {
        let setting = FeatureSetting(1, Oscillator(follow: SoundFollow(.low)))
        #expect(throws: InstrumentError.self) { try Intent.feature(.speed, setting).validate() }
        try Intent.feature(.size, FeatureSetting(0.1, Oscillator(follow: SoundFollow(.low)))).validate()
    }

    @Test func hearingAndTheResponseTravelAsJSON() throws {
        for intent in [heard(low: 0.25, onset: 0.5, tempo: 128), heard(), Intent.soundResponse(SoundResponse(tempoFollows: true))] {
            let data = try JSONEncoder().encode(intent)
            #expect(try JSONDecoder().decode(Intent.self, from: data) == intent)
        }
        let text = String(decoding: try JSONEncoder().encode(heard()), as: UTF8.self)
        #expect(!text.contains("tempo"))
        // An oscillator that follows nothing is written as before.
        #expect(!String(decoding: try JSONEncoder().encode(Oscillator()), as: UTF8.self).contains("follow"))
    }

    @Test func aCheckpointKeepsTheEnvelopesAndTheResponse() throws {
        var state = PerformanceState(chordset: try chordset(following: SoundFollow(.low, amount: 0.5, attack: 0, release: 2)))
        try state.apply(PerformanceEvent(time: 0.5, intent: .soundResponse(SoundResponse(tempoFollows: true, onsetsRelease: true))))
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 0, velocity: 1)))
        try state.apply(PerformanceEvent(time: 1.01, intent: heard(low: 0.9, onset: 1)))
        var copy = try JSONDecoder().decode(PerformanceState.self, from: JSONEncoder().encode(state))
        #expect(copy.soundResponse == state.soundResponse && copy.heardOnsets == 1)
        for step in 1...20 {
            let intent = heard(low: Double(step % 3) / 3)
            try state.apply(PerformanceEvent(time: 1.01 + Double(step) / 100, intent: intent))
            try copy.apply(PerformanceEvent(time: 1.01 + Double(step) / 100, intent: intent))
            #expect(state.scene(at: 1.015 + Double(step) / 100) == copy.scene(at: 1.015 + Double(step) / 100))
        }
    }
}
