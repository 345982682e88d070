import Composition
import Engine
import Instrument
import Testing

@Suite("A composition's light as intents")
struct LightScoreTests {
    /// A part of 8 beats at 90 bpm with a light on `chords` chords, one event each, a beat apart, a beat long.
    static func arrangement(chords: Int, chordset: String = FactoryChordsets.lumia.id.uuidString) throws -> Arrangement {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: Double(max(8, chords + 1)), tempo: 90)
        let group = try library.addVoice(named: "Lights")
        for index in 0..<chords {
            let voice = try library.addVoice(named: "Light \(index)", sound: .light(try ChordReference(chordset: chordset, chord: index % 8)))
            try library.add(voice: voice, to: group)
            try library.setEvents([try ScoreEvent(start: index * 960, length: 960, gain: 0.5)], of: Pair(part, voice))
        }
        return try Arrangement(of: Pair(part, group), in: library, sampleRate: 1000)
    }

    static func lumia(_ reference: ChordReference) -> Chord? {
        reference.chordset == FactoryChordsets.lumia.id.uuidString ? FactoryChordsets.lumia[reference.chord] : nil
    }

    @Test func eachEventPressesItsChordsPadAndLetsItGoAtItsEndAtThePartsTempo() throws {
        let light = try LightScore(try Self.arrangement(chords: 2), title: "Two", chord: Self.lumia)
        #expect(light.chordset.chords[0].lumis == FactoryChordsets.lumia[0].lumis)
        #expect(light.chordset.chords[1].lumis == FactoryChordsets.lumia[1].lumis)
        let beat = 60.0 / 90
        #expect(light.events == [
            PerformanceEvent(time: 0, intent: .tempo(beatsPerMinute: 90)),
            PerformanceEvent(time: 0, intent: .padDown(pad: 0, velocity: 0.5)),
            PerformanceEvent(time: (beat * 1000).rounded() / 1000, intent: .padUp(pad: 0)),
            PerformanceEvent(time: (beat * 1000).rounded() / 1000, intent: .padDown(pad: 1, velocity: 0.5)),
            PerformanceEvent(time: (2 * beat * 1000).rounded() / 1000, intent: .padUp(pad: 1)),
        ])
        #expect(light.missing.isEmpty)
        _ = try light.performanceLog()
    }

    @Test func aChordTheLibraryLacksIsLeftOutAndSaid() throws {
        let light = try LightScore(try Self.arrangement(chords: 1, chordset: "gone"), title: "Gone", chord: Self.lumia)
        #expect(light.missing == [try ChordReference(chordset: "gone", chord: 0)])
        #expect(light.events.allSatisfy { if case .tempo = $0.intent { true } else { false } })
    }

    @Test func moreThanEightChordsAreRefused() throws {
        // Nine voices, two on the first chord: eight chords, one pad each.
        _ = try LightScore(try Self.arrangement(chords: 9), title: "Eight", chord: Self.lumia)
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: 16)
        let group = try library.addVoice(named: "Lights")
        for index in 0..<9 {
            let chordset = index < 8 ? FactoryChordsets.lumia.id.uuidString : FactoryChordsets.prism.id.uuidString
            let voice = try library.addVoice(named: "L\(index)", sound: .light(try ChordReference(chordset: chordset, chord: index % 8)))
            try library.add(voice: voice, to: group)
            try library.setEvents([try ScoreEvent(start: index * 960, length: 960)], of: Pair(part, voice))
        }
        let arrangement = try Arrangement(of: Pair(part, group), in: library, sampleRate: 1000)
        #expect(throws: InstrumentError.self) {
            try LightScore(arrangement, title: "Nine") { reference in FactoryChordsets.all.first { $0.id.uuidString == reference.chordset }?[reference.chord] }
        }
    }
}
