import Foundation
import GRDB
import Instrument
import Library
import Testing
import TestSupport

/// Bad chordset files, made from a good one: every one refused with a message, the library unchanged.
@Suite("Hostile imports")
struct HostileImportTests {
    static let good: String = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try! encoder.encode(["formatVersion": AnyEncodable(1), "chordsets": AnyEncodable([FactoryChordsets.lumia])])
        return String(decoding: data, as: UTF8.self)
    }()

    static func replacing(_ target: String, with replacement: String) -> Data {
        precondition(good.contains(target), "the good file has \(target)")
        return Data(good.replacingOccurrences(of: target, with: replacement).utf8)
    }

    static func replacingFirst(_ target: String, with replacement: String) -> Data {
        let range = good.range(of: target)!
        return Data(good.replacingCharacters(in: range, with: replacement).utf8)
    }

    static var files: [(String, Data)] {
        var files: [(String, Data)] = [
            ("empty", Data()),
            ("whitespace", Data("   \n".utf8)),
            ("not JSON", Data("chordsets, please".utf8)),
            ("not UTF-8", Data([0xFF, 0xFE, 0x7B, 0x00, 0x22])),
            ("latin-1 title", Data(Self.good.utf8).map { $0 == UInt8(ascii: "L") ? 0xE9 : $0 }.withUnsafeBufferPointer { Data($0) }),
            ("a top-level array", Data("[]".utf8)),
            ("a number", Data("42".utf8)),
            ("null", Data("null".utf8)),
            ("no version", Data(#"{"chordsets": []}"#.utf8)),
            ("version as text", replacing(#""formatVersion":1"#, with: #""formatVersion":"1""#)),
            ("version 0", replacing(#""formatVersion":1"#, with: #""formatVersion":0"#)),
            ("version -1", replacing(#""formatVersion":1"#, with: #""formatVersion":-1"#)),
            ("future version", replacing(#""formatVersion":1"#, with: #""formatVersion":2"#)),
            ("far future version", replacing(#""formatVersion":1"#, with: #""formatVersion":99"#)),
            ("no chordsets", Data(#"{"formatVersion": 1, "chordsets": []}"#.utf8)),
            ("chordsets as object", Data(#"{"formatVersion": 1, "chordsets": {}}"#.utf8)),
            ("title as number", replacing(#""title":"Lumia""#, with: #""title":5"#)),
            ("blank title", replacing(#""title":"Lumia""#, with: #""title":"   ""#)),
            ("title of 201", replacing(#""title":"Lumia""#, with: "\"title\":\"\(String(repeating: "a", count: 201))\"")),
            ("title of 10 MB", replacing(#""title":"Lumia""#, with: "\"title\":\"\(String(repeating: "b", count: 10 << 20))\"")),
            ("bad uuid", replacing(#""id":"4C0A1D1A-0000-4000-8000-000000000001""#, with: #""id":"not-a-uuid""#)),
            ("date as text", replacingFirst(#""creationDate":"#, with: #""creationDate":"yesterday","x":"#)),
            ("huge number", replacingFirst(#""center":0.72"#, with: #""center":1e999"#)),
            ("NaN as text", replacingFirst(#""center":0.72"#, with: #""center":"NaN""#)),
            ("hue centre 2", replacingFirst(#""center":0.72"#, with: #""center":2"#)),
            ("position 9", replacingFirst(#""position":0"#, with: #""position":9"#)),
            ("position as text", replacingFirst(#""position":0"#, with: #""position":"0""#)),
            ("duplicate position", replacingFirst(#""position":1"#, with: #""position":0"#)),
            ("unknown form", replacingFirst(#""kind":"ring""#, with: #""kind":"hexagon""#)),
            ("unknown waveform", replacingFirst(#""kind":"sine""#, with: #""kind":"wobble""#)),
            ("unknown motion", replacingFirst(#""kind":"wander""#, with: #""kind":"teleport""#)),
            ("polygon of 1 side", replacingFirst(#""sides":6"#, with: #""sides":1"#)),
            ("size 50", replacingFirst(#""base":0.7"#, with: #""base":50"#)),
            ("negative rate", replacingFirst(#""hertz":0.07"#, with: #""hertz":-1"#)),
            ("rate 1000 Hz", replacingFirst(#""hertz":0.07"#, with: #""hertz":1000"#)),
            ("no rate", replacingFirst(#""rate":{"hertz":0.07}"#, with: #""rate":{}"#)),
            ("negative attack", replacingFirst(#""attack":1.2"#, with: #""attack":-3"#)),
            ("null lumis", replacingFirst(#""lumis":["#, with: #""lumis":null,"y":["#)),
            ("pane outside", replacingFirst(#""width":1"#, with: #""width":5"#)),
            ("empty rhythm", Self.withRhythm(#"{"gate":1,"pattern":[],"step":1}"#)),
            ("rhythm step 0", Self.withRhythm(#"{"gate":1,"pattern":[true],"step":0}"#)),
            ("missing chords", replacingFirst(#""chords":["#, with: #""notchords":["#)),
            ("truncated file", Data(Self.good.prefix(Self.good.count / 2).utf8)),
        ]
        for cut in [1, 10, 100, 1000, 5000, 20_000] {
            files.append(("truncated at \(cut)", Data(Self.good.prefix(cut).utf8)))
        }
        files.append(("nested 1,000 deep", Data((String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)).utf8)))
        files.append(("nested in a title", Data((#"{"formatVersion":1,"chordsets":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}").utf8)))
        files.append(("20,000 chords", Self.withChords(20_000)))
        files.append(("7 chords", Self.withChords(7)))
        files.append(("1,001 chordsets", Self.manyChordsets(1001)))
        files.append(("over 16 MB", Data(repeating: UInt8(ascii: " "), count: (16 << 20) + 1)))
        return files
    }

    static func withRhythm(_ rhythm: String) -> Data {
        replacingFirst(#""rhythm":null"#.isEmpty ? "" : #""position":0,"#, with: "\"position\":0,\"rhythm\":\(rhythm),")
    }

    static func withChords(_ count: Int) -> Data {
        let chord = try! JSONEncoder().encode(Chord.empty(position: 0))
        let chords = "[" + Array(repeating: String(decoding: chord, as: UTF8.self), count: count).joined(separator: ",") + "]"
        return Data((#"{"formatVersion":1,"chordsets":[{"id":"4C0A1D1A-0000-4000-8000-0000000000AA","title":"Many","creationDate":0,"index":0,"chords":"# + chords + "}]}").utf8)
    }

    static func manyChordsets(_ count: Int) -> Data {
        let one = try! JSONEncoder().encode(try! Chordset.empty(title: "One", index: 0))
        return Data((#"{"formatVersion":1,"chordsets":["# + Array(repeating: String(decoding: one, as: UTF8.self), count: count).joined(separator: ",") + "]}").utf8)
    }

    static func dump(_ path: String) throws -> String {
        try DatabaseQueue(path: path).read { db in
            let chordsets = try Row.fetchAll(db, sql: "SELECT * FROM chordset ORDER BY id").map(\.description)
            let chords = try Row.fetchAll(db, sql: "SELECT * FROM chord ORDER BY chordsetId, position").map(\.description)
            return (chordsets + chords).joined(separator: "\n")
        }
    }

    @Test func thereAreAtLeastFiftyAndTheGoodOneImports() throws {
        #expect(Self.files.count >= 50)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        #expect(try library.importFile(Data(Self.good.utf8)).count == 1)
    }

    @Test func everyBadFileIsRefusedWithAReasonAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let before = try Self.dump(folder.file("library.sqlite").path)
        for (name, data) in Self.files {
            do {
                _ = try library.importFile(data)
                Issue.record("\(name) was imported")
            } catch {
                #expect(!error.message.isEmpty, "\(name)")
                #expect(!error.message.contains("Swift."), "\(name): \(error.message)")
            }
        }
        #expect(try Self.dump(folder.file("library.sqlite").path) == before)
    }
}

/// Encodes a value of any Encodable type (to build the good file).
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
