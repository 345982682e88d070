import Composition
import Foundation
import Library
import Testing
import TestSupport

/// Bad composition files, made from a good one (the factory Demo's): every one refused with a message, the
/// library unchanged.
@Suite("Hostile composition imports")
struct HostileCompositionImportTests {
    typealias JSON = [String: Any]

    /// The good file, and a library to import into.
    static func setting() throws -> (folder: TemporaryFolder, library: ChordsetLibrary, good: Data) {
        let folder = try TemporaryFolder()
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let demo = try library.composition(named: "Demo")
        return (folder, library, try library.exportComposition(demo.id))
    }

    /// The good file with `change` made to its JSON.
    static func changed(_ good: Data, _ change: (inout JSON) -> Void) throws -> Data {
        var json = try JSONSerialization.jsonObject(with: good) as! JSON
        change(&json)
        return try JSONSerialization.data(withJSONObject: json)
    }

    /// Edits the list `key` of the file's composition.
    static func editing(_ key: String, _ change: @escaping (inout [JSON]) -> Void) -> (inout JSON) -> Void {
        { json in
            var composition = json["composition"] as! JSON
            var list = composition[key] as! [JSON]
            change(&list)
            composition[key] = list
            json["composition"] = composition
        }
    }

    static func index(_ list: [JSON], named name: String) -> Int { list.firstIndex { $0["name"] as? String == name }! }

    static var changes: [(String, (inout JSON) -> Void)] { [
        ("no version", { $0["formatVersion"] = nil }),
        ("a later version", { $0["formatVersion"] = 2 }),
        ("version 0", { $0["formatVersion"] = 0 }),
        ("version as text", { $0["formatVersion"] = "1" }),
        ("no composition", { $0["composition"] = nil }),
        ("two compositions", editing("compositions") { $0.append(["id": 1, "name": "Other", "part": $0[0]["part"]!, "voice": $0[0]["voice"]!]) }),
        ("no composition in it", editing("compositions") { $0 = [] }),
        ("a cycle of parts", editing("parts") { parts in
            let song = parts[index(parts, named: "Song")]["id"]!
            let verse = index(parts, named: "Verse")
            parts[verse]["children"] = [["place": 999_999, "node": song]]
        }),
        ("a voice inside itself", editing("voices") { voices in
            let band = index(voices, named: "Band")
            var children = voices[band]["children"] as! [JSON]
            children.append(["place": 999_998, "node": voices[band]["id"]!])
            voices[band]["children"] = children
        }),
        ("an event outside its part", editing("scores") { $0[0]["events"] = [["start": 0, "length": 9_600_000]] }),
        ("an event before its part", editing("scores") { $0[0]["events"] = [["start": -960, "length": 960]] }),
        ("an event of no length", editing("scores") { $0[0]["events"] = [["start": 0, "length": 0]] }),
        ("an event at the largest number", editing("scores") { $0[0]["events"] = [["start": Int.max, "length": Int.max]] }),
        ("a gain of 2", editing("scores") { $0[0]["events"] = [["start": 0, "length": 10, "gain": 2]] }),
        ("a part of no length", editing("parts") { $0[0]["length"] = 0 }),
        ("a tempo of 10,000", editing("parts") { $0[0]["tempo"] = 10_000 }),
        ("a nameless voice", editing("voices") { $0[0]["name"] = "  " }),
        ("a chord 9", editing("voices") { voices in voices[index(voices, named: "Veil")]["chord"] = 8 }),
        ("a voice with a sound and a chord", editing("voices") { voices in voices[index(voices, named: "Veil")]["sound"] = voices[index(voices, named: "Kick")]["sound"]! }),
        ("an id used twice", editing("voices") { voices in voices[0]["id"] = voices[1]["id"]! }),
        ("an id past the last", editing("voices") { voices in voices[0]["id"] = 1 << 62 }),
        ("a child that is not there", editing("parts") { parts in parts[index(parts, named: "Song")]["children"] = [["place": 999_997, "node": 424_242]] }),
        ("a score on a composed pair", { json in
            let voices = (json["composition"] as! JSON)["voices"] as! [JSON]
            let band = voices[index(voices, named: "Band")]["id"]!
            editing("pairs") { pairs in pairs[0]["voice"] = band }(&json)
        }),
        ("a score no pair plays", editing("scores") { $0.append(["id": 999_996, "events": []]) }),
        ("a sound without its audio", { json in var files = json["soundFiles"] as! JSON; files.removeValue(forKey: files.keys.first!); json["soundFiles"] = files }),
        ("audio no sound names", { json in var files = json["soundFiles"] as! JSON; files["123456"] = files.values.first!; json["soundFiles"] = files }),
        ("audio that is words", { json in
            var files = json["soundFiles"] as! JSON
            files[files.keys.first!] = Data("not a sound at all".utf8).base64EncodedString()
            json["soundFiles"] = files
        }),
        ("audio cut in half", { json in
            var files = json["soundFiles"] as! JSON
            let key = files.keys.sorted().first!
            let bytes = Data(base64Encoded: files[key] as! String)!
            files[key] = bytes.prefix(bytes.count / 2).base64EncodedString()
            json["soundFiles"] = files
        }),
        ("audio that is not what the file says", editing("sounds") { $0[0]["frameCount"] = 12 }),
        ("audio as a number", { json in var files = json["soundFiles"] as! JSON; files[files.keys.first!] = 42; json["soundFiles"] = files }),
    ] }

    @Test func everyBadFileIsRefusedAndChangesNothing() throws {
        let (folder, library, good) = try Self.setting()
        defer { folder.remove() }
        let before = try library.musicLibrary()
        var raw: [(String, Data)] = [
            ("empty", Data()), ("not JSON", Data("a composition, please".utf8)), ("an array", Data("[]".utf8)),
            ("nested 10,000 deep", Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)),
        ]
        for (name, change) in Self.changes { raw.append((name, try Self.changed(good, change))) }
        for (name, file) in raw {
            #expect(throws: LibraryError.self, "\(name)") { try library.importComposition(file, as: "Imported") }
            do {
                try library.importComposition(file, as: "Imported")
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(name): \(error.message)")
            }
        }
        #expect(try library.musicLibrary() == before)
        // The good file itself comes in.
        #expect(try library.importComposition(good, as: "Imported").name == "Imported")
    }
}
