import Composition
import Foundation
import Instrument

/// A composition's visual voices as a performance (seed 003 with light): each light cue of an arrangement
/// becomes a timed intent — its voice lights the chord (`lightDown`, the event's gain as velocity) at the
/// event's start and lets it go (`lightUp`) at its end — at the tempo of the part playing. The same intents,
/// through the same engine and log as everything else that is played, so a composition's light renders again
/// exactly; the voices hold their light by keys of their own, never the performer's pads.
public struct LightScore: Sendable {
    /// The cues as intents, at seconds from the arrangement's start, in time order.
    public let events: [PerformanceEvent]
    /// The chords the arrangement names that are not in the library (their cues are left out).
    public let missing: Set<ChordReference>
    /// The chordsets the arrangement lights that could not be read, each with why (their cues are left out).
    public let unreadable: [String: String]

    /// The light of `arrangement`, its chords looked up by `chord` (nil for one the library does not have; an
    /// error for one whose chordset cannot be read). At most `Intent.lightVoices` visual voices.
    public init(_ arrangement: Arrangement, chord: (ChordReference) throws -> Chord?) throws(InstrumentError) {
        var slots: [VoiceID: Int] = [:]
        var chords: [ChordReference: Chord] = [:]
        var missing = Set<ChordReference>()
        var unreadable: [String: String] = [:]
        for cue in arrangement.lights {
            if slots[cue.voice] == nil {
                guard slots.count < Intent.lightVoices else {
                    throw .invalid("a composition has at most \(Intent.lightVoices) visual voices")
                }
                slots[cue.voice] = slots.count
            }
            guard chords[cue.chord] == nil, !missing.contains(cue.chord), unreadable[cue.chord.chordset] == nil else { continue }
            do {
                if let found = try chord(cue.chord) { chords[cue.chord] = found } else { missing.insert(cue.chord) }
            } catch {
                unreadable[cue.chord.chordset] = "\(error)"
            }
        }
        let rate = Double(arrangement.sampleRate)
        // The canvas keeps the composition's time: pulses and oscillators in beats follow its parts' tempi.
        let tempi = arrangement.tempi.map { cue in
            PerformanceEvent(
                time: Double(cue.frame) / rate,
                intent: .tempo(beatsPerMinute: min(max(cue.beatsPerMinute, Tempo.range.lowerBound), Tempo.range.upperBound)))
        }
        let lights = arrangement.lights.compactMap { cue -> PerformanceEvent? in
            guard let voice = slots[cue.voice], let lit = chords[cue.chord] else { return nil }
            let time = Double(cue.frame) / rate
            switch cue.action {
            case .release(let velocity): return PerformanceEvent(time: time, intent: .lightDown(voice: voice, chord: lit, velocity: velocity))
            case .letGo: return PerformanceEvent(time: time, intent: .lightUp(voice: voice))
            }
        }
        // At one moment the tempo first, so that what is lit then already keeps it.
        events = (tempi + lights).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.missing = missing
        self.unreadable = unreadable
    }

    /// What a performer is told of the light left out, one line for each chord missing or chordset unreadable,
    /// in a steady order; empty when every cue is lit.
    public var leftOut: [String] {
        let gone = missing.sorted { ($0.chordset, $0.chord) < ($1.chordset, $1.chord) }.map {
            "chord \($0.chord + 1) of chordset \($0.chordset) is not in the library; its light is left out"
        }
        let damaged = unreadable.sorted { $0.key < $1.key }.map {
            "chordset \($0.key) cannot be read (\($0.value)); the light of its chords is left out"
        }
        return gone + damaged
    }

    /// The chordset a log of the light alone starts on: eight empty chords (the light brings its own).
    public static let stage: Chordset = {
        do {
            return try Chordset.empty(
                title: "Composition", index: 0, id: UUID(uuidString: "C0000000-0000-4000-8000-000000000000")!,
                creationDate: Date(timeIntervalSince1970: 0))
        } catch {
            preconditionFailure("an empty chordset is valid: \(error)")  // a programming error, caught by tests
        }
    }()

    /// A performance log of the light alone, from the arrangement's start.
    public func performanceLog() throws(InstrumentError) -> PerformanceLog {
        try PerformanceLog(chordset: Self.stage, events: events)
    }
}
