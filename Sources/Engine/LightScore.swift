import Composition
import Foundation
import Instrument

/// A composition's visual voices as a performance (seed 003 with light): each light cue of an arrangement
/// becomes a timed intent — its chord's pad pressed at the event's start with the event's gain as velocity,
/// let go at its end — on a chordset made of the chords the composition lights, at the tempo of the part
/// playing. The same intents, through the
/// same engine and log as everything else that is played, so a composition's light renders again exactly.
public struct LightScore: Sendable {
    /// The chordset the cues play: the chords the arrangement lights, in the order they are first lit.
    public let chordset: Chordset
    /// The cues as intents, at seconds from the arrangement's start.
    public let events: [PerformanceEvent]
    /// The chords the arrangement names that are not in the library (their cues are left out).
    public let missing: Set<ChordReference>

    /// The light of `arrangement`, its chords looked up by `chord` (nil for one the library does not have).
    /// An arrangement may light at most eight different chords: one for each pad.
    public init(_ arrangement: Arrangement, title: String, chord: (ChordReference) -> Chord?) throws(InstrumentError) {
        var pads: [ChordReference: Int] = [:]
        var chords: [Chord] = []
        var missing = Set<ChordReference>()
        for cue in arrangement.lights where pads[cue.chord] == nil && !missing.contains(cue.chord) {
            guard var found = chord(cue.chord) else {
                missing.insert(cue.chord)
                continue
            }
            guard chords.count < TriggerPads.count else {
                throw .invalid("a composition lights at most \(TriggerPads.count) different chords, one for each pad")
            }
            found.position = chords.count
            pads[cue.chord] = chords.count
            chords.append(found)
        }
        while chords.count < TriggerPads.count { chords.append(Chord.empty(position: chords.count)) }
        chordset = try Chordset(
            id: UUID(uuidString: "C0000000-0000-4000-8000-000000000000")!, title: String(title.prefix(200)),
            creationDate: Date(timeIntervalSince1970: 0), index: 0, chords: chords)
        let rate = Double(arrangement.sampleRate)
        // The canvas keeps the composition's time: pulses and oscillators in beats follow its parts' tempi.
        let tempi = arrangement.tempi.map { cue in
            PerformanceEvent(time: Double(cue.frame) / rate, intent: .tempo(beatsPerMinute: min(max(cue.beatsPerMinute, Tempo.range.lowerBound), Tempo.range.upperBound)))
        }
        let lights = arrangement.lights.compactMap { cue -> PerformanceEvent? in
            guard let pad = pads[cue.chord] else { return nil }
            let time = Double(cue.frame) / rate
            switch cue.action {
            case .release(let velocity): return PerformanceEvent(time: time, intent: .padDown(pad: pad, velocity: velocity))
            case .letGo: return PerformanceEvent(time: time, intent: .padUp(pad: pad))
            }
        }
        // In time order; at one moment the tempo first, so that what is lit then already keeps it.
        events = (tempi + lights).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.missing = missing
    }

    /// A performance log of the light alone, from the arrangement's start.
    public func performanceLog() throws(InstrumentError) -> PerformanceLog {
        try PerformanceLog(chordset: chordset, events: events)
    }
}
