import Foundation
import Geometry
@testable import Instrument
import Testing
import TestSupport

/// A chord's own polyphony: how many of its releases sound at once. Played again past it, the chord retriggers —
/// its oldest releases still sounding are stolen, fading out as any stolen lumi — whether a tap, a pad or an
/// onset released it; other chords and a composition's light voices are not touched.
@Suite("A chord's own polyphony")
struct ChordPolyphonyTests {
    /// The test chordset (one lumi a chord, held 1 s then released over 2 s) with chord 0 limited to `limit`.
    private func state(limit: Int?) throws -> PerformanceState {
        var state = PerformanceState(chordset: try testChordset(), polyphony: 256)
        try state.apply(PerformanceEvent(time: 0, intent: .chordPolyphony(chord: 0, count: limit)))
        return state
    }

    private func tap(_ state: inout PerformanceState, at time: Double) throws {
        try state.apply(PerformanceEvent(time: time, intent: .tap(at: Point(x: 0.5, y: 0.5), velocity: 1)))
    }

    /// The release times of what still sounds at `time`.
    private func sounding(_ state: PerformanceState, at time: Double) -> [Double] {
        state.live.filter { state.sounds($0, at: time) }.map(\.releaseTime)
    }

    @Test func tappedPastItsPolyphonyAChordRetriggersItsOldestRelease() throws {
        var state = try state(limit: 2)
        #expect(state.chordset[0].polyphony == 2)
        let times = (0..<5).map { 1 + Double($0) / 10 }
        for time in times { try tap(&state, at: time) }
        #expect(sounding(state, at: times[4]) == [times[3], times[4]])
        #expect(state.stolenLumis == 3)
        // The first stolen has faded out and gone; the other two fade from the taps that stole them.
        let stolen = state.live.filter { $0.fadeStart != .infinity }
        #expect(stolen.map(\.releaseTime) == [times[1], times[2]] && stolen.map(\.fadeStart) == [times[3], times[4]])
        #expect(stolen.allSatisfy { $0.fadeDuration == PerformanceState.stealFade })
    }

    @Test func withoutOneAChordPilesUpToThePerformancesPolyphony() throws {
        var state = try state(limit: nil)
        for step in 0..<5 { try tap(&state, at: 1 + Double(step) / 10) }
        #expect(sounding(state, at: 1.4).count == 5 && state.stolenLumis == 0)
    }

    @Test func aPadHeldAndPressedAgainRetriggersAndOtherChordsAreNotTouched() throws {
        var state = try state(limit: 1)
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 1, velocity: 1)))  // chord 1: no limit
        try state.apply(PerformanceEvent(time: 1.1, intent: .padDown(pad: 0, velocity: 1)))
        try tap(&state, at: 1.2)  // chord 0 is selected: a tap retriggers the held pad's release
        try state.apply(PerformanceEvent(time: 1.3, intent: .padDown(pad: 1, velocity: 1)))
        // Chord 1's first release, let go when its pad was pressed again, still sounds in its release.
        #expect(sounding(state, at: 1.3) == [1, 1.2, 1.3])
        #expect(state.stolenLumis == 1)
    }

    @Test func aCompositionsLightVoicesAreTheirOwnReleases() throws {
        var state = try state(limit: 1)
        let chord = state.chordset[0]
        try state.apply(PerformanceEvent(time: 1, intent: .lightDown(voice: 0, chord: chord, velocity: 1)))
        try state.apply(PerformanceEvent(time: 1.1, intent: .lightDown(voice: 1, chord: chord, velocity: 1)))
        try tap(&state, at: 1.2)
        // Each light voice retriggers only itself; the tap is the playing chordset's chord 0, a third releaser.
        #expect(Set(sounding(state, at: 1.2)) == [1, 1.1, 1.2] && state.stolenLumis == 0)
        try state.apply(PerformanceEvent(time: 1.3, intent: .lightDown(voice: 1, chord: chord, velocity: 1)))
        #expect(Set(sounding(state, at: 1.3)) == [1, 1.2, 1.3] && state.stolenLumis == 1)
    }

    @Test func onsetsReleaseAsManyAtOnceAsTheChordAllows() throws {
        var state = PerformanceState.onStage(chordset: try testChordset(), controls: nil, tempo: .standard)
        try state.apply(PerformanceEvent(time: 0, intent: .soundResponse(SoundResponse(onsetsRelease: true))))
        try state.apply(PerformanceEvent(time: 0, intent: .chordPolyphony(chord: 0, count: 3)))
        for step in 0..<6 {
            try state.apply(PerformanceEvent(time: 1 + Double(step) * 0.2, intent: .heard(Heard(level: 0.8, peak: 0.8, bands: [0.8, 0, 0, 0], onset: 1))))
        }
        #expect(sounding(state, at: 2) == [1.6, 1.8, 2] && state.stolenLumis == 3)
    }

    @Test func aLogReplaysItAndACheckpointKeepsWhoseReleaseEachLumiIs() throws {
        var random = SeededGenerator(seed: 16)
        var log = try PerformanceLog(chordset: try testChordset(), seed: 3, events: [])
        try log.append(PerformanceEvent(time: 0, intent: .chordPolyphony(chord: 0, count: 2)))
        var time = 0.0
        for _ in 0..<200 {
            time += Double.random(in: 0...0.05, using: &random)
            let intent: Intent = Bool.random(using: &random)
                ? .tap(at: Point(x: .random(in: 0...1, using: &random), y: 0.5), velocity: 1)
                : .padDown(pad: Int.random(in: 0..<2, using: &random), velocity: 1)
            try log.append(PerformanceEvent(time: time, intent: intent))
        }
        let read = try JSONDecoder().decode(PerformanceLog.self, from: try JSONEncoder().encode(log))
        for moment in stride(from: 0.0, to: time + 1, by: 1 / 30.0) {
            #expect(log.state(at: moment).scene(at: moment) == read.state(at: moment).scene(at: moment))
        }
        let middle = log.state(at: time / 2)
        let checkpoint = try JSONDecoder().decode(PerformanceState.self, from: try JSONEncoder().encode(middle))
        #expect(checkpoint.live.map(\.releaser) == middle.live.map(\.releaser) && middle.live.contains { $0.releaser == 0 })
        #expect(checkpoint.chordset[0].polyphony == 2 && middle.stolenLumis > 0)
    }

    @Test func aCheckpointFromBeforeChordPolyphonyReadsLumisAsNobodysRelease() throws {
        var state = try state(limit: 2)
        try tap(&state, at: 1)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
        var live = try #require(object["live"] as? [[String: Any]])
        for index in live.indices { live[index]["releaser"] = nil }
        object["live"] = live
        let old = try JSONDecoder().decode(PerformanceState.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(old.live.map(\.releaser) == [-1])
        object["live"] = live.map { $0.merging(["releaser": 99]) { $1 } }
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(PerformanceState.self, from: try JSONSerialization.data(withJSONObject: object))
        }
    }

    @Test(arguments: [(0, 0), (0, 17), (0, -1), (0, Int.max), (8, 2), (-1, 2)])
    func hostileChordPolyphoniesAreRefusedAndChangeNothing(chord: Int, count: Int) throws {
        var state = try state(limit: 2)
        #expect(throws: InstrumentError.self) {
            try state.apply(PerformanceEvent(time: 1, intent: .chordPolyphony(chord: chord, count: count)))
        }
        #expect(state.chordset[0].polyphony == 2)
    }

    @Test func theIntentReadsAndWritesItsJSON() throws {
        let cleared = try JSONDecoder().decode(Intent.self, from: Data(#"{"type": "chordPolyphony", "chord": 3}"#.utf8))
        #expect(cleared == .chordPolyphony(chord: 3, count: nil))
        let limited = Intent.chordPolyphony(chord: 3, count: 4)
        #expect(try JSONDecoder().decode(Intent.self, from: try JSONEncoder().encode(limited)) == limited)
        let null = try JSONDecoder().decode(Intent.self, from: try JSONEncoder().encode(Intent.chordPolyphony(chord: 1, count: nil)))
        #expect(null == .chordPolyphony(chord: 1, count: nil))
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(Intent.self, from: Data(#"{"type": "chordPolyphony", "chord": 3, "count": "4"}"#.utf8))
        }
    }

    @Test func aChordFromAFileKeepsItsPolyphonyAndOneOutOfRangeIsRefused() throws {
        var chord = try testChordset()[2]
        chord.polyphony = 4
        let read = try JSONDecoder().decode(Chord.self, from: try JSONEncoder().encode(chord))
        #expect(read.polyphony == 4)
        chord.polyphony = 40
        #expect(throws: InstrumentError.self) { try chord.validate() }
    }
}
