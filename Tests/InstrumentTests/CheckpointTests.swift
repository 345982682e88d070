import Foundation
import Geometry
import Instrument
import Testing

/// A checkpoint (a recording's start) is read from a file a user may have edited or a crash may have cut:
/// what it holds is checked, so that a hostile one is refused with an error and never traps later.
@Suite("A checkpoint of the live state")
struct CheckpointTests {
    /// A state with a held rhythm, lumis on the canvas and an erase behind it.
    func playedState() throws -> PerformanceState {
        var state = PerformanceState(chordset: try testChordset(rhythm: Rhythm(step: 1, pattern: [true], gate: 0.5)))
        try state.apply(PerformanceEvent(time: 0.1, intent: .tap(at: Point(x: 0.3, y: 0.3), velocity: 0.8)))
        try state.apply(PerformanceEvent(time: 0.2, intent: .erase))
        try state.apply(PerformanceEvent(time: 0.3, intent: .padDown(pad: 7, velocity: 0.9)))  // chord 7 holds the rhythm
        try state.apply(PerformanceEvent(time: 0.4, intent: .tap(at: Point(x: 0.6, y: 0.4), velocity: 0.7)))
        return state
    }

    func object(_ state: PerformanceState) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
    }

    func decode(_ object: [String: Any]) throws -> PerformanceState {
        try JSONDecoder().decode(PerformanceState.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func aCheckpointReadBackPlaysOnAsTheStateItWasTakenFrom() throws {
        var original = try playedState()
        var restored = try decode(try object(original))
        for step in 0..<40 {
            let time = 0.5 + Double(step) * 0.1
            #expect(restored.scene(at: time) == original.scene(at: time), "at \(time) s")
        }
        try original.apply(PerformanceEvent(time: 4.5, intent: .padUp(pad: 7)))
        try restored.apply(PerformanceEvent(time: 4.5, intent: .padUp(pad: 7)))
        #expect(restored.scene(at: 5) == original.scene(at: 5))
    }

    @Test func aLongShowsCheckpointHoldsOnlyTheDesignsStillOnTheCanvas() throws {
        var state = PerformanceState(chordset: try testChordset())
        // Forty strokes, each its own design (the lumis follow its path), all erased; then one tap.
        for index in 0..<40 {
            let y = 0.1 + Double(index) * 0.02
            try state.apply(PerformanceEvent(
                time: 0.1 * Double(index), intent: .stroke([Point(x: 0.1, y: y), Point(x: 0.5, y: y + 0.05), Point(x: 0.9, y: y)], velocity: 0.7)))
        }
        try state.apply(PerformanceEvent(time: 4.5, intent: .erase))
        try state.apply(PerformanceEvent(time: 5, intent: .tap(at: Point(x: 0.4, y: 0.4), velocity: 0.8)))
        let written = try object(state)
        #expect((written["designs"] as? [Any])?.count == 1)
        var restored = try decode(written)
        for step in 0..<20 {
            let time = 5.1 + Double(step) * 0.1
            #expect(restored.scene(at: time) == state.scene(at: time), "at \(time) s")
        }
        // Played on, both intern new designs under numbers of their own, and still show the same.
        let stroke = PerformanceEvent(time: 7.5, intent: .stroke([Point(x: 0.2, y: 0.8), Point(x: 0.8, y: 0.2)], velocity: 1))
        try state.apply(stroke)
        try restored.apply(stroke)
        for step in 0..<10 { #expect(restored.scene(at: 7.6 + Double(step) * 0.1) == state.scene(at: 7.6 + Double(step) * 0.1)) }
    }

    /// Each: the key, the field of its first entry (for the lists), and the value put there, as JSON.
    @Test(arguments: [
        ("eventCount", nil, "9223372036854775807"), ("eventCount", nil, "-1"), ("erasures", nil, "9223372036854775807"),
        ("erasures", nil, "-3"), ("time", nil, "-1"), ("time", nil, "1e300"), ("selectedChord", nil, "9"),
        ("live", "releaseTime", "1e300"), ("live", "velocity", "-1e300"), ("live", "template", "1000000"), ("live", "pad", "72"),
        ("rhythms", "downTime", "1e300"), ("rhythms", "longestRelease", "1e300"), ("rhythms", "upTime", "-1e300"),
        ("rhythms", "fadeDuration", "1e300"), ("rhythms", "templates", "[7000000]"),
    ] as [(String, String?, String)])
    func aHostileValueIsRefused(key: String, field: String?, json: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        var checkpoint = try object(try playedState())
        if let field {
            var entries = try #require(checkpoint[key] as? [[String: Any]])
            try #require(!entries.isEmpty, "the state played holds \(key)")
            entries[0][field] = value
            checkpoint[key] = entries
        } else {
            checkpoint[key] = value
        }
        #expect(throws: (any Error).self) { try decode(checkpoint) }
    }
}
