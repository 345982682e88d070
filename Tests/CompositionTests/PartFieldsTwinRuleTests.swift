import Composition
import Foundation
import Testing
import TestSupport

/// A part's length and tempo (Tests/fixtures/twin-rules/part-fields.json), which the lab's Length and Tempo
/// fields (part-fields-model.js's `ticksOfBeats` and `checkedTempo`) are held to as well, by `node --test`: the
/// same values kept, the same refused in the same words.
@Suite struct PartFieldsTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let `case`: String
        /// The edit as the server reads it; nil where its decoder refuses it (the case's `unreadable` says so).
        let edit: MusicEdit?
        let composed: Bool
        let kept: Double?
        let refused: String?
        let unreadable: String?
        var testDescription: String { self.case }

        private enum CodingKeys: String, CodingKey { case `case`, edit, composed, kept, refused, unreadable }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.case = try c.decode(String.self, forKey: .`case`)
            edit = try? c.decode(MusicEdit.self, forKey: .edit)  // nil: refused before the rule, checked against `unreadable`
            composed = try c.decodeIfPresent(Bool.self, forKey: .composed) ?? false
            kept = try c.decodeIfPresent(Double.self, forKey: .kept)
            refused = try c.decodeIfPresent(String.self, forKey: .refused)
            unreadable = try c.decodeIfPresent(String.self, forKey: .unreadable)
        }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("part-fields.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases) func eachLengthAndTempoIsKeptOrRefusedAsTheTableSays(_ item: Case) throws {
        var library = MusicLibrary()
        let part = try library.addPart(named: "A", beats: 4)
        #expect(part == PartID(1), "the table's edits name part 1")
        if item.composed { try library.add(part: try library.addPart(named: "B", beats: 4), to: part) }
        guard let edit = item.edit else {
            #expect(item.unreadable != nil, "the server cannot read this edit, where the table says it can")
            return
        }
        #expect(item.unreadable == nil, "the server reads this edit, where the table says it cannot")
        do throws(CompositionError) {
            try library.apply(edit)
            let after = try library.part(part)
            switch edit {
            case .setLength: #expect(Double(after.length) == item.kept, "kept, where the table says: \(item.refused ?? "")")
            case .setTempo: #expect(after.tempo == item.kept, "kept, where the table says: \(item.refused ?? "")")
            default: Issue.record("the table holds setLength and setTempo edits only")
            }
        } catch {
            #expect(error.description == item.refused)
        }
    }

    /// A new part is held to the same rule as a part given a length or a tempo.
    @Test(arguments: cases.filter { !$0.composed }) func aNewPartIsKeptOrRefusedTheSame(_ item: Case) {
        var library = MusicLibrary()
        do throws(CompositionError) {
            switch item.edit {
            case .setLength(_, let beats)?:
                let added = try library.addPart(named: "A", beats: beats)  // added before it is read back
                #expect(Double(try library.part(added).length) == item.kept)
            case .setTempo(_, let tempo)?:
                let added = try library.addPart(named: "A", beats: 4, tempo: tempo)
                #expect(try library.part(added).tempo == item.kept)
            default: return  // unreadable: no number to make a part of
            }
        } catch {
            #expect(error.description == item.refused)
        }
    }
}
