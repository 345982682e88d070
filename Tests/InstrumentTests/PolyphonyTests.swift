import Foundation
import Geometry
@testable import Instrument
import Testing
import TestSupport

/// Polyphony: past the most lumis that sound at once, a release steals the oldest (among lumis released
/// together, the faintest), each fading out over `PerformanceState.stealFade` — a rule of the state, kept by
/// checkpoints and replayed exactly.
@Suite("Polyphony")
struct PolyphonyTests {
    /// A tap of the selected chord (one lumi of the test chordset, held 1 s then released over 2 s) at `time`.
    private func tap(_ state: inout PerformanceState, at time: Double, velocity: Double = 1) throws {
        try state.apply(PerformanceEvent(time: time, intent: .tap(at: Point(x: 0.5, y: 0.5), velocity: velocity)))
    }

    /// The release times of the lumis that still sound at `time`.
    private func sounding(_ state: PerformanceState, at time: Double) -> [Double] {
        state.live.filter { state.sounds($0, at: time) }.map(\.releaseTime)
    }

    @Test func aReleasePastThePolyphonyStealsTheOldest() throws {
        var state = PerformanceState(chordset: try testChordset(), polyphony: 4)
        for step in 0..<6 { try tap(&state, at: 1 + Double(step) / 10) }
        let times = (0..<6).map { 1 + Double($0) / 10 }
        #expect(sounding(state, at: times[5]) == Array(times[2...]))
        #expect(state.stolenLumis == 2)
        // The stolen fade over the stated time from the release that stole them, never cut at once.
        let stolen = state.live.filter { $0.fadeStart != .infinity }
        #expect(stolen.map(\.releaseTime) == [times[0], times[1]])
        #expect(stolen.map(\.fadeStart) == [times[4], times[5]] && stolen.allSatisfy { $0.fadeDuration == PerformanceState.stealFade })
        #expect((0.06...0.12).contains(PerformanceState.stealFade))
        // Half-way through the second one's fade: the first has gone, the second shows at half its light.
        let midway = state.scene(at: times[5] + PerformanceState.stealFade / 2).instances.map(\.opacity).sorted()
        #expect(midway.count == 5 && approximately(Double(midway[0]), 0.5, within: 1e-6))
        #expect(state.scene(at: times[5] + PerformanceState.stealFade).instances.count == 4)
    }

    @Test func amongLumisReleasedTogetherTheFaintestIsStolenFirst() throws {
        var chordset = try testChordset()
        var chords = chordset.chords
        for position in [1, 2] { chords[position].lumis = Array(repeating: chords[position].lumis[0], count: 3) }
        chordset = try Chordset(title: "Three", index: 0, chords: chords)
        var state = PerformanceState(chordset: chordset, polyphony: 4)
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 1, velocity: 0.9)))
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 2, velocity: 0.3)))
        // Six lumis released at one moment, four may sound: two of the faintest go.
        let stolen = state.live.filter { $0.fadeStart != .infinity }.map(\.velocity)
        #expect(stolen == [0.3, 0.3])
    }

    @Test func lumisAtTheEndOfTheirEnvelopeAreNotCountedOrStolen() throws {
        var state = PerformanceState(chordset: try testChordset(), polyphony: 2)
        try tap(&state, at: 1)
        try tap(&state, at: 1.1)
        // Both have finished (1 s hold, 2 s release) by the third tap: nothing is stolen.
        try tap(&state, at: 5)
        #expect(state.stolenLumis == 0 && sounding(state, at: 5) == [5])
    }

    @Test func loweringThePolyphonyStealsAtOnce() throws {
        var state = PerformanceState(chordset: try testChordset(), polyphony: 8)
        for step in 0..<8 { try tap(&state, at: 1 + Double(step) / 100) }
        try state.apply(PerformanceEvent(time: 1.5, intent: .polyphony(3)))
        #expect(state.polyphony == 3 && state.stolenLumis == 5 && sounding(state, at: 1.5).count == 3)
    }

    @Test func theLimitHoldsUnderTenThousandSeededReleases() throws {
        var random = SeededGenerator(seed: 38)
        var state = PerformanceState(chordset: try testChordset(), polyphony: 64)
        var time = 0.0
        for _ in 0..<10_000 {
            time += Double.random(in: 0...0.05, using: &random)
            let pad = Int.random(in: 0..<8, using: &random)
            let intent: Intent = switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: .tap(at: Point(x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random)), velocity: .random(in: 0...1, using: &random))
            case 4..<7: .padDown(pad: pad, velocity: .random(in: 0...1, using: &random))
            case 7..<9: .padUp(pad: pad)
            default: .polyphony(Int.random(in: 1...96, using: &random))
            }
            try state.apply(PerformanceEvent(time: time, intent: intent))
            let limit = try #require(state.polyphony)
            #expect(state.soundingLumis(at: time) <= limit)
            // What fades beyond the limit was stolen within the last fade.
            let fading = state.live.filter { $0.fadeStart != .infinity && $0.fadeStart + $0.fadeDuration > time }
            #expect(fading.allSatisfy { time - $0.fadeStart <= PerformanceState.stealFade })
        }
        #expect(state.stolenLumis > 1000)
    }

    @Test func aReplayStealsExactlyAsThePerformanceDidAndACheckpointKeepsIt() throws {
        var random = SeededGenerator(seed: 7)
        var log = try PerformanceLog(chordset: try testChordset(), seed: 5, events: [])
        var time = 0.0
        try log.append(PerformanceEvent(time: 0, intent: .polyphony(5)))
        for _ in 0..<300 {
            time += Double.random(in: 0...0.04, using: &random)
            try log.append(PerformanceEvent(time: time, intent: .tap(at: Point(x: .random(in: 0...1, using: &random), y: 0.5), velocity: 1)))
        }
        let read = try JSONDecoder().decode(PerformanceLog.self, from: try JSONEncoder().encode(log))
        let frames = stride(from: 0.0, to: time + 1, by: 1 / 30.0)
        for moment in frames {
            #expect(log.state(at: moment).scene(at: moment) == read.state(at: moment).scene(at: moment))
        }
        // A checkpoint taken mid-way draws the same frames from there on, and steals as the performance did.
        let middle = time / 2
        let state = log.state(at: middle)
        let checkpoint = try JSONDecoder().decode(PerformanceState.self, from: try JSONEncoder().encode(state))
        #expect(checkpoint.polyphony == 5 && checkpoint.stolenLumis == state.stolenLumis && state.stolenLumis > 0)
        var resumed = PerformanceLog(checkpoint: checkpoint, recordedFrom: middle)
        for event in log.events where event.time > middle { try resumed.append(event) }
        for moment in frames where moment > middle {
            #expect(log.state(at: moment).scene(at: moment) == resumed.state(at: moment).scene(at: moment))
        }
    }

    @Test func aLogOrCheckpointFromBeforePolyphonyPlaysWithoutALimit() throws {
        var state = PerformanceState(chordset: try testChordset())
        #expect(state.polyphony == nil)
        for step in 0..<300 { try tap(&state, at: 1 + Double(step) / 1000) }
        #expect(state.stolenLumis == 0 && state.soundingLumis(at: 1.3) == 300)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
        #expect(object["polyphony"] == nil)
        object["polyphony"] = 12
        let limited = try JSONDecoder().decode(PerformanceState.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(limited.polyphony == 12)
    }

    @Test(arguments: [0, -1, 4097, Int.max, Int.min])
    func hostilePolyphoniesAreRefusedByName(count: Int) throws {
        #expect(throws: InstrumentError.self) { try Intent.polyphony(count).validate() }
        var state = PerformanceState(chordset: try testChordset(), polyphony: 16)
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 1, intent: .polyphony(count))) }
        #expect(state.polyphony == 16)
        var controls = state.controls
        controls.polyphony = count
        #expect(throws: InstrumentError.self) { try controls.validate() }
    }

    @Test(arguments: [#"{"type": "polyphony"}"#, #"{"type": "polyphony", "count": 1.5}"#, #"{"type": "polyphony", "count": "64"}"#])
    func polyphoniesThatAreNotWholeNumbersAreNotRead(json: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Intent.self, from: Data(json.utf8)) }
    }
}

/// Onsets releasing the selected chord respect the stage: at most one release a gap, each retriggering the last.
@Suite("Onsets within the polyphony")
struct OnsetReleaseTests {
    private func onset(_ state: inout PerformanceState, at time: Double) throws {
        try state.apply(PerformanceEvent(time: time, intent: .heard(Heard(level: 0.8, peak: 0.8, bands: [0.8, 0, 0, 0], onset: 1))))
    }

    /// A stage performance (the gap at its default) whose onsets release the selected chord from `time` 0.
    private func listening() throws -> PerformanceState {
        var state = PerformanceState.onStage(chordset: try testChordset(), controls: nil, tempo: .standard)
        try state.apply(PerformanceEvent(time: 0, intent: .soundResponse(SoundResponse(onsetsRelease: true))))
        return state
    }

    @Test func aNewStagePerformanceKeepsAGapOf100MillisecondsAndAResponseWithoutOneKeepsIt() throws {
        let state = try listening()
        #expect(state.soundResponse.onsetGap == 0.1 && SoundResponse.defaultOnsetGap == 0.1)
        #expect(state.polyphony == PerformanceState.defaultPolyphony)
    }

    @Test func onsetsCloserThanTheGapReleaseNothing() throws {
        var state = try listening()
        for step in 0..<20 { try onset(&state, at: 1 + Double(step) * 0.03) }
        // Twenty onsets 30 ms apart: a release at 1.0, 1.12, 1.24, 1.36 and 1.48 s only, each retriggering the
        // one before (one lumi a release in the test chordset).
        let end: Double = 1 + 19 * 0.03, lastRelease: Double = 1 + 16 * 0.03
        let sounding: [Double] = state.live.filter { state.sounds($0, at: end) }.map(\.releaseTime)
        #expect(state.stolenLumis == 4)
        #expect(sounding == [lastRelease])
    }

    @Test func eachOnsetReleaseRetriggersTheLast() throws {
        var state = try listening()
        for step in 0..<6 { try onset(&state, at: 1 + Double(step) * 0.2) }
        let sounding = state.live.filter { state.sounds($0, at: 2) }
        #expect(sounding.count == 1 && sounding[0].releaseTime == 2)
        #expect(state.stolenLumis == 5)
        #expect(state.live.filter { $0.fadeStart != .infinity }.allSatisfy { $0.fadeDuration == PerformanceState.stealFade })
    }

    @Test func aResponseFromBeforeTheGapReleasesEveryOnsetAndStealsNone() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 0, intent: .soundResponse(SoundResponse(onsetsRelease: true))))
        #expect(state.soundResponse.onsetGap == nil)
        for step in 0..<10 { try onset(&state, at: 1 + Double(step) * 0.02) }
        #expect(state.live.count == 10 && state.stolenLumis == 0)
    }

    @Test func theGapIsKeptByACheckpointAndReplayedExactly() throws {
        var log = PerformanceLog(checkpoint: try listening(), recordedFrom: 0)
        for step in 0..<30 {
            try log.append(PerformanceEvent(time: 1 + Double(step) * 0.03, intent: .heard(Heard(level: 0.5, peak: 0.5, bands: [0.5, 0, 0, 0], onset: 1))))
        }
        let read = try JSONDecoder().decode(PerformanceLog.self, from: try JSONEncoder().encode(log))
        for moment in stride(from: 1.0, to: 3, by: 1 / 30.0) {
            #expect(log.state(at: moment).scene(at: moment) == read.state(at: moment).scene(at: moment))
        }
        let middle = log.state(at: 1.5)
        let checkpoint = try JSONDecoder().decode(PerformanceState.self, from: try JSONEncoder().encode(middle))
        #expect(checkpoint.lastOnsetRelease == middle.lastOnsetRelease && checkpoint.soundResponse.onsetGap == 0.1)
    }

    @Test(arguments: [-0.1, 2.5, Double.nan, Double.infinity])
    func hostileGapsAreRefused(gap: Double) throws {
        var state = try listening()
        #expect(throws: InstrumentError.self) {
            try state.apply(PerformanceEvent(time: 1, intent: .soundResponse(SoundResponse(onsetsRelease: true, onsetGap: gap))))
        }
        #expect(state.soundResponse.onsetGap == 0.1)
    }
}
