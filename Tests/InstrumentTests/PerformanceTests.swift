import Foundation
import Geometry
import Instrument
import Testing
import TestSupport

/// A small chordset whose chords are easy to reason about: chord n holds one still circle of hue n/8 at
/// the canvas centre, held while its pad is.
func testChordset(rhythm: Rhythm? = nil, trail: Double = 0) throws -> Chordset {
    let chords = (0..<8).map { position -> Chord in
        var features = LumiFeatures()
        features.hue = FeatureSetting(Double(position) / 8)
        features.size = FeatureSetting(0.2)
        features.trail = FeatureSetting(trail)
        let lumi = Lumi(form: .circle, motion: .still, edges: .free, envelope: Envelope(attack: 0, hold: 1, release: 2), features: features)
        return Chord(
            position: position, title: "C\(position)", background: try! ColorSelection(hue: Double(position) / 8, purity: 0.3),
            lumis: [lumi], panes: [.leftHalf], rhythm: position == 7 ? rhythm : nil)
    }
    return try Chordset(title: "Test", index: 0, chords: chords)
}

@Suite("Performance state")
struct PerformanceTests {
    @Test func aPadReleasesItsChordsLumisAtTheirAnchorsAndLightsItsPanes() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 2, velocity: 1)))
        let scene = state.scene(at: 1.5)
        #expect(scene.instances.count == 1)
        let lumi = try #require(scene.instances.first)
        #expect(approximately(lumi.position, Point(x: Canvas.aspect / 2, y: 0.5), within: 1e-6))
        #expect(approximatelySameHue(HSVColor(lumi.color).hue, 2.0 / 8, within: 1e-6))
        #expect(lumi.layer == .lumis && lumi.opacity == 1)
        #expect(approximately(lumi.transform.a, 0.2, within: 1e-6))  // full velocity: full size
        #expect(scene.forms[Int(lumi.form)] == .circle)
        #expect(scene.panes.count == 1)
        #expect(scene.panes[0].frame == Rect(x: 0, y: 0, width: Canvas.aspect / 2, height: 1))
        #expect(state.pads[2].isDown)
    }

    @Test func releasingThePadLetsTheLumiDecayAndGo() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: 0, velocity: 0.5)))
        try state.apply(PerformanceEvent(time: 3, intent: .padUp(pad: 0)))
        #expect(state.scene(at: 2.9).instances.first?.opacity == 0.5)
        #expect(approximately(Double(state.scene(at: 4).instances[0].opacity), 0.25, within: 1e-6))
        #expect(state.scene(at: 5.01).instances.isEmpty)
        state.prune(at: 5.01)
        #expect(state.liveLumiCount == 0)
        #expect(!state.pads[0].isDown)
    }

    @Test func aTapReleasesTheSelectedChordWhereItTouchesAndHoldsForTheEnvelope() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 0, intent: .recallChord(4)))
        try state.apply(PerformanceEvent(time: 1, intent: .tap(at: Point(x: 0.25, y: 0.75), velocity: 1)))
        let lumi = try #require(state.scene(at: 1.5).instances.first)
        #expect(approximately(lumi.position, Point(x: Canvas.aspect / 4, y: 0.75), within: 1e-6))
        #expect(approximatelySameHue(HSVColor(lumi.color).hue, 0.5, within: 1e-6))
        #expect(state.scene(at: 2.5).instances[0].opacity < 1)  // hold 1 s, then the release
        #expect(state.scene(at: 4.1).instances.isEmpty)
    }

    @Test func aStrokeSendsTheLumisAlongIt() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 0, intent: .stroke([Point(x: 0.1, y: 0.5), Point(x: 0.9, y: 0.5)], velocity: 1)))
        let start = try #require(state.scene(at: 0).instances.first).position
        let later = try #require(state.scene(at: 1).instances.first).position
        #expect(approximately(start, Point(x: 0.1 * Canvas.aspect, y: 0.5), within: 1e-6))
        #expect(approximately(later.x - start.x, PerformanceState.strokeFollowSpeed, within: 1e-6))
        #expect(approximately(later.y, 0.5, within: 1e-6))
    }

    @Test func fadeTakesEverythingDownAndEraseClearsAtOnce() throws {
        var state = PerformanceState(chordset: try testChordset(trail: 0.5))
        try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: 1, velocity: 1)))
        try state.apply(PerformanceEvent(time: 1, intent: .fade(seconds: 2)))
        let halfway = state.scene(at: 2)
        #expect(halfway.instances.filter { $0.layer == .lumis }.map(\.opacity) == [0.5])
        #expect(halfway.instances.filter { $0.layer == .trails }.map(\.opacity) == [0.25])
        #expect(approximately(halfway.panes[0].color.alpha, 0.5, within: 1e-9))
        #expect(state.scene(at: 3).instances.isEmpty)
        #expect(state.scene(at: 3).background == RGBAColor(red: 0, green: 0, blue: 0))
        // New lumis after the fade are not faded; the background comes back with them.
        try state.apply(PerformanceEvent(time: 4, intent: .padDown(pad: 2, velocity: 1)))
        #expect(state.scene(at: 4.5).instances.filter { $0.layer == .lumis }.count == 1)
        #expect(state.scene(at: 4.5).background != RGBAColor(red: 0, green: 0, blue: 0))
        try state.apply(PerformanceEvent(time: 5, intent: .erase))
        #expect(state.scene(at: 5).instances.isEmpty)
        #expect(state.scene(at: 5).panes.isEmpty)
        #expect(state.erasures == 1 && state.scene(at: 5).erasures == 1)
    }

    @Test func recallSetsTheControlsAndStoreKeepsThem() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 0, intent: .recallChord(3)))
        #expect(state.colors == state.chordset[3].background)
        #expect(state.selectedChord == 3)
        try state.apply(PerformanceEvent(time: 1, intent: .ribbonCenter(.hue, 0.9)))
        try state.apply(PerformanceEvent(time: 1, intent: .ribbonStep(.hue, widen: true)))
        try state.apply(PerformanceEvent(time: 1, intent: .form(.star(points: 6, innerRadius: 0.5))))
        try state.apply(PerformanceEvent(time: 1, intent: .motion(.orbit(radius: 0.1, rate: 1), .wrap)))
        try state.apply(PerformanceEvent(time: 2, intent: .storeChord(6)))
        let stored = state.chordset[6]
        #expect(approximately(stored.background.hue.center, 0.9, within: 1e-12))
        #expect(approximately(stored.background.hue.range, 0.01, within: 1e-12))
        #expect(stored.lumis.allSatisfy { $0.form == .star(points: 6, innerRadius: 0.5) && $0.edges == .wrap })
        #expect(approximately(stored.lumis[0].features.hue.base, 0.9, within: 1e-12))
        #expect(state.chordset[5] == (try testChordset())[5])
    }

    @Test func aHeldRhythmReleasesOnTheBeatGrid() throws {
        let rhythm = Rhythm(step: 0.5, pattern: [true, false], gate: 0.5)
        var state = PerformanceState(chordset: try testChordset(rhythm: rhythm))  // 120 BPM: a step is 0.25 s
        try state.apply(PerformanceEvent(time: 0.1, intent: .padDown(pad: 7, velocity: 1)))
        // Steps at 0.25 s (step 1, silent), 0.5 s (step 2, plays), 0.75 (silent), 1.0 (plays)…
        #expect(state.scene(at: 0.45).instances.isEmpty)
        #expect(state.scene(at: 0.55).instances.count == 1)
        #expect(state.scene(at: 1.05).instances.count == 2)  // the note of 0.5 s still decaying
        try state.apply(PerformanceEvent(time: 1.1, intent: .padUp(pad: 7)))
        #expect(state.scene(at: 1.6).instances.count == 2)  // no new steps after the pad went up
        #expect(state.scene(at: 3.2).instances.isEmpty)
    }

    @Test func tempoChangesMoveTheBeatOnWithoutAJump() throws {
        var state = PerformanceState(chordset: try testChordset())
        #expect(state.beat(at: 2) == 4)
        try state.apply(PerformanceEvent(time: 2, intent: .tempo(beatsPerMinute: 60)))
        #expect(state.beat(at: 2) == 4)
        #expect(state.beat(at: 3) == 5)
        try state.apply(PerformanceEvent(time: 3, intent: .tapTempo))
        try state.apply(PerformanceEvent(time: 3.25, intent: .tapTempo))
        #expect(state.tempo.beatsPerMinute == 240)
        #expect(state.beat(at: 3.25) == 5.25)
    }

    static let badIntents: [Intent] = [
        .padDown(pad: 8, velocity: 1), .padDown(pad: -1, velocity: 1), .padDown(pad: 0, velocity: .nan),
        .padDown(pad: 0, velocity: 1.5), .padUp(pad: 99), .tap(at: Point(x: .infinity, y: 0), velocity: 1),
        .stroke([], velocity: 1), .ribbonCenter(.hue, .nan), .ribbonRange(.purity, -.infinity),
        .recallChord(8), .storeChord(-1), .fade(seconds: -1), .fade(seconds: .nan), .tempo(beatsPerMinute: 0),
        .trailPersistence(2), .form(.polygon(sides: 1)), .motion(.drift(direction: 0, speed: .nan), .bounce),
        .feature(.size, FeatureSetting(3)), .pulse(Pulse(rate: .hertz(-1))),
    ]

    @Test(arguments: badIntents)
    func aBadIntentIsRefusedAndChangesNothing(intent: Intent) throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: 1, velocity: 1)))
        let before = state.scene(at: 0.5)
        let (colors, design, chordset, events) = (state.colors, state.design, state.chordset, state.eventCount)
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 0.2, intent: intent)) }
        #expect(state.scene(at: 0.5) == before)
        #expect(state.colors == colors && state.design == design && state.chordset == chordset)
        #expect(state.eventCount == events)
    }

    @Test func eventsOutOfTimeOrderAreRefused() throws {
        var state = PerformanceState(chordset: try testChordset())
        try state.apply(PerformanceEvent(time: 5, intent: .erase))
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 4, intent: .erase)) }
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: .nan, intent: .erase)) }
    }
}

@Suite("Performance state at the edges of time")
struct PerformanceTimeLimitTests {
    @Test func eventTimesAreBoundedAndFramesAtAnyTimeDoNotTrap() throws {
        var state = PerformanceState(chordset: FactoryChordsets.pulseGarden)
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 1e300, intent: .erase)) }
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: -1, intent: .erase)) }
        for pad in 0..<8 { try state.apply(PerformanceEvent(time: 1, intent: .padDown(pad: pad, velocity: 1))) }
        for time in [-1e300, -1, 0, 2, 1e6, 1e300, .infinity, -.infinity, .nan] {
            _ = state.scene(at: time)
        }
        try state.apply(PerformanceEvent(time: PerformanceState.maximumTime, intent: .padUp(pad: 3)))
        _ = state.scene(at: .greatestFiniteMagnitude)
    }
}
