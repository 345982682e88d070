import Foundation
import GRDB
import Instrument

/// Chordsets to rows and back: one row per chordset, one per chord; a chord's background colour in columns,
/// its pulse, lumi group, panes and rhythm as JSON.
enum ChordsetRows {
    static func insert(_ chordset: Chordset, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO chordset (id, title, creationDate, sortIndex, headroom) VALUES (?, ?, ?, ?, ?)",
            arguments: [
                chordset.id.uuidString, chordset.title, chordset.creationDate.timeIntervalSince1970, chordset.index,
                chordset.headroom,
            ])
        for chord in chordset.chords { try insert(chord, chordsetID: chordset.id, db) }
    }

    static func insert(_ chord: Chord, chordsetID: UUID, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO chord (chordsetId, position, title, hueCenter, hueRange, purityCenter, purityRange,
                                   pulse, lumis, panes, rhythm)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                chordsetID.uuidString, chord.position, chord.title, chord.background.hue.center, chord.background.hue.range,
                chord.background.purity.center, chord.background.purity.range, try json(chord.pulse), try json(chord.lumis),
                try json(chord.panes), try chord.rhythm.map(json),
            ])
    }

    /// The chordset with this id, or nil.
    static func fetch(id: UUID, _ db: Database) throws -> Chordset? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM chordset WHERE id = ?", arguments: [id.uuidString]) else {
            return nil
        }
        let chords = try Row.fetchAll(
            db, sql: "SELECT * FROM chord WHERE chordsetId = ? ORDER BY position", arguments: [id.uuidString]
        ).map(chord(from:))
        let title: String = row["title"]
        do {
            return try Chordset(
                id: id, title: title, creationDate: Date(timeIntervalSince1970: row["creationDate"]), index: row["sortIndex"],
                chords: chords, headroom: row["headroom"])
        } catch {
            throw LibraryError(.storage, "the chordset \"\(title)\" in the library cannot be played: \(error)", cause: error)
        }
    }

    /// Every chordset, whole, in the list's order: two queries, however many there are.
    static func fetchAll(_ db: Database) throws -> [Chordset] {
        var chords: [String: [Chord]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM chord ORDER BY chordsetId, position") {
            chords[row["chordsetId"], default: []].append(try chord(from: row))
        }
        return try Row.fetchAll(db, sql: "SELECT * FROM chordset ORDER BY sortIndex, title").map { row in
            let id: String = row["id"]
            let title: String = row["title"]
            do {
                return try Chordset(
                    id: UUID(uuidString: id) ?? UUID(), title: title, creationDate: Date(timeIntervalSince1970: row["creationDate"]),
                    index: row["sortIndex"], chords: chords[id] ?? [], headroom: row["headroom"])
            } catch {
                throw LibraryError(.storage, "the chordset \"\(title)\" in the library cannot be played: \(error)", cause: error)
            }
        }
    }

    static func chord(from row: Row) throws -> Chord {
        let position: Int = row["position"]
        do {
            let hue = try RibbonSelection(center: row["hueCenter"], range: row["hueRange"])
            let purity = try RibbonSelection(center: row["purityCenter"], range: row["purityRange"])
            let rhythm: String? = row["rhythm"]
            return Chord(
                position: position, title: row["title"], background: ColorSelection(hue: hue, purity: purity),
                pulse: try decode(Pulse.self, row["pulse"]), lumis: try decode([Lumi].self, row["lumis"]),
                panes: try decode([Pane].self, row["panes"]), rhythm: try rhythm.map { try decode(Rhythm.self, $0) })
        } catch let error as DecodingError {
            throw LibraryError(.storage, "chord \(position) in the library cannot be read: \(DecodingProblem(error))", cause: error)
        } catch {
            throw LibraryError(.storage, "chord \(position) in the library cannot be read: \(error)", cause: error)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
