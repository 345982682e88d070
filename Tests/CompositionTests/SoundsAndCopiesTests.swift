import Audio
import Composition
import Foundation
import Testing

/// The composer's own sounds in the model — brought in as a voice, in place of a voice's sound, previewed
/// alone, deleted when no voice plays them — and scores pasted as copies.
@Suite("Sounds and copied scores")
struct SoundsAndCopiesTests {
    static let format = SoundFormat(sampleRate: 48_000, channelCount: 2, frameCount: 96_000)

    @Test func aSoundBroughtInIsAVoiceNamedAfterItsFile() throws {
        var library = MusicLibrary()
        let (sound, voice) = try library.bringIn(soundFrom: "Kick 01.wav", format: Self.format, as: .newVoice(parent: nil))
        #expect(library.sounds[sound]?.name == "Kick 01.wav")
        #expect(library.sounds[sound]?.duration == 2)
        #expect(library.voices[voice]?.name == "Kick 01")
        #expect(library.voices[voice]?.sound == .audio(sound))
        #expect(library.rootVoices == [voice])
    }

    @Test func aSoundDroppedOnAVoiceGoesUnderIt() throws {
        var library = MusicLibrary()
        let band = try library.addVoice(named: "Band")
        let (_, voice) = try library.bringIn(soundFrom: "hat.flac", format: Self.format, as: .newVoice(parent: band))
        #expect(library.parents(of: voice) == [band])
        #expect(library.rootVoices == [band])
    }

    @Test func aSoundThatCannotGoWhereAskedChangesNothing() throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: 4)
        let playing = try library.addVoice(named: "Playing")
        try library.setEvents([try ScoreEvent(start: 0, length: 960)], of: Pair(part, playing))
        let before = library
        // Under an atomic voice that plays events of its own: refused, and the sound is not kept either.
        #expect(throws: CompositionError.self) { try library.bringIn(soundFrom: "a.wav", format: Self.format, as: .newVoice(parent: playing)) }
        #expect(throws: CompositionError.self) { try library.bringIn(soundFrom: "a.wav", format: Self.format, as: .newVoice(parent: VoiceID(999))) }
        #expect(throws: CompositionError.self) { try library.bringIn(soundFrom: "a\u{0}.wav", format: Self.format, as: .newVoice(parent: nil)) }
        #expect(library == before)
    }

    @Test func replacingASoundKeepsTheVoicesScores() throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: 4)
        let (old, voice) = try library.bringIn(soundFrom: "old.wav", format: Self.format, as: .newVoice(parent: nil))
        try library.setEvents([try ScoreEvent(start: 0, length: 960)], of: Pair(part, voice))
        let score = library.score(of: Pair(part, voice))
        let (new, same) = try library.bringIn(soundFrom: "new.wav", format: Self.format, as: .replacing(voice))
        #expect(same == voice)
        #expect(library.voices[voice]?.sound == .audio(new))
        #expect(library.voices[voice]?.name == "old")
        #expect(library.score(of: Pair(part, voice)) == score)
        #expect(library.sounds[old] != nil)  // kept, for the Sounds list to delete
        #expect(library.voices(playing: old).isEmpty)
    }

    @Test func aSoundIsDeletedOnlyWhenNoVoicePlaysIt() throws {
        var library = MusicLibrary()
        let (sound, voice) = try library.bringIn(soundFrom: "pad.ogg", format: Self.format, as: .newVoice(parent: nil))
        #expect(library.voices(playing: sound) == [voice])
        #expect(throws: CompositionError.self) { try library.apply(.deleteSound(sound)) }
        try library.setSound(of: voice, to: .silent)
        try library.apply(.deleteSound(sound))
        #expect(library.sounds[sound] == nil)
        #expect(throws: CompositionError.self) { try library.apply(.deleteSound(sound)) }
    }

    @Test func aPreviewPlaysTheSoundAloneFromStartToEnd() throws {
        var library = MusicLibrary()
        let (sound, _) = try library.bringIn(soundFrom: "bell.wav", format: SoundFormat(sampleRate: 44_100, channelCount: 1, frameCount: 110_250), as: .newVoice(parent: nil))
        let before = library
        let (preview, pair) = try library.preview(of: sound)
        #expect(library == before)  // nothing kept
        let arrangement = try Arrangement(of: pair, in: preview, sampleRate: 48_000)
        #expect(arrangement.sounds.count == 1)
        #expect(arrangement.sounds.first?.sound == sound)
        #expect(arrangement.sounds.first?.startFrame == 0)
        // 2.5 s at 120 bpm is 5 beats: the part holds the whole sound.
        #expect(arrangement.frameCount == 120_000)
        #expect(throws: CompositionError.self) { try library.preview(of: SoundID(12345)) }
    }

    @Test(arguments: [
        ("Kick 01.wav", "Kick 01"), ("a/b/c.flac", "c"), ("C:\\music\\x.mp3", "x"), ("noextension", "noextension"),
        (".hidden", ".hidden"), ("two.dots.ogg", "two.dots"), ("  .wav", "  .wav"),
    ])
    func aVoiceIsNamedAfterItsFile(file: String, name: String) {
        #expect(MusicLibrary.voiceName(forFile: file) == name)
    }

    @Test func aScorePastedAsACopyIsItsOwn() throws {
        var library = MusicLibrary()
        let verse = try library.addPart(named: "Verse", beats: 4), chorus = try library.addPart(named: "Chorus", beats: 8)
        let bass = try library.addVoice(named: "Bass")
        let from = Pair(verse, bass), to = Pair(chorus, bass)
        try library.setEvents([try ScoreEvent(start: 0, length: 960)], of: from)
        try library.apply(.copyScore(from: from, to: to))
        #expect(library.score(of: to)?.events == library.score(of: from)?.events)
        #expect(library.score(of: to)?.id != library.score(of: from)?.id)
        try library.apply(.editingRange(to, start: 1920, end: 2880, gain: 1))
        #expect(library.score(of: to)?.events.count == 2)
        #expect(library.score(of: from)?.events.count == 1)  // the copy's edit is its own
    }

    @Test func aCopyThatCannotBeMadeChangesNothing() throws {
        var library = MusicLibrary()
        let long = try library.addPart(named: "Long", beats: 8), short = try library.addPart(named: "Short", beats: 1)
        let voice = try library.addVoice(named: "Bass"), empty = try library.addVoice(named: "Empty")
        try library.setEvents([try ScoreEvent(start: 3840, length: 960)], of: Pair(long, voice))
        let before = library
        #expect(throws: CompositionError.self) { try library.apply(.copyScore(from: Pair(long, voice), to: Pair(short, voice))) }  // does not fit
        #expect(throws: CompositionError.self) { try library.apply(.copyScore(from: Pair(long, empty), to: Pair(short, voice))) }  // nothing to copy
        #expect(throws: CompositionError.self) { try library.apply(.copyScore(from: Pair(long, voice), to: Pair(long, voice))) }  // itself
        #expect(throws: CompositionError.self) { try library.apply(.copyScore(from: Pair(long, voice), to: Pair(PartID(999), voice))) }
        #expect(library == before)
    }

    private func decode(_ type: MusicEdit.Type, from json: String) throws -> MusicEdit {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func theNewEditsReadFromJSON() throws {
        let copy = try decode(MusicEdit.self, from: #"{"type": "copyScore", "from": {"part": 1, "voice": 2}, "to": {"part": 3, "voice": 4}}"#)
        #expect(copy == .copyScore(from: Pair(PartID(1), VoiceID(2)), to: Pair(PartID(3), VoiceID(4))))
        #expect(try decode(MusicEdit.self, from: #"{"type": "deleteSound", "sound": 7}"#) == .deleteSound(SoundID(7)))
        #expect(throws: (any Error).self) { try decode(MusicEdit.self, from: #"{"type": "deleteSound"}"#) }
    }

    @Test func aSoundsPeaksAreItsLoudestSamples() throws {
        let buffer = try #require(AudioBuffer(sampleRate: 8, channelCount: 2, samples: [0, 0.5, -0.25, 0, 0, 0, 0, -2]))
        #expect(buffer.peaks(count: 2) == [0.5, 1])  // past full scale: 1
        #expect(buffer.peaks(count: 8).count == 8)  // more buckets than frames: each frame's own, repeated
        #expect(buffer.peaks(count: 0).isEmpty)
        let silent = try #require(AudioBuffer(sampleRate: 8, mono: []))
        #expect(silent.peaks(count: 4) == [0, 0, 0, 0])
    }
}
