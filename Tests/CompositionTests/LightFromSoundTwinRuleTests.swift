import Foundation
import Testing
import TestSupport

@testable import Composition

/// Light from sound's kept cues (Tests/fixtures/twin-rules/light-from-sound.json), which the lab's preview
/// (light-from-sound-model.js's `cueEvents`) is held to as well, by `node --test`: the same cues kept at a
/// sensitivity, and the same events made of them.
@Suite struct LightFromSoundTwinRuleTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let `case`: String
        let cues: [[Double]]
        let sensitivity: Double
        let tempo: Double
        let ticks: Int
        let events: [[Double]]
        var testDescription: String { self.case }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("light-from-sound.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 10)
    }

    @Test(arguments: cases) func theCuesKeptBecomeTheEventsTheTableSays(_ item: Case) throws {
        let heard = HeardSound(seconds: 60, tempo: nil, cues: [.onsets: item.cues.map { SoundCue(seconds: $0[0], strength: $0[1]) }])
        let part = Part(id: PartID(1), name: "Part", length: item.ticks, tempo: item.tempo)
        let events = try MusicLibrary.events(on: heard.cues(.onsets, sensitivity: item.sensitivity), in: part)
        #expect(events.map { [Double($0.start), Double($0.length), $0.gain] } == item.events)
    }
}
