import Composition
import Foundation
import Testing

@Suite("Edits as an editor sends them")
struct MusicEditTests {
    static func edit(_ json: String) throws -> MusicEdit { try JSONDecoder().decode(MusicEdit.self, from: Data(json.utf8)) }

    @Test func editsReadFromJSONDoWhatTheLibrarysOwnMethodsDo() throws {
        var library = MusicLibrary()
        let part = try #require(try library.apply(try Self.edit(#"{"type": "addPart", "name": "Verse", "beats": 4, "tempo": 90}"#)).id)
        let voice = try #require(try library.apply(try Self.edit(#"{"type": "addVoice", "name": "Drum"}"#)).id)
        let range = #"{"type": "editingRange", "part": \#(part), "voice": \#(voice), "start": 0, "end": 480, "gain": 0.5}"#
        #expect(try library.apply(try Self.edit(range)).created == true)
        #expect(library.score(of: Pair(PartID(part), VoiceID(voice)))?.events == [try ScoreEvent(start: 0, length: 480, gain: 0.5)])
        #expect(try library.apply(try Self.edit(range)).created == false)  // drawn over it: deleted
        #expect(library.score(of: Pair(PartID(part), VoiceID(voice)))?.events == [])
        // Let go outside the score: nothing happens.
        let outside = #"{"type": "editingRange", "part": \#(part), "voice": \#(voice), "start": 3000, "end": 4000}"#
        let before = library
        #expect(try library.apply(try Self.edit(outside)).created == false)
        #expect(library == before)
        let split = try library.apply(try Self.edit(#"{"type": "splitPart", "part": \#(part), "cuts": [960]}"#))
        #expect(split.ids?.count == 2)
        let light = #"{"type": "setLight", "voice": \#(voice), "chordset": "4C0A1D1A-0000-4000-8000-000000000001", "chord": 2}"#
        try library.apply(try Self.edit(light))
        #expect(library.voices[VoiceID(voice)]?.sound == .light(try ChordReference(chordset: "4C0A1D1A-0000-4000-8000-000000000001", chord: 2)))
    }

    @Test func badEditsAreRefusedAndChangeNothing() throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "Bar", beats: 4), voice = try library.addVoice(named: "V")
        let before = library
        for json in [
            #"{"type": "dance"}"#, #"{"type": "addPart", "name": "X"}"#, #"{"type": "setLight", "voice": 1, "chordset": "x", "chord": 8}"#,
            #"{"type": "splitPart", "part": 1, "cuts": [\#((0..<300).map(String.init).joined(separator: ","))]}"#,
        ] {
            #expect(throws: (any Error).self, "\(json.prefix(60))") { try Self.edit(json) }
        }
        for edit: MusicEdit in [
            .editingRange(Pair(part, voice), start: 10, end: 5, gain: 1), .editingRange(Pair(part, voice), start: -1, end: 5, gain: 1),
            .addPartChild(parent: part, child: part, index: nil), .renamePart(PartID(999), name: "X"),
            .splitVoice(voice, count: 100_000), .makeUnique(Pair(part, voice)),
        ] {
            #expect(throws: CompositionError.self) { try library.apply(edit) }
        }
        #expect(library == before)
    }
}
