import Foundation
import GRDB
import Instrument

extension ChordsetLibrary {
    /// How long a deleted chordset is kept, for the performer to undo the deletion: a slip of the finger
    /// loses nothing.
    public static let undoWindow: TimeInterval = 60

    /// Deletes a chordset (with its chords) from the list, keeping it aside for `undoWindow` so that
    /// `restore` can bring it back; deleted chordsets older than that are let go now.
    public func delete(_ id: UUID, now: Date = Date()) throws(LibraryError) {
        let chordset = try self.chordset(id: id)
        let content = String(decoding: try ChordsetFile.encode([chordset]), as: UTF8.self)
        try write { db in
            try Self.purgeDeleted(before: now.addingTimeInterval(-Self.undoWindow), db)
            try db.execute(sql: "DELETE FROM chordset WHERE id = ?", arguments: [id.uuidString])
            try db.execute(
                sql: "INSERT OR REPLACE INTO deletedChordset (id, sortIndex, deletedAt, content) VALUES (?, ?, ?, ?)",
                arguments: [id.uuidString, chordset.index, now.timeIntervalSince1970, content])
            try Self.renumber(try String.fetchAll(db, sql: "SELECT id FROM chordset ORDER BY sortIndex, title"), db)
        }
    }

    /// Brings a chordset deleted within the last `undoWindow` back to its place in the list (or the end, if
    /// the list has become shorter); the chordset as restored.
    @discardableResult
    public func restore(_ id: UUID, now: Date = Date()) throws(LibraryError) -> Chordset {
        try write { db in
            try Self.purgeDeleted(before: now.addingTimeInterval(-Self.undoWindow), db)
            guard let row = try Row.fetchOne(db, sql: "SELECT sortIndex, content FROM deletedChordset WHERE id = ?", arguments: [id.uuidString])
            else {
                throw LibraryError(.notFound, "no chordset with id \(id.uuidString) was deleted in the last \(Int(Self.undoWindow)) seconds")
            }
            guard var chordset = try ChordsetFile.decode(Data((row["content"] as String).utf8)).first else {
                throw LibraryError(.storage, "the deleted chordset \(id.uuidString) was kept empty and cannot be restored")
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset") ?? 0
            guard count < Self.maximumChordsets else { throw LibraryError(.full, "the library holds at most \(Self.maximumChordsets) chordsets") }
            var ids = try String.fetchAll(db, sql: "SELECT id FROM chordset ORDER BY sortIndex, title")
            let place = min(max(row["sortIndex"] as Int, 0), ids.count)
            chordset.index = place
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset WHERE id = ?", arguments: [id.uuidString]) ?? 0 > 0 {
                throw LibraryError(.invalid, "the chordset \(id.uuidString) is in the library already")
            }
            try ChordsetRows.insert(chordset, db)
            try db.execute(sql: "DELETE FROM deletedChordset WHERE id = ?", arguments: [id.uuidString])
            ids.insert(id.uuidString, at: place)
            try Self.renumber(ids, db)
            return chordset
        }
    }

    /// Adds back every factory chordset that is not in the library (by its id), at the end of the list; the
    /// performer's own chordsets, and factory ones they changed, are left as they are. How many came back.
    @discardableResult
    public func restoreFactoryChordsets() throws(LibraryError) -> Int {
        try write { db in
            var count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset") ?? 0
            var restored = 0
            for var chordset in FactoryChordsets.all {
                let present = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset WHERE id = ?", arguments: [chordset.id.uuidString]) ?? 0
                guard present == 0 else { continue }
                guard count < Self.maximumChordsets else { throw LibraryError(.full, "the library holds at most \(Self.maximumChordsets) chordsets") }
                chordset.index = count
                try ChordsetRows.insert(chordset, db)
                // A deleted copy waiting for undo would now clash with the restored one.
                try db.execute(sql: "DELETE FROM deletedChordset WHERE id = ?", arguments: [chordset.id.uuidString])
                count += 1
                restored += 1
            }
            return restored
        }
    }

    private static func purgeDeleted(before moment: Date, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM deletedChordset WHERE deletedAt < ?", arguments: [moment.timeIntervalSince1970])
    }
}
