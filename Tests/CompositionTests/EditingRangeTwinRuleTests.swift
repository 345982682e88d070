import Composition
import Foundation
import Testing
import TestSupport

/// The editing range let go inside the score (Tests/fixtures/twin-rules/editing-range.json), which the lab's
/// `editedEvents` (compose/plane/editing-range.js) is held to as well, by `node --test`: the same ranges make,
/// delete or leave the same events, and the same are refused in the same words.
@Suite struct EditingRangeTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let `case`: String
        let beats: Double
        let events: [ScoreEvent]
        /// The edit as the server reads it; nil where its decoder refuses it (the case's `unreadable` says so).
        let edit: MusicEdit?
        let action: String
        let after: [ScoreEvent]?
        let refused: String?
        let unreadable: String?
        var testDescription: String { self.case }

        private enum CodingKeys: String, CodingKey { case `case`, beats, events, edit, action, after, refused, unreadable }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.case = try c.decode(String.self, forKey: .`case`)
            beats = try c.decode(Double.self, forKey: .beats)
            events = try c.decode([ScoreEvent].self, forKey: .events)
            edit = try? c.decode(MusicEdit.self, forKey: .edit)  // nil: refused before the rule, checked against `unreadable`
            action = try c.decode(String.self, forKey: .action)
            after = try c.decodeIfPresent([ScoreEvent].self, forKey: .after)
            refused = try c.decodeIfPresent(String.self, forKey: .refused)
            unreadable = try c.decodeIfPresent(String.self, forKey: .unreadable)
        }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("editing-range.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 25)
    }

    @Test(arguments: cases) func eachRangeDoesWhatTheTableSays(_ item: Case) throws {
        var library = MusicLibrary()
        let pair = Pair(try library.addPart(named: "A", beats: item.beats), try library.addVoice(named: "V"))
        #expect(pair.part == PartID(1) && pair.voice == VoiceID(2), "the table's edits name part 1 and voice 2")
        if !item.events.isEmpty { try library.setEvents(item.events, of: pair) }
        guard let edit = item.edit else {
            #expect(item.unreadable != nil, "the server cannot read this edit, where the table says it can")
            return
        }
        #expect(item.unreadable == nil, "the server reads this edit, where the table says it cannot")
        let before = library.score(of: pair)?.events ?? []
        do throws(CompositionError) {
            let result = try library.apply(edit)
            let after = library.score(of: pair)?.events ?? []
            #expect((result.created == true ? "create" : after == before ? "none" : "delete") == item.action)
            if let expected = item.after { #expect(after == expected) }
        } catch {
            #expect(item.action == "refused", "refused: \(error.description)")
            #expect(error.description == item.refused)
        }
    }
}
