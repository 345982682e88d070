import Audio
import Composition
import Instrument

/// Port: where live playback finds compositions (the library, in the instrument) — laid out at the output's
/// rate, their sounds' samples at that rate, and the chords their visual voices light.
public protocol CompositionShelf: Sendable {
    /// The composition called `name` (or numbered so, from 1), laid out at `sampleRate`.
    func composition(named name: String, sampleRate: Int) throws -> LoadedComposition
    /// A (part, voice) pair of the library, laid out at `sampleRate`: what an editor selected, heard as it stands.
    func pair(_ pair: Pair, sampleRate: Int) throws -> LoadedComposition
    /// One sound of the library played alone, from its start to its end, laid out at `sampleRate`.
    func sound(_ sound: SoundID, sampleRate: Int) throws -> LoadedComposition
    /// The samples of every sound `arrangement` plays, at its rate.
    func samples(for arrangement: Arrangement) throws -> [SoundID: AudioBuffer]
    /// The chord a visual voice lights; nil when the library no longer has it, an error when its chordset is
    /// there but cannot be read.
    func chord(_ reference: ChordReference) throws -> Chord?
}

/// A composition ready to play: its name, the pair it plays, its arrangement, and the parts of its top part —
/// what "loop a part" names, from 1 — with the seconds each plays.
public struct LoadedComposition: Sendable {
    public let name: String
    public let pair: Pair
    public let arrangement: Arrangement
    public let parts: [(name: String, seconds: Range<Double>)]

    public init(name: String, pair: Pair, arrangement: Arrangement, parts: [(name: String, seconds: Range<Double>)]) {
        self.name = name
        self.pair = pair
        self.arrangement = arrangement
        self.parts = parts
    }
}
