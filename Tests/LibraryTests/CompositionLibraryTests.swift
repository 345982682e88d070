import Audio
import AudioFiles
import Composition
import Foundation
import Instrument
import Library
import Testing
import TestSupport

/// The music library in the SQLite file: the factory composition, changes kept whole or not at all, and
/// compositions shared as files with their audio.
@Suite("Compositions in the library")
struct CompositionLibraryTests {
    static func library(_ folder: TemporaryFolder, _ name: String = "library.sqlite") throws -> ChordsetLibrary {
        try ChordsetLibrary.open(at: folder.file(name))
    }

    @Test func aNewLibraryHasTheDemoWithSharedChildrenSoundsAndLights() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try Self.library(folder)
        let music = try library.musicLibrary()
        let demo = try #require(music.composition(named: "demo"))
        #expect(music.rootParts.map { music.parts[$0]!.name }.sorted() == ["Loop", "Song"])
        #expect(music.rootVoices.map { music.voices[$0]!.name }.sorted() == ["Band", "Pulse"])
        let rhythm = try #require(music.voices.values.first { $0.name == "Rhythm" })
        #expect(music.parents(of: rhythm.id).count == 2)
        let verse = try #require(music.parts.values.first { $0.name == "Verse" })
        #expect(music.parents(of: verse.id).count == 2)
        let arrangement = try Arrangement(of: demo.pair, in: music, sampleRate: 44_100)
        #expect(arrangement.sounds.count > 50)
        #expect(arrangement.lights.contains { $0.chord.chordset == FactoryChordsets.prism.id.uuidString && $0.chord.chord == 6 })
        #expect(arrangement.lights.contains { $0.chord.chordset == FactoryChordsets.lumia.id.uuidString })
        // Its sounds are in the library, and play.
        var performance = try Performance(arrangement, sounds: try library.samples(for: arrangement))
        let mix = performance.rendered(frameCount: arrangement.frameCount)
        #expect(mix.contains { abs($0) > 0.1 })
        #expect(mix.allSatisfy { $0.isFinite })
    }

    @Test func aChangeIsKeptAndARefusedOneChangesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try Self.library(folder)
        let before = try library.musicLibrary()
        let sound = try AudioFile.encode(AudioBuffer(sampleRate: 8000, mono: [0.5, 0.25, 0])!, as: .wav)
        let pair = try library.changeMusic { music, files in
            let id = try music.addSound(named: "Click", sampleRate: 8000, channelCount: 1, frameCount: 3)
            files[id] = sound
            let pair = Pair(try music.addPart(named: "Bar", beats: 4), try music.addVoice(named: "Click", sound: .audio(id)))
            try music.setEvents([try ScoreEvent(start: 0, length: 960)], of: pair)
            try music.addComposition(named: "Clicks", pair: pair)
            return pair
        }
        let after = try library.musicLibrary()
        #expect(after.composition(named: "Clicks")?.pair == pair)
        #expect(after.score(of: pair)?.events.count == 1)
        if case .audio(let id) = after.voices[pair.voice]?.sound { #expect(try library.soundFile(id) == sound) } else { Issue.record("no sound") }
        // A change that throws half way, and one that leaves a sound without its file: nothing written.
        #expect(throws: LibraryError.self) {
            try library.changeMusic { music, _ in
                try music.rename(part: pair.part, to: "Renamed")
                try music.setEvents([try ScoreEvent(start: 0, length: 99_999)], of: pair)
            }
        }
        #expect(throws: LibraryError.self) {
            try library.changeMusic { music, _ in _ = try music.addSound(named: "No file", sampleRate: 8000, channelCount: 1, frameCount: 3) }
        }
        #expect(try library.musicLibrary() == after)
        #expect(after != before)
    }

    @Test func aCompositionTravelsWithItsAudioToAnotherLibrary() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try Self.library(folder, "a.sqlite"), target = try Self.library(folder, "b.sqlite")
        let demo = try source.composition(named: "Demo")
        let file = try source.exportComposition(demo.id)
        // The target has its own Demo: the same name is refused, another is taken.
        #expect(throws: LibraryError.self) { try target.importComposition(file) }
        let copy = try target.importComposition(file, as: "Demo from a friend")
        let music = try target.musicLibrary(), original = try source.musicLibrary()
        #expect(music.compositions.count == 2)
        let ours = try Arrangement(of: demo.pair, in: original, sampleRate: 22_050)
        let theirs = try Arrangement(of: copy.pair, in: music, sampleRate: 22_050)
        #expect(theirs.frameCount == ours.frameCount && theirs.sounds.count == ours.sounds.count && theirs.lights.count == ours.lights.count)
        var a = try Performance(ours, sounds: try source.samples(for: ours))
        var b = try Performance(theirs, sounds: try target.samples(for: theirs))
        #expect(a.rendered(frameCount: ours.frameCount) == b.rendered(frameCount: theirs.frameCount))
        // Its parts are its own — Song and what lies below it, not the Loop beside it — beside the target's.
        #expect(music.parts.count == original.parts.count + 4)
    }
}

/// Sounds decoded for playing are kept: a reload of what plays decodes nothing again.
@Suite("Sounds kept decoded")
struct DecodedSoundTests {
    @Test func aSecondLoadOfTheSameSoundsDecodesNothingAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let music = try library.musicLibrary()
        let demo = try #require(music.composition(named: "Demo"))
        let arrangement = try Arrangement(of: demo.pair, in: music, sampleRate: 44_100)
        let first = try library.samples(for: arrangement)
        let kept = library.decodedSoundCount
        #expect(kept == first.count && kept > 0)
        let second = try library.samples(for: arrangement)
        #expect(library.decodedSoundCount == kept)
        // The very same samples, not decoded again: one storage for both.
        for (id, buffer) in first {
            let again = try #require(second[id])
            #expect(buffer.samples.withUnsafeBufferPointer { $0.baseAddress } == again.samples.withUnsafeBufferPointer { $0.baseAddress })
        }
        // A sound whose file is replaced is forgotten.
        let sound = try #require(first.keys.first)
        let file = try library.soundFile(sound)
        try library.changeMusic { _, files in files[sound] = file }
        #expect(library.decodedSoundCount == kept - 1)
    }
}
