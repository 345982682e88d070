import Composition
import Foundation
import GRDB
import Instrument
import Testing
import TestSupport
import UserText

@testable import Library

/// What the library writes, it reads back: text given through every writing use case is kept exactly as the
/// text rule keeps it, or refused with nothing changed.
@Suite("Text written and read back")
struct TextRuleTests {
    /// Every writing use case that takes a name, each given `text`; what it stored as the library reads it.
    static let uses: [(name: String, write: @Sendable (ChordsetLibrary, String) throws -> String)] = [
        ("add a chordset", { library, text in try library.chordset(id: try library.add(title: text).id).title }),
        ("rename a chordset", { library, text in
            let id = try library.list()[0].id
            try library.rename(id, to: text)
            return try library.chordset(id: id).title
        }),
        ("store a chord", { library, text in
            let id = try library.list()[0].id
            let chord = try JSONDecoder().decode(Chord.self, from: try JSONEncoder().encode(
                Chord.empty(position: 2)).replacingTitle(with: text))
            try library.store(chord, in: id)
            return try library.recall(2, in: id).title
        }),
        ("add a part", { library, text in
            let id = try library.changeMusic { music, _ in try music.addPart(named: text, beats: 4) }
            return try library.musicLibrary().parts[id]!.name
        }),
        ("rename a voice", { library, text in
            let id = try library.musicLibrary().voices.keys.min()!
            try library.changeMusic { music, _ in try music.rename(voice: id, to: text) }
            return try library.musicLibrary().voices[id]!.name
        }),
        ("add a composition", { library, text in
            let id = try library.changeMusic { music, _ in
                try music.addComposition(named: text, pair: music.compositions.values.first!.pair)
            }
            return try library.musicLibrary().compositions[id]!.name
        }),
        ("import a composition as", { library, text in
            let demo = try library.composition(named: "Demo")
            return try library.importComposition(try library.exportComposition(demo.id), as: text).name
        }),
        ("keep a MIDI mapping", { library, text in
            try library.setPreferences(midiMappings: ["note:1:60": text])
            return try library.preference(.midiMappings)["note:1:60"]!
        }),
    ]

    @Test(arguments: 0..<uses.count)
    func whatIsAcceptedReadsBackExactlyAndWhatIsRefusedChangesNothing(use: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let (name, write) = Self.uses[use]
        let allowsEmpty = name == "store a chord"
        for (index, text) in HostileText.samples(count: 60, seed: UInt64(use) + 24).enumerated() {
            let expected = try? UserText.checked(text, as: "a name", allowsEmpty: allowsEmpty)
            let before = try Self.everything(library)
            do {
                let stored = try write(library, text)
                #expect(stored == expected, "\(name), sample \(index): \(UserText.printable(text)) was stored as \(UserText.printable(stored))")
            } catch {
                // Refused: only what the rule refuses (or a name already taken) is, and nothing changed.
                #expect(expected == nil || "\(error)".contains("already") || "\(error)".contains("two compositions named"), "\(name), sample \(index): \(UserText.printable(text)) refused: \(error)")
                #expect(try Self.everything(library) == before, "\(name), sample \(index): a refusal changed the library")
            }
            #expect(try library.damage().isEmpty, "\(name), sample \(index): the library holds damage")
        }
    }

    /// The whole library as it reads: every chordset and the music library's records.
    static func everything(_ library: ChordsetLibrary) throws -> String {
        "\(try library.allChordsets())\(try library.musicLibrary().contents)\(try library.preference(.midiMappings))"
    }
}

extension Data {
    /// A chord's JSON with its title replaced by `text` (as a client would send it).
    fileprivate func replacingTitle(with text: String) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: self) as! [String: Any]
        object["title"] = text
        return try JSONSerialization.data(withJSONObject: object)
    }
}
