import Foundation
import GRDB
import Instrument
import UserText

extension ChordsetLibrary {
    /// The most chordsets one library holds.
    public static let maximumChordsets = 10_000

    /// Every chordset that can be played, in the performer's order (those that cannot are in `damage()`).
    public func list() throws(LibraryError) -> [ChordsetSummary] {
        try allChordsets().map { ChordsetSummary(id: $0.id, index: $0.index, title: $0.title, creationDate: $0.creationDate) }
    }

    /// Every chordset that can be played, whole (with its chords), in the performer's order; one that cannot
    /// is kept aside, listed by `damage()`.
    public func allChordsets() throws(LibraryError) -> [Chordset] {
        try read { db in try ChordsetRows.fetchAll(db).chordsets }
    }

    public func chordset(id: UUID) throws(LibraryError) -> Chordset {
        guard let chordset = try read({ db in try ChordsetRows.fetch(id: id, db) }) else {
            throw LibraryError(.notFound, "there is no chordset with id \(id.uuidString) in the library")
        }
        return chordset
    }

    /// The chordset named by its number in the list (counted from 1, as people count) or by its title
    /// (ignoring case).
    public func chordset(named name: String) throws(LibraryError) -> Chordset {
        let name = (try? Self.checkedTitle(name)) ?? name  // a title the check refuses is sought as given
        let all = try list()
        if let number = Int(name), let match = all.first(where: { $0.number == number }) { return try chordset(id: match.id) }
        let matches = all.filter { $0.title.lowercased() == name.lowercased() }
        guard let match = matches.first else {
            throw LibraryError(.notFound, "no chordset \"\(name)\" in the library; `imager chordsets list` shows them")
        }
        guard matches.count == 1 else {
            throw LibraryError(.invalid, "\(matches.count) chordsets are called \"\(name)\"; name one by its number")
        }
        return try chordset(id: match.id)
    }

    /// Adds a chordset of eight default chords at the end of the list.
    @discardableResult
    public func add(title: String) throws(LibraryError) -> Chordset {
        let title = try Self.checkedTitle(title)
        return try write { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset") ?? 0
            guard count < Self.maximumChordsets else {
                throw LibraryError(.full, "the library holds at most \(Self.maximumChordsets) chordsets")
            }
            let chordset = try Chordset.empty(title: title, index: count)
            try ChordsetRows.insert(chordset, db)
            return chordset
        }
    }

    /// Renames a chordset; the title is taken by the text rule (`UserText`), refused with why, or kept as
    /// the rule keeps it — which is what the chordset returned and every later read holds.
    @discardableResult
    public func rename(_ id: UUID, to title: String) throws(LibraryError) -> Chordset {
        var chordset = try self.chordset(id: id)
        chordset.title = try Self.checkedTitle(title)
        do { try chordset.validate() } catch { throw LibraryError(.invalid, error.description, cause: error) }
        try write { db in
            try db.execute(sql: "UPDATE chordset SET title = CAST(? AS TEXT) WHERE id = ?", arguments: [StoredText(chordset.title), id.uuidString])
        }
        return chordset
    }

    /// `title` as the text rule keeps a chordset's title, or its refusal.
    static func checkedTitle(_ title: String) throws(LibraryError) -> String {
        do { return try Chordset.checkedText(title, as: "a chordset title") } catch { throw LibraryError(.invalid, error.description, cause: error) }
    }

    /// Sets how strongly a chordset's output stage keeps a full stage from burning out (0…1), taken up by the
    /// performance when the chordset is loaded; nil: the chordset leaves the performer's setting as it is.
    public func setHeadroom(_ strength: Double?, of id: UUID) throws(LibraryError) {
        var chordset = try self.chordset(id: id)
        chordset.headroom = strength
        do { try chordset.validate() } catch { throw LibraryError(.invalid, error.description, cause: error) }
        try write { db in
            try db.execute(sql: "UPDATE chordset SET headroom = ? WHERE id = ?", arguments: [strength, id.uuidString])
        }
    }

    /// Moves a chordset to `index` in the list (clamped to the list), shifting the others.
    public func move(_ id: UUID, to index: Int) throws(LibraryError) {
        try write { db in
            var ids = try String.fetchAll(db, sql: "SELECT id FROM chordset ORDER BY sortIndex, title")
            guard let from = ids.firstIndex(of: id.uuidString) else {
                throw LibraryError(.notFound, "there is no chordset with id \(id.uuidString) in the library")
            }
            ids.remove(at: from)
            ids.insert(id.uuidString, at: min(max(index, 0), ids.count))
            try Self.renumber(ids, db)
        }
    }

    /// A copy of a chordset, with a new id and its title followed by " (2)" (or the next free number), at
    /// the end of the list.
    @discardableResult
    public func duplicate(_ id: UUID) throws(LibraryError) -> Chordset {
        let original = try chordset(id: id)
        return try write { db in try Self.insertCopy(of: original, db) }
    }

    /// Moves the chord at `from` to `to` (0…7) within a chordset, shifting the chords between; the
    /// chordset as it now is.
    @discardableResult
    public func moveChord(from: Int, to: Int, in id: UUID) throws(LibraryError) -> Chordset {
        var chordset = try self.chordset(id: id)
        do { try chordset.moveChord(from: from, to: to) } catch { throw LibraryError(.notFound, error.description, cause: error) }
        let moved = chordset
        try write { db in
            try db.execute(sql: "DELETE FROM chord WHERE chordsetId = ?", arguments: [id.uuidString])
            for chord in moved.chords { try ChordsetRows.insert(chord, chordsetID: id, db) }
        }
        return moved
    }

    /// Stores a chord into its position of a chordset (seed 002's shift-store).
    public func store(_ chord: Chord, in id: UUID) throws(LibraryError) {
        do { try chord.validate() } catch { throw LibraryError(.invalid, error.description, cause: error) }
        try write { db in
            try db.execute(
                sql: "DELETE FROM chord WHERE chordsetId = ? AND position = ?", arguments: [id.uuidString, chord.position])
            guard db.changesCount > 0 else { throw LibraryError(.notFound, "there is no chordset with id \(id.uuidString) in the library") }
            try ChordsetRows.insert(chord, chordsetID: id, db)
        }
    }

    /// The chord at `position` (0…7) of a chordset.
    public func recall(_ position: Int, in id: UUID) throws(LibraryError) -> Chord {
        guard (0..<Chordset.chordCount).contains(position) else {
            throw LibraryError(.notFound, "there is no chord \(position); chords are numbered 0 to 7")
        }
        guard let chord = try read({ db in
            try Row.fetchOne(db, sql: "SELECT \(ChordsetRows.chordColumns) FROM chord WHERE chordsetId = ? AND position = ?", arguments: [id.uuidString, position])
                .map(ChordsetRows.chord(from:))
        }) else {
            throw LibraryError(.notFound, "there is no chordset with id \(id.uuidString) in the library")
        }
        return chord
    }

    /// Inserts `chordset` as a new one: a new id, a free title, the end of the list.
    static func insertCopy(of chordset: Chordset, _ db: Database) throws -> Chordset {
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chordset") ?? 0
        guard count < maximumChordsets else { throw LibraryError(.full, "the library holds at most \(maximumChordsets) chordsets") }
        let titles = Set(try String.fetchAll(db, sql: "SELECT title FROM chordset"))
        var copy = chordset
        copy.id = UUID()
        copy.index = count
        copy.title = freeTitle(for: chordset.title, taken: titles)
        try ChordsetRows.insert(copy, db)
        return copy
    }

    /// `title` if no chordset has it, else "title (2)", "title (3)", … (kept within the title limit).
    static func freeTitle(for title: String, taken: Set<String>) -> String {
        guard taken.contains(title) else { return title }
        var number = 2
        while true {
            let suffix = " (\(number))"
            var kept = String(title.prefix(Chordset.maximumTitleLength - suffix.count))
            // Within the text rule's bytes too: a title of combining marks is long in bytes, not in characters.
            while (kept + suffix).utf8.count > UserText.maximumBytes(forLength: Chordset.maximumTitleLength) { kept.removeLast() }
            kept = kept.trimmingCharacters(in: .whitespacesAndNewlines)
            let candidate = (kept.isEmpty ? "Chordset" : kept) + suffix
            if !taken.contains(candidate) { return candidate }
            number += 1
        }
    }

    static func renumber(_ ids: [String], _ db: Database) throws {
        for (index, id) in ids.enumerated() {
            try db.execute(sql: "UPDATE chordset SET sortIndex = ? WHERE id = ?", arguments: [index, id])
        }
    }
}
