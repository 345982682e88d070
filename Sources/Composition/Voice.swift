/// An instrument the composer names — a sound, a light, or a group of them. Atomic until it is split; a
/// composed voice plays its children together.
public struct Voice: Hashable, Sendable {
    public let id: VoiceID
    public var name: String
    /// What an atomic voice plays at each of its events.
    public internal(set) var sound: VoiceSound
    /// The sub-voices, in the order the editing plane shows them.
    public internal(set) var children: [Child<VoiceID>]

    public var isAtomic: Bool { children.isEmpty }

    init(id: VoiceID, name: String, sound: VoiceSound, children: [Child<VoiceID>] = []) {
        self.id = id
        self.name = name
        self.sound = sound
        self.children = children
    }
}

/// What an atomic voice plays at an event: nothing yet, a sound from the library (from its beginning at the
/// event's start), or a chord's lumis on the canvas (released at the event's start, let go at its end).
public enum VoiceSound: Hashable, Sendable {
    case silent
    case audio(SoundID)
    case light(ChordReference)
}

/// A chord of a chordset in the instrument's library: the chordset's id and the chord's place, 0…7.
public struct ChordReference: Hashable, Sendable, Codable {
    public let chordset: String
    public let chord: Int

    public init(chordset: String, chord: Int) throws(CompositionError) {
        guard (0...7).contains(chord) else { throw CompositionError("a chord is one of 1…8 (numbered 0…7 here), not \(chord)") }
        guard !chordset.isEmpty, chordset.count <= 64 else { throw CompositionError("a chordset's id is 1…64 characters") }
        self.chordset = chordset
        self.chord = chord
    }
}
