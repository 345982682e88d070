import Foundation
import Instrument
import Library
import Engine

/// The SQLite chordset library as the live session's shelf: stored chords are written to it, and stepping
/// moves through its list (the chordset stepped to becomes the current one, as the console will show).
struct LibraryShelf: ChordsetShelf {
    let library: ChordsetLibrary

    func store(_ chord: Chord, in chordset: UUID) throws {
        try library.store(chord, in: chordset)
    }

    func step(from chordset: UUID, by offset: Int) throws -> Chordset? {
        let list = try library.list()
        guard let index = list.firstIndex(where: { $0.id == chordset }) else {
            // Playing a chordset that is not in the library (it was deleted meanwhile): start from the top.
            return try list.first.map { try library.chordset(id: $0.id) }
        }
        guard list.indices.contains(index + offset) else { return nil }
        let next = try library.chordset(id: list[index + offset].id)
        try library.setCurrentChordset(index: index + offset)
        return next
    }
}
