import Audio
import AudioFiles
import Composition
import Foundation
import Library
import Testing
import TestSupport

/// Audio files brought into the SQLite library as sounds: checked whole before anything is kept, kept decoded
/// so that they play at once, and sounds taken out set aside so that undo can bring them back until the
/// library is opened again.
@Suite("Sounds brought in")
struct SoundsBroughtInTests {
    static func tone(seconds: Double = 0.5, rate: Int = 44_100, channels: Int = 1) throws -> [UInt8] {
        let frames = Int(seconds * Double(rate))
        let samples = (0..<(frames * channels)).map { Float(sin(Double($0 / channels) * 2 * .pi * 440 / Double(rate)) * 0.5) }
        return try AudioFile.encode(try #require(AudioBuffer(sampleRate: rate, channelCount: channels, samples: samples)), as: .wav)
    }

    @Test func aFileBecomesASoundAndAVoiceAndPlaysAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let decodedBefore = library.decodedSoundCount
        let file = try Self.tone()
        let (sound, voice) = try library.bringInSound(file: file, named: "tone.wav", keptAt: 48_000) { music, format in
            try music.bringIn(soundFrom: "tone.wav", format: format, as: .newVoice(parent: nil))
        }
        let music = try library.musicLibrary()
        #expect(music.sounds[sound]?.sampleRate == 44_100)
        #expect(music.voices[voice]?.name == "tone")
        #expect(try library.soundFile(sound) == file)  // the file as it came
        #expect(library.decodedSoundCount == decodedBefore + 1)  // kept at the transport's rate
        let outline = try library.soundOutline(sound)
        #expect(outline.seconds == 0.5)
        #expect(outline.peaks.count == ChordsetLibrary.outlineLength)
        #expect(outline.peaks.allSatisfy { $0 > 0.4 && $0 <= 0.5 })
    }

    @Test(arguments: ["not audio", "too many channels", "too long", "cut short", "empty"])
    func aFileRefusedChangesNothing(problem: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let before = try library.musicLibrary()
        let file: [UInt8] = switch problem {
        case "not audio": Array("‰PNG not really".utf8)
        case "too many channels": try Self.tone(seconds: 0.01, channels: 9)
        case "too long": try Self.longSilence()
        case "cut short": Array(try Self.tone().prefix(1000))
        default: []
        }
        #expect(throws: LibraryError.self) {
            try library.bringInSound(file: file, named: "x.wav") { music, format in
                try music.bringIn(soundFrom: "x.wav", format: format, as: .newVoice(parent: nil))
            }
        }
        #expect(try library.musicLibrary() == before)
    }

    @Test func aFileNamedAsSomethingElseIsRefusedWhateverItHolds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let before = try library.musicLibrary()
        let tone = try Self.tone()
        func bringIn(_ name: String) throws {
            _ = try library.bringInSound(file: tone, named: name) { music, format in
                try music.bringIn(soundFrom: name, format: format, as: .newVoice(parent: nil))
            }
        }
        for name in ["tone.png", "tone.WAV.exe", "a/b/tone.txt"] {
            #expect(throws: LibraryError.self, "\(name)") { try bringIn(name) }
        }
        #expect(try library.musicLibrary() == before)
        for name in ["tone", "Tone.WAV", "Track 1. Intro", "take.2.mp3", ".wav"] { try bringIn(name) }
        #expect(try library.musicLibrary().sounds.count == before.sounds.count + 5)
    }

    /// A FLAC of 31 minutes of silence at 8 kHz: a few kilobytes that would decode to far more.
    static func longSilence() throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("silence-\(UUID().uuidString).flac")
        defer { try? FileManager.default.removeItem(at: url) }
        let sox = Process()
        sox.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        sox.arguments = ["-n", "-r", "8000", "-c", "1", url.path, "trim", "0", "1860"]
        try sox.run()
        sox.waitUntilExit()
        return [UInt8](try Data(contentsOf: url))
    }

    @Test func aSoundTakenOutComesBackWithUndoUntilTheLibraryIsOpenedAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let file = try Self.tone()
        let before = try library.musicLibrary()
        let (sound, _) = try library.bringInSound(file: file, named: "tone.wav") { music, format in
            try music.bringIn(soundFrom: "tone.wav", format: format, as: .newVoice(parent: nil))
        }
        let with = try library.musicLibrary()
        // Undo: the library as it was before. Redo: as it was with the sound, which comes back with its file.
        try library.changeMusic { music, _ in music = before }
        #expect(try library.musicLibrary().sounds[sound] == nil)
        try library.changeMusic { music, _ in music = with }
        #expect(try library.soundFile(sound) == file)
        #expect(try library.musicLibrary() == with)
        // Taken out again, and the library opened anew (a copy of it, opened as a new process would): what
        // was set aside is gone for good.
        try library.changeMusic { music, _ in music = before }
        let reopened = try ChordsetLibrary.open(at: try library.backup(to: folder.file("copy.sqlite")))
        #expect(throws: LibraryError.self) { try reopened.changeMusic { music, _ in music = with } }
        #expect(throws: LibraryError.self) { try reopened.soundFile(sound) }
        #expect(try reopened.musicLibrary() == before)
        // A new sound may take the id again.
        let (again, _) = try reopened.bringInSound(file: try Self.tone(seconds: 0.25), named: "other.wav") { music, format in
            try music.bringIn(soundFrom: "other.wav", format: format, as: .newVoice(parent: nil))
        }
        #expect(again == sound)
        #expect(try reopened.musicLibrary().sounds[again]?.frameCount == 11_025)
    }
}
