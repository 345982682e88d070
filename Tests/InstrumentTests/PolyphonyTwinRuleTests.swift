import Foundation
import Instrument
import Testing
import TestSupport

/// Polyphony's rule (Tests/fixtures/twin-rules/polyphony.json), which the Preferences panel's polyphony-model.js
/// is held to as well, by `node --test`: the same ranges, the same counts kept, the same refused in the same words.
@Suite struct PolyphonyTwinRuleTests {
    struct Refused: Decodable, Sendable {
        let count: Int
        let refused: String
    }

    struct Rule<Count: Decodable & Sendable>: Decodable, Sendable {
        let range: [Int]
        let kept: [Count]
        let refused: [Refused]
    }

    struct Table: Decodable, Sendable {
        let polyphony: Rule<Int>
        /// A chord's counts kept, nil among them: no limit of its own.
        let chordPolyphony: Rule<Int?>
    }

    static let table: Table? = {
        let file = TwinRuleTables.file("polyphony.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0) }
    }()

    /// What the engine says of `intent`: nil when it keeps it, else its refusal.
    private func refusal(_ intent: Intent) -> String? {
        do throws(InstrumentError) {
            try intent.validate()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func thePerformancesPolyphonyIsKeptAndRefusedAsTheTableSays() throws {
        let rule = try #require(Self.table?.polyphony)
        #expect(rule.range == [PerformanceState.polyphonyRange.lowerBound, PerformanceState.polyphonyRange.upperBound])
        for count in rule.kept { #expect(refusal(.polyphony(count)) == nil, "\(count)") }
        for item in rule.refused { #expect(refusal(.polyphony(item.count)) == item.refused) }
    }

    @Test func aChordsPolyphonyIsKeptAndRefusedAsTheTableSays() throws {
        let rule = try #require(Self.table?.chordPolyphony)
        #expect(rule.range == [Chord.polyphonyRange.lowerBound, Chord.polyphonyRange.upperBound])
        #expect(rule.kept.contains(nil), "no limit of its own")
        for count in rule.kept { #expect(refusal(.chordPolyphony(chord: 0, count: count)) == nil, "\(String(describing: count))") }
        for item in rule.refused { #expect(refusal(.chordPolyphony(chord: 0, count: item.count)) == item.refused) }
    }
}
