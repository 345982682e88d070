import Composition
import Foundation
import GRDB
import Instrument
import UserText

/// The records of the library that cannot be read as they are: listed with why, and mended by the performer
/// — renamed, or deleted — one by one. Reading never deletes them; only `deleteDamaged` does, when asked.
extension ChordsetLibrary {
    /// Every damaged record: the chordsets first, in the list's order, then the music library's — or only
    /// those of the one asked for (the chordset list's and the lab's each read theirs alone).
    public func damage(chordsets: Bool = true, music: Bool = true) throws(LibraryError) -> [LibraryDamage] {
        try read { db in
            (chordsets ? try ChordsetRows.fetchAll(db).damaged : []) + (music ? try musicLibrary(db).damage : [])
        }
    }

    /// Gives a damaged record a new name (taken by the text rule); what it is then is read again, and it may
    /// still be damaged for another reason (then it stays listed, with that reason). Refused for a record that
    /// is not damaged — it is renamed where it is played — or that has no name.
    public func renameDamaged(_ kind: LibraryDamage.Kind, _ key: String, to name: String) throws(LibraryError) {
        let record = try damagedRecord(kind, key)
        guard record.isRenamable else { throw LibraryError(.invalid, "a \(kind.rawValue) has no name to give; delete it instead") }
        let table: String, column: String, what: String
        switch kind {
        case .chordset: (table, column, what) = ("chordset", "title", "a chordset title")
        case .sound: (table, column, what) = ("musicSound", "name", "a sound's name")
        case .part: (table, column, what) = ("musicPart", "name", "a part's name")
        case .voice: (table, column, what) = ("musicVoice", "name", "a voice's name")
        default: (table, column, what) = ("composition", "name", "a composition's name")
        }
        let kept: String
        do { kept = try Chordset.checkedText(name, as: what) } catch { throw LibraryError(.invalid, error.description, cause: error) }
        try write { db in
            do {
                let id: any DatabaseValueConvertible = kind == .chordset ? key : Int64(key) ?? 0
                try db.execute(sql: "UPDATE \(table) SET \(column) = CAST(? AS TEXT) WHERE id = ?", arguments: [StoredText(kept), id])
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw LibraryError(.invalid, "there is already a composition named \(kept)", cause: error)
            }
        }
    }

    /// Deletes a damaged record for good, with the links that hang on it (a part's or voice's places under
    /// parents and children, its pairs and muted cells; a score's pairs). Refused for a record that is not
    /// damaged, and for one that a composition or a voice still stands on: delete or mend that first.
    public func deleteDamaged(_ kind: LibraryDamage.Kind, _ key: String) throws(LibraryError) {
        _ = try damagedRecord(kind, key)
        try write { db in
            if key.hasPrefix("row"), let rowid = Int64(key.dropFirst(3)) {
                try db.execute(sql: "DELETE FROM \(Self.table(of: kind)) WHERE rowid = ?", arguments: [rowid])
                return
            }
            let numbers = key.split(separator: "-").map { Int64($0) }
            switch kind {
            case .chordset:
                try db.execute(sql: "DELETE FROM chordset WHERE id = ?", arguments: [key])
                try Self.renumber(try String.fetchAll(db, sql: "SELECT id FROM chordset ORDER BY sortIndex, title"), db)
            case .sound:
                try Self.refuseIfUsed(db, "SELECT CAST(name AS BLOB) FROM musicVoice WHERE soundId = ?", key, by: "the voice")
                try db.execute(sql: "DELETE FROM musicSound WHERE id = ?", arguments: [numbers[0]])
                forgetDecoded(numbers.compactMap { $0 })
            case .part, .voice:
                let table = kind == .part ? "musicPart" : "musicVoice", column = kind == .part ? "partId" : "voiceId"
                try Self.refuseIfUsed(db, "SELECT CAST(name AS BLOB) FROM composition WHERE \(column) = ?", key, by: "the composition")
                try db.execute(sql: "DELETE FROM \(table)Child WHERE parentId = ? OR childId = ?", arguments: [numbers[0], numbers[0]])
                try db.execute(sql: "DELETE FROM musicMutedCell WHERE \(column) = ?", arguments: [numbers[0]])
                try db.execute(sql: "DELETE FROM musicPair WHERE \(column) = ?", arguments: [numbers[0]])
                try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [numbers[0]])
            case .partChild, .voiceChild:
                try db.execute(sql: "DELETE FROM \(Self.table(of: kind)) WHERE place = ?", arguments: [numbers[0]])
            case .score:
                try db.execute(sql: "DELETE FROM musicPair WHERE scoreId = ?", arguments: [numbers[0]])
                try db.execute(sql: "DELETE FROM musicScore WHERE id = ?", arguments: [numbers[0]])
            case .pair:
                try db.execute(sql: "DELETE FROM musicPair WHERE partId = ? AND voiceId = ?", arguments: [numbers[0], numbers[1]])
            case .mutedCell:
                try db.execute(
                    sql: "DELETE FROM musicMutedCell WHERE partId = ? AND voiceId = ? AND columnPlace = ? AND rowPlace IS ?",
                    arguments: [numbers[0], numbers[1], numbers[2], numbers.count > 3 ? numbers[3] : nil])
            case .composition:
                try db.execute(sql: "DELETE FROM composition WHERE id = ?", arguments: [numbers[0]])
            }
        }
    }

    /// The damaged record of that kind and key, or a refusal saying there is none.
    private func damagedRecord(_ kind: LibraryDamage.Kind, _ key: String) throws(LibraryError) -> LibraryDamage {
        guard let record = try damage().first(where: { $0.kind == kind && $0.key == key }) else {
            throw LibraryError(.notFound, "there is no damaged \(kind.rawValue) \(key) in the library; `imager library check` lists what is damaged")
        }
        return record
    }

    private static func table(of kind: LibraryDamage.Kind) -> String {
        switch kind {
        case .chordset: "chordset"
        case .sound: "musicSound"
        case .part: "musicPart"
        case .voice: "musicVoice"
        case .partChild: "musicPartChild"
        case .voiceChild: "musicVoiceChild"
        case .score: "musicScore"
        case .pair: "musicPair"
        case .mutedCell: "musicMutedCell"
        case .composition: "composition"
        }
    }

    private static func refuseIfUsed(_ db: Database, _ sql: String, _ key: String, by what: String) throws {
        if let user = try StoredText.fetchOne(db, sql: sql, arguments: [Int64(key)]) {
            throw LibraryError(.invalid, "\(what) \"\(UserText.printable(user.text))\" stands on it: delete or mend that first")
        }
    }
}
