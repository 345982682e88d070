import Composition
import Foundation
import TestSupport
import Testing

/// Light and tempo from sound in the model, on sounds made up cue by cue (the engine's hearing is tested on
/// real mixes in the command line's tests).
@Suite("Light and tempo from sound")
struct LightFromSoundTests {
    /// A song of 16 s in a part of 32 beats at 120 BPM, a light voice on chord 1, an unlit voice.
    struct Song {
        var library = MusicLibrary()
        let part: PartID
        let song: VoiceID
        let light: VoiceID
        let unlit: VoiceID

        init() throws {
            part = try library.addPart(named: "Song", beats: 32, tempo: 120)
            (_, song) = try library.bringIn(
                soundFrom: "song.wav", format: SoundFormat(sampleRate: 48_000, channelCount: 2, frameCount: 16 * 48_000), as: .newVoice(parent: nil))
            try library.setEvents([try ScoreEvent(start: 0, length: 32 * 960)], of: Pair(part, song))
            light = try library.addVoice(named: "Flash", sound: .light(try ChordReference(chordset: "set", chord: 0)))
            unlit = try library.addVoice(named: "Quiet")
        }
    }

    /// A hearing that hears `sound` whatever the pair, and counts what it is asked.
    final class MadeUp: @unchecked Sendable {
        let sound: HeardSound
        var asked: [Pair] = []
        init(_ sound: HeardSound) { self.sound = sound }
        var hearing: SoundHearing { { pair, _ in self.asked.append(pair); return self.sound } }
    }

    static func cues(_ pairs: [(Double, Double)]) -> [SoundCue] { pairs.map { SoundCue(seconds: $0.0, strength: $0.1) } }

    @Test func eachEventStartsOnItsCueToTheTickAndLastsToTheNextOrABeat() throws {
        var song = try Song()
        // At 120 BPM a second is 1,920 ticks.
        let heard = HeardSound(seconds: 16, tempo: 120, cues: [.onsets: Self.cues([(0.5, 2), (0.75, 1), (3, 0.6), (3.0001, 2), (15.99, 1), (16.5, 2)])])
        try song.library.apply(
            .lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [SoundLight(voice: song.light, follow: .onsets, sensitivity: 1)])),
            hearing: MadeUp(heard).hearing)
        let events = try #require(song.library.score(of: Pair(song.part, song.light))).events
        // 0.5 s → 960; 0.75 s → 1,440 (to the next, 480 ticks on); 3 s → 5,760 a beat long (two cues on one
        // tick are one: the first); 15.99 s → 30,701, cut at the part's end; 16.5 s is past it.
        #expect(events.map(\.start) == [960, 1440, 5760, 30701])
        #expect(events.map(\.length) == [480, 960, 960, 32 * 960 - 30701])
        #expect(events.map(\.gain) == [1, 0.5, 0.3, 0.5])
    }

    @Test(arguments: [(1.0, 5), (0.9, 4), (0.5, 3), (0.2, 1), (0.0, 1)])
    func sensitivityThinsTheWeakerCues(sensitivity: Double, kept: Int) throws {
        var song = try Song()
        // Strengths 1, 0.5, 0.25, 0.1, 0 (the strongest scales them): kept from (1 − s)² up — at 1 every cue.
        let heard = HeardSound(seconds: 16, tempo: 120, cues: [.low: Self.cues([(1, 4), (2, 2), (3, 1), (4, 0.4), (5, 0)])])
        try song.library.apply(
            .lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [SoundLight(voice: song.light, follow: .low)], sensitivity: sensitivity)),
            hearing: MadeUp(heard).hearing)
        #expect(song.library.score(of: Pair(song.part, song.light))?.events.count == kept)
    }

    /// The beat grid is the music's pulse: at sensitivity 1 a beat where nothing was heard is lit too — as every
    /// kept cue, at least at the faintest gain — and at 0.5 it is not.
    @Test func atSensitivityOneEveryBeatIsLitAndTheUnheardAtTheFaintestGain() throws {
        let heard = HeardSound(seconds: 16, tempo: 120, cues: [.beats: Self.cues([(0, 1), (0.5, 0), (1, 0.1), (1.5, 0.6)])])
        for (sensitivity, expected) in [(1.0, [(0, 1.0), (960, 0.25), (1920, 0.25), (2880, 0.6)]), (0.5, [(0, 1.0), (2880, 0.6)])] {
            var song = try Song()
            try song.library.apply(
                .lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [SoundLight(voice: song.light, follow: .beats)], sensitivity: sensitivity)),
                hearing: MadeUp(heard).hearing)
            let events = try #require(song.library.score(of: Pair(song.part, song.light))).events
            #expect(events.map(\.start) == expected.map(\.0), "sensitivity \(sensitivity)")
            #expect(events.map(\.gain) == expected.map(\.1), "sensitivity \(sensitivity)")
        }
        #expect(LightFromSound.faintestGain == 0.25)
    }

    @Test func newLightsAreFourLightVoicesOnChordsOneToFourBesideTheSound() throws {
        var song = try Song()
        let heard = HeardSound(seconds: 16, tempo: 120, cues: [
            .beats: Self.cues([(0, 1), (0.5, 1)]), .onsets: Self.cues([(0.1, 1)]), .low: Self.cues([(1, 1)]), .high: [],
        ])
        let result = try song.library.apply(
            .lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [], newLights: NewLights(chordset: "set"))),
            hearing: MadeUp(heard).hearing)
        let ids = try #require(result.ids).map(VoiceID.init)
        let together = VoiceID(try #require(result.id))
        #expect(song.library.voices[together]?.name == "song with lights")
        #expect(song.library.voices[together]?.children.map(\.node) == [song.song, ids[0]])
        #expect(song.library.voices[ids[0]]?.children.map(\.node) == Array(ids[1...]))
        #expect(ids[1...].map { song.library.voices[$0]!.name } == ["Beats", "Onsets", "Low", "High"])
        for (chord, voice) in ids[1...].enumerated() {
            #expect(song.library.voices[voice]?.sound == .light(try ChordReference(chordset: "set", chord: chord)))
        }
        #expect(ids[1...].map { song.library.score(of: Pair(song.part, $0))?.events.count ?? 0 } == [2, 1, 1, 0])
        // Under a parent given: there, and that parent is the one to select.
        var again = try Song()
        let band = try again.library.addVoice(named: "Band")
        try again.library.add(voice: again.song, to: band)
        let placed = try again.library.apply(
            .lightFromSound(LightFromSound(part: again.part, sound: band, lights: [], newLights: NewLights(chordset: "set", parent: band))),
            hearing: MadeUp(heard).hearing)
        #expect(placed.id == band.rawValue)
        #expect(again.library.voices[band]?.children.count == 2)
    }

    @Test func refusalsSayWhyAndChangeNothing() throws {
        var song = try Song()
        let heard = MadeUp(HeardSound(seconds: 16, tempo: 120, cues: [.beats: Self.cues([(1, 1)])]))
        let composed = try song.library.addPart(named: "Verse", beats: 4)
        let child = try song.library.addPart(named: "Bar", beats: 4)
        try song.library.add(part: child, to: composed)
        let light = [SoundLight(voice: song.light, follow: .beats)]
        let refused: [(MusicEdit, String)] = [
            (.lightFromSound(LightFromSound(part: composed, sound: song.song, lights: light)), "made of parts"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.unlit, lights: light)), "plays no sound"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [SoundLight(voice: song.unlit, follow: .beats)])), "has no light"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: light + light)), "named twice"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [])), "name the light voices"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: light, sensitivity: 1.5)), "sensitivity"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [SoundLight(voice: song.light, follow: .beats, sensitivity: .nan)])), "sensitivity"),
            (.lightFromSound(LightFromSound(part: song.part, sound: VoiceID(999), lights: light)), "voice"),
            (.lightFromSound(LightFromSound(part: song.part, sound: song.song, lights: [], newLights: NewLights(chordset: ""))), "chordset"),
            (.tempoFromSound(composed, sound: song.song, align: true), "made of parts"),
        ]
        let before = song.library
        for (edit, why) in refused {
            #expect {
                try song.library.apply(edit, hearing: heard.hearing)
            } throws: { error in
                (error as? CompositionError)?.description.contains(why) == true
            }
            #expect(song.library == before)
        }
        // Without a hearing an edit that hears is refused; the sound is never heard for a refused pair.
        #expect(throws: CompositionError.self) { try song.library.apply(.tempoFromSound(song.part, sound: song.song, align: false)) }
        #expect(heard.asked.allSatisfy { $0 == Pair(song.part, song.song) })
    }

    @Test func tempoFromSoundKeepsEveryEventsSecondsAndAlignsTheFirstDownbeatOnABarLine() throws {
        var song = try Song()
        // The song's event placed 1,234 ticks in; its first downbeat 0.1 s into the mix's time after that.
        try song.library.setLength(of: song.part, beats: 40)
        try song.library.setEvents([try ScoreEvent(start: 1234, length: 32 * 960)], of: Pair(song.part, song.song))
        try song.library.setEvents([try ScoreEvent(start: 2000, length: 960, gain: 0.5)], of: Pair(song.part, song.light))
        let secondsOf1234 = MusicalTime.seconds(1234, tempo: 120)
        let heard = MadeUp(HeardSound(seconds: 20, tempo: 123.00004, cues: [.bars: Self.cues([(secondsOf1234 + 0.1, 1)])]))
        var unaligned = song.library
        try unaligned.apply(.tempoFromSound(song.part, sound: song.song, align: false), hearing: heard.hearing)
        #expect(try unaligned.part(song.part).tempo == 123)
        let ratio = 123.0 / 120
        #expect(unaligned.score(of: Pair(song.part, song.song))?.events.first?.start == Int((1234 * ratio).rounded()))
        #expect(unaligned.score(of: Pair(song.part, song.light))?.events.first?.start == Int((2000 * ratio).rounded()))
        #expect(try unaligned.duration(of: song.part) >= 40 * 0.5)

        try song.library.apply(.tempoFromSound(song.part, sound: song.song, align: true), hearing: heard.hearing)
        let moved = try #require(song.library.score(of: Pair(song.part, song.song))?.events.first)
        // The downbeat, 0.1 s (205 ticks at 123) after the event's start, now falls on the first bar line it can.
        let downbeat = Double(moved.start) + 0.1 * 123 / 60 * 960
        #expect(abs(downbeat - 3840) < 1, "downbeat at tick \(downbeat)")
        let light = try #require(song.library.score(of: Pair(song.part, song.light))?.events.first)
        #expect(light.start - moved.start == Int((2000 * ratio).rounded()) - Int((1234 * ratio).rounded()))
        #expect(try song.library.part(song.part).length % 960 == 0)
    }

    @Test func tempoFromSoundIsRefusedWithoutABeatOrForAScoreSharedWithAnotherPart() throws {
        var song = try Song()
        let noBeat = MadeUp(HeardSound(seconds: 16, tempo: nil, cues: [:]))
        #expect(throws: CompositionError.self) { try song.library.apply(.tempoFromSound(song.part, sound: song.song, align: false), hearing: noBeat.hearing) }
        let beat = MadeUp(HeardSound(seconds: 16, tempo: 100, cues: [:]))
        #expect(throws: CompositionError.self) { try song.library.apply(.tempoFromSound(song.part, sound: song.song, align: true), hearing: beat.hearing) }
        let other = try song.library.addPart(named: "Other", beats: 32)
        try song.library.share(scoreOf: Pair(song.part, song.song), with: Pair(other, song.song))
        let before = song.library
        #expect(throws: CompositionError.self) { try song.library.apply(.tempoFromSound(song.part, sound: song.song, align: false), hearing: beat.hearing) }
        #expect(song.library == before)
        let tooFast = MadeUp(HeardSound(seconds: 16, tempo: 900, cues: [:]))
        try song.library.makeUnique(Pair(other, song.song))
        #expect(throws: CompositionError.self) { try song.library.apply(.tempoFromSound(song.part, sound: song.song, align: false), hearing: tooFast.hearing) }
    }

    @Test func hostileLightFromSoundBodiesAreRefusedOrAppliedNeverTrapping() throws {
        let song = try Song()
        let heard = MadeUp(HeardSound(seconds: 16, tempo: 120, cues: [.beats: Self.cues((0..<32).map { (Double($0) / 2, 1) })]))
        var random = SeededGenerator(seed: 37)
        let values: [String] = [
            "0", "-1", "1e308", "\"x\"", "null", "[]", "{}", "true", "0.5", "2", "\(song.part.rawValue)", "\(song.song.rawValue)",
            "\(song.light.rawValue)", "\(song.unlit.rawValue)", "\"beats\"", "\"onsets\"", "\"nope\"", "9223372036854775807",
        ]
        func value() -> String { values[Int(random.next() % UInt64(values.count))] }
        for _ in 0..<400 {
            var fields = ["\"type\": \"lightFromSound\""]
            for key in ["part", "sound", "sensitivity"] where random.next() % 4 != 0 { fields.append("\"\(key)\": \(value())") }
            if random.next() % 3 != 0 {
                let lights = (0..<Int(random.next() % 3)).map { _ in "{\"voice\": \(value()), \"follow\": \(value()), \"sensitivity\": \(value())}" }
                fields.append("\"lights\": [\(lights.joined(separator: ","))]")
            }
            if random.next() % 4 == 0 { fields.append("\"newLights\": {\"chordset\": \(value()), \"parent\": \(value())}") }
            let body = "{\(fields.joined(separator: ","))}"
            guard let edit = try? JSONDecoder().decode(MusicEdit.self, from: Data(body.utf8)) else { continue }
            var library = song.library
            do { try library.apply(edit, hearing: heard.hearing) } catch { #expect(library == song.library, "\(body)") }
        }
    }
}

