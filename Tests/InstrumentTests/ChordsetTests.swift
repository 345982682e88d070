import Foundation
import Geometry
import Instrument
import Testing
import TestSupport

@Suite("Chords and chordsets")
struct ChordsetTests {
    @Test func aChordsetHasExactlyEightChordsOneAtEachPosition() throws {
        let chords = (0..<8).map(Chord.empty)
        #expect(throws: InstrumentError.self) { try Chordset(title: "Seven", index: 0, chords: Array(chords.prefix(7))) }
        var duplicated = chords
        duplicated[3].position = 2
        #expect(throws: InstrumentError.self) { try Chordset(title: "Twice", index: 0, chords: duplicated) }
        let shuffled = try Chordset(title: "Shuffled", index: 0, chords: chords.reversed())
        #expect(shuffled.chords.map(\.position) == Array(0..<8))
    }

    @Test func titlesAreBoundedAndNotBlank() {
        #expect(throws: InstrumentError.self) { try Chordset.empty(title: "   ", index: 0) }
        #expect(throws: InstrumentError.self) { try Chordset.empty(title: String(repeating: "x", count: 201), index: 0) }
        #expect(throws: Never.self) { try Chordset.empty(title: String(repeating: "é", count: 200), index: 0) }
    }

    @Test func chordLimitsAreEnforced() throws {
        var chord = Chord.empty(position: 0)
        chord.lumis = Array(repeating: Lumi(), count: Chord.maximumLumis + 1)
        #expect(throws: InstrumentError.self) { try chord.validate() }
        chord = Chord.empty(position: 0)
        chord.panes = [Pane(frame: Rect(x: 0.8, y: 0, width: 0.5, height: 1))]
        #expect(throws: InstrumentError.self) { try chord.validate() }
        chord = Chord.empty(position: 8)
        #expect(throws: InstrumentError.self) { try chord.validate() }
        chord = Chord.empty(position: 0)
        chord.rhythm = Rhythm(step: 1, pattern: [], gate: 1)
        #expect(throws: InstrumentError.self) { try chord.validate() }
    }

    @Test func storingAChordReplacesOnlyThatPosition() throws {
        var chordset = try Chordset.empty(title: "Mine", index: 0)
        var chord = Chord.empty(position: 5)
        chord.title = "Stored"
        try chordset.store(chord)
        #expect(chordset[5].title == "Stored")
        #expect(chordset[4].title == "Chord 5")
    }

    @Test func chordsetsRoundTripThroughJSONAndBadFilesAreRefused() throws {
        for chordset in FactoryChordsets.all { #expect(try roundTrip(chordset) == chordset) }
        var text = try json(FactoryChordsets.lumia)
        text = text.replacingOccurrences(of: #""position":7"#, with: #""position":3"#)
        #expect(throws: (any Error).self) { try decode(Chordset.self, from: text) }
    }

    @Test func theFactoryChordsetsAreCompleteAndDistinct() throws {
        let all = FactoryChordsets.all
        #expect(all.count >= 4)
        #expect(Set(all.map(\.title)).count == all.count)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(all.map(\.index) == Array(0..<all.count))
        for chordset in all {
            try chordset.validate()
            for chord in chordset.chords {
                #expect(!chord.lumis.isEmpty, "\(chordset.title) / \(chord.title) has lumis")
                #expect(!chord.title.isEmpty)
            }
            // Eight distinct voices: no two chords the same.
            #expect(Set(chordset.chords.map(\.lumis)).count == 8)
        }
        // Together they play every kind of form and motion and at least one rhythm.
        let lumis = all.flatMap(\.chords).flatMap(\.lumis)
        #expect(Set(lumis.map(\.form.kind)) == Set(Form.kinds))
        #expect(Set(lumis.map(\.motion.kind)).isSuperset(of: ["still", "drift", "orbit", "lissajous", "wander"]))
        #expect(all.flatMap(\.chords).contains { $0.rhythm != nil })
        // And the spectrum: their backgrounds cover most named hues.
        let hues = Set(all.flatMap(\.chords).map { Spectrum.namedHue(at: $0.background.hue.center) })
        #expect(hues.count >= 9)
    }
}

@Suite("Revising the chordset playing")
struct ReviseChordsetTests {
    @Test func theChordsetPlayingIsRevisedAndTheControlsStay() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia)
        try state.apply(PerformanceEvent(time: 0, intent: .recallChord(5)))
        let colors = state.colors
        var revised = FactoryChordsets.lumia
        revised.title = "Lumia, revised"
        try revised.moveChord(from: 0, to: 7)
        #expect(try state.apply(PerformanceEvent(time: 1, intent: .reviseChordset(revised))) == [.chordset])
        #expect(state.chordset == revised && state.selectedChord == 5 && state.colors == colors)
    }

    @Test func anotherChordsetIsRefusedAndNothingChanges() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia)
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 1, intent: .reviseChordset(FactoryChordsets.prism))) }
        #expect(state.chordset == FactoryChordsets.lumia && state.eventCount == 0)
    }
}

@Suite("The prism as a form")
struct PrismFormTests {
    @Test func itsFourFractionsTravelInFilesAndAreChecked() throws {
        var parameters = PrismParameters.cover
        parameters.rainbowSize = 0.3
        let form = Form.prism(parameters)
        let encoded = try JSONEncoder().encode(form)
        #expect(try JSONDecoder().decode(Form.self, from: encoded) == form)
        #expect(try JSONDecoder().decode(Form.self, from: Data(#"{"kind":"prism"}"#.utf8)) == .prism(.cover))
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Form.self, from: Data(#"{"kind":"prism","prismFraction":1.5}"#.utf8)) }
        #expect(form.isStrokeOnly)
        // The outline holds the prism, the beam, the dispersion and the six slices, within the unit square.
        let bounds = try #require(form.unitPath.bounds)
        #expect(bounds.minX >= -0.5 && bounds.maxX <= 0.5 && bounds.minY >= -0.5 && bounds.maxY <= 0.5)
        #expect(form.unitPath.flattened(tolerance: 0.001).count >= 9)
    }
}

@Suite("The controls kept between runs, and the lumis a chord holds")
struct ControlsTests {
    @Test func aPerformanceStartsWithTheControlsAsTheyWereLeft() throws {
        var played = PerformanceState(chordset: FactoryChordsets.lumia)
        try played.apply(PerformanceEvent(time: 0, intent: .recallChord(4)))
        try played.apply(PerformanceEvent(time: 1, intent: .ribbonCenter(.hue, 0.31)))
        try played.apply(PerformanceEvent(time: 2, intent: .tempo(beatsPerMinute: 93)))
        try played.apply(PerformanceEvent(time: 3, intent: .lumiCount(5)))
        try played.apply(PerformanceEvent(time: 4, intent: .polyphony(40)))
        let kept = try JSONDecoder().decode(PerformanceState.Controls.self, from: try JSONEncoder().encode(played.controls))
        let resumed = try PerformanceState(chordset: FactoryChordsets.lumia, controls: kept)
        #expect(resumed.controls == played.controls && resumed.polyphony == 40)
        // Controls kept before polyphony existed start at the default.
        var older = kept
        older.polyphony = nil
        #expect(try PerformanceState(chordset: FactoryChordsets.lumia, controls: older).polyphony == PerformanceState.defaultPolyphony)
        #expect(resumed.colors.hue.center == 0.31 && resumed.tempo.beatsPerMinute == 93 && resumed.selectedChord == 4)
        var broken = kept
        broken.tempo = 9999
        #expect(throws: InstrumentError.self) { try PerformanceState(chordset: FactoryChordsets.lumia, controls: broken) }
    }

    @Test func aChordStoredHoldsAsManyLumisAsTheCountSays() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia)
        let own = state.chordset[2].lumis.count
        try state.apply(PerformanceEvent(time: 0, intent: .storeChord(2)))
        #expect(state.chordset[2].lumis.count == own)  // no count said: the chord keeps its own
        try state.apply(PerformanceEvent(time: 1, intent: .lumiCount(6)))
        try state.apply(PerformanceEvent(time: 2, intent: .storeChord(2)))
        #expect(state.chordset[2].lumis.count == 6)
        #expect(Set(state.chordset[2].lumis.map(\.anchor)).count == 6)
        try state.apply(PerformanceEvent(time: 3, intent: .lumiCount(1)))
        try state.apply(PerformanceEvent(time: 4, intent: .storeChord(2)))
        #expect(state.chordset[2].lumis.count == 1)
        try state.apply(PerformanceEvent(time: 5, intent: .recallChord(3)))
        #expect(state.lumiCount == nil)
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 6, intent: .lumiCount(0))) }
        #expect(throws: InstrumentError.self) { try state.apply(PerformanceEvent(time: 6, intent: .lumiCount(65))) }
    }
}
