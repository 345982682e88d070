import Foundation
import Composition
import Engine
import Instrument
import Testing

@Suite("A composition's light as intents")
struct LightScoreTests {
    /// A part of at least 8 beats at 90 bpm with `voices` visual voices, each one event a beat long, a beat
    /// after the one before, voice i lighting chord i mod 8 of `chordset`.
    static func arrangement(voices: Int, chordset: String = FactoryChordsets.lumia.id.uuidString) throws -> Arrangement {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: Double(max(8, voices + 1)), tempo: 90)
        let group = try library.addVoice(named: "Lights")
        for index in 0..<voices {
            let voice = try library.addVoice(named: "Light \(index)", sound: .light(try ChordReference(chordset: chordset, chord: index % 8)))
            try library.add(voice: voice, to: group)
            try library.setEvents([try ScoreEvent(start: index * 960, length: 960, gain: 0.5)], of: Pair(part, voice))
        }
        return try Arrangement(of: Pair(part, group), in: library, sampleRate: 1000)
    }

    static func lumia(_ reference: ChordReference) -> Chord? {
        reference.chordset == FactoryChordsets.lumia.id.uuidString ? FactoryChordsets.lumia[reference.chord] : nil
    }

    @Test func eachEventLightsItsChordAndLetsItGoAtItsEndAtThePartsTempo() throws {
        let light = try LightScore(try Self.arrangement(voices: 2), chord: Self.lumia)
        let beat = (60.0 / 90 * 1000).rounded() / 1000
        #expect(light.events == [
            PerformanceEvent(time: 0, intent: .tempo(beatsPerMinute: 90)),
            PerformanceEvent(time: 0, intent: .lightDown(voice: 0, chord: FactoryChordsets.lumia[0], velocity: 0.5)),
            PerformanceEvent(time: beat, intent: .lightUp(voice: 0)),
            PerformanceEvent(time: beat, intent: .lightDown(voice: 1, chord: FactoryChordsets.lumia[1], velocity: 0.5)),
            PerformanceEvent(time: (2 * 60.0 / 90 * 1000).rounded() / 1000, intent: .lightUp(voice: 1)),
        ])
        #expect(light.missing.isEmpty)
        // Played, the lumis are on the canvas while the event lasts, the pads untouched.
        var player = PerformancePlayer(log: try light.performanceLog())
        #expect(!player.scene(at: 0.3).instances.isEmpty)
    }

    @Test func aChordTheLibraryLacksIsLeftOutAndSaid() throws {
        let light = try LightScore(try Self.arrangement(voices: 1, chordset: "gone"), chord: Self.lumia)
        #expect(light.missing == [try ChordReference(chordset: "gone", chord: 0)])
        #expect(light.events.allSatisfy { if case .tempo = $0.intent { true } else { false } })
    }

    @Test func atMostSixtyFourVisualVoices() throws {
        _ = try LightScore(try Self.arrangement(voices: 64), chord: Self.lumia)
        #expect(throws: InstrumentError.self) { try LightScore(try Self.arrangement(voices: 65), chord: Self.lumia) }
    }

    @Test func theLightIntentsAreCheckedAndTravelAsJSON() throws {
        let intent = Intent.lightDown(voice: 3, chord: FactoryChordsets.prism[6], velocity: 0.25)
        #expect(try JSONDecoder().decode(Intent.self, from: try JSONEncoder().encode(intent)) == intent)
        #expect(throws: InstrumentError.self) { try Intent.lightUp(voice: 64).validate() }
        #expect(throws: InstrumentError.self) { try Intent.lightDown(voice: 0, chord: FactoryChordsets.prism[6], velocity: 2).validate() }
    }
}
