import Foundation
import Instrument

/// What the live session asks of the chordset library (a port; `imager serve` plugs in the SQLite
/// library): keeping the chords a performer stores, and the list of chordsets to step through.
public protocol ChordsetShelf: Sendable {
    /// Saves `chord` at its position in the chordset `chordset`.
    func store(_ chord: Chord, in chordset: UUID) throws
    /// The chordset `offset` places from `chordset` in the list, now the current one; nil past either end.
    func step(from chordset: UUID, by offset: Int) throws -> Chordset?
    /// Keeps what the controls hold, for the next start.
    func keep(_ controls: PerformanceState.Controls) throws
}
