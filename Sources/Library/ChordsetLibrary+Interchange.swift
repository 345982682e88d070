import Foundation
import GRDB
import Instrument

extension ChordsetLibrary {
    /// The chordset file of one chordset.
    public func export(_ id: UUID) throws(LibraryError) -> Data {
        try ChordsetFile.encode([chordset(id: id)])
    }

    /// Imports every chordset of a file, all or none: the whole file is validated first, then written in
    /// one transaction. A chordset already in the library (the same id) comes in as a copy with a new id
    /// and its title followed by " (2)". Returns the chordsets as stored.
    @discardableResult
    public func importFile(_ data: Data) throws(LibraryError) -> [Chordset] {
        let chordsets = try ChordsetFile.decode(data)
        return try write { db in
            var stored: [Chordset] = []
            for chordset in chordsets {
                let present = try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM chordset WHERE id = ?", arguments: [chordset.id.uuidString]) ?? 0
                if present > 0 {
                    stored.append(try Self.insertCopy(of: chordset, db))
                } else {
                    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset") ?? 0
                    guard count < Self.maximumChordsets else {
                        throw LibraryError(.full, "the library holds at most \(Self.maximumChordsets) chordsets")
                    }
                    var placed = chordset
                    placed.index = count
                    try ChordsetRows.insert(placed, db)
                    stored.append(placed)
                }
            }
            return stored
        }
    }
}
