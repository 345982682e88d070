import Foundation
import GRDB
import Instrument
import UserText

/// Chordsets to rows and back: one row per chordset, one per chord; a chord's background colour in columns,
/// its pulse, lumi group, panes and rhythm as JSON, its polyphony a number.
enum ChordsetRows {
    static func insert(_ chordset: Chordset, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO chordset (id, title, creationDate, sortIndex, headroom) VALUES (?, CAST(? AS TEXT), ?, ?, ?)",
            arguments: [
                chordset.id.uuidString, StoredText(chordset.title), chordset.creationDate.timeIntervalSince1970, chordset.index,
                chordset.headroom,
            ])
        for chord in chordset.chords { try insert(chord, chordsetID: chordset.id, db) }
    }

    static func insert(_ chord: Chord, chordsetID: UUID, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO chord (chordsetId, position, title, hueCenter, hueRange, purityCenter, purityRange,
                                   pulse, lumis, panes, rhythm, polyphony)
                VALUES (?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                chordsetID.uuidString, chord.position, StoredText(chord.title), chord.background.hue.center, chord.background.hue.range,
                chord.background.purity.center, chord.background.purity.range, try json(chord.pulse), try json(chord.lumis),
                try json(chord.panes), try chord.rhythm.map(json), chord.polyphony,
            ])
    }

    /// The columns of a chordset row, its title as stored byte for byte.
    static let chordsetColumns = "id, CAST(title AS BLOB) AS title, creationDate, sortIndex, headroom"
    /// The columns of a chord row, its title as stored byte for byte.
    static let chordColumns = """
        chordsetId, position, CAST(title AS BLOB) AS title, hueCenter, hueRange, purityCenter, purityRange, pulse, lumis, panes, rhythm,
        polyphony
        """

    /// The chordset with this id, or nil; a chordset that cannot be read is refused with why.
    static func fetch(id: UUID, _ db: Database) throws -> Chordset? {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(chordsetColumns) FROM chordset WHERE id = ?", arguments: [id.uuidString]) else {
            return nil
        }
        let chords = try Row.fetchAll(db, sql: "SELECT \(chordColumns) FROM chord WHERE chordsetId = ? ORDER BY position", arguments: [id.uuidString])
        switch Result(catching: { () throws(LibraryDamage) in try chordset(from: row, chords: chords) }) {
        case .success(let chordset): return chordset
        case .failure(let damage):
            throw LibraryError(.storage, "the chordset \(damage.shownName) in the library cannot be played: \(damage.reason); `imager library check` shows what to do")
        }
    }

    /// Every chordset that can be read, in the list's order, and those that cannot, set aside with why: two
    /// queries, however many there are.
    static func fetchAll(_ db: Database) throws -> (chordsets: [Chordset], damaged: [LibraryDamage]) {
        var chords: [String: [Row]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT \(chordColumns) FROM chord ORDER BY chordsetId, position") {
            let id: String? = try? row.decode(forColumn: "chordsetId")  // unreadable: its chordset lacks a chord, set aside
            chords[id ?? "", default: []].append(row)
        }
        var chordsets: [Chordset] = [], damaged: [LibraryDamage] = []
        for row in try Row.fetchAll(db, sql: "SELECT \(chordsetColumns) FROM chordset ORDER BY sortIndex, title") {
            let id: String? = try? row.decode(forColumn: "id")  // unreadable: chordset(from:) sets it aside
            switch Result(catching: { () throws(LibraryDamage) in try chordset(from: row, chords: chords[id ?? ""] ?? []) }) {
            case .success(let chordset): chordsets.append(chordset)
            case .failure(let damage): damaged.append(damage)
            }
        }
        return (chordsets, damaged)
    }

    /// The chordset of a row and its chords' rows, or a `LibraryDamage` saying why it cannot be played.
    private static func chordset(from row: Row, chords: [Row]) throws(LibraryDamage) -> Chordset {
        let id: String = (try? row.decode(forColumn: "id")) ?? "?"  // unreadable: refused below, its id not a UUID
        let title = try? row.storedText("title")  // only names the damage
        func damage(_ reason: String) -> LibraryDamage {
            LibraryDamage(kind: .chordset, key: id, name: title.map(UserText.printable), reason: reason)
        }
        do {
            guard let uuid = UUID(uuidString: id) else { throw LibraryError(.storage, "its id \(id) is not one") }
            return try Chordset(
                id: uuid, title: try row.storedText("title"), creationDate: Date(timeIntervalSince1970: try row.decode(forColumn: "creationDate")),
                index: try row.decode(forColumn: "sortIndex"), chords: try chords.map(chord(from:)), headroom: try row.decode(forColumn: "headroom"))
        } catch let error as LibraryError {
            throw damage(error.message)
        } catch {
            throw damage("\(error)")
        }
    }

    static func chord(from row: Row) throws -> Chord {
        let position: Int? = try? row.decode(forColumn: "position")  // only names the chord in the error
        let which = position.map { "chord \($0 + 1)" } ?? "a chord"
        do {
            let hue = try RibbonSelection(center: try row.decode(forColumn: "hueCenter"), range: try row.decode(forColumn: "hueRange"))
            let purity = try RibbonSelection(center: try row.decode(forColumn: "purityCenter"), range: try row.decode(forColumn: "purityRange"))
            let rhythm: String? = try row.decode(forColumn: "rhythm")
            let chord = Chord(
                position: try row.decode(forColumn: "position"), title: try row.storedText("title"), background: ColorSelection(hue: hue, purity: purity),
                pulse: try decode(Pulse.self, try row.decode(forColumn: "pulse")), lumis: try decodedLumis.value(of: try row.decode(forColumn: "lumis")),
                panes: try decode([Pane].self, try row.decode(forColumn: "panes")), rhythm: try rhythm.map { try decode(Rhythm.self, $0) },
                polyphony: try row.decode(forColumn: "polyphony"))
            try chord.validate()
            return chord
        } catch let error as DecodingError {
            throw LibraryError(.storage, "\(which) cannot be read: \(DecodingProblem(error))", cause: error)
        } catch let error as LibraryError {
            throw LibraryError(.storage, "\(which) cannot be read: \(error.message)", cause: error)
        } catch {
            throw LibraryError(.storage, "\(which) cannot be read: \(error)", cause: error)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Chords' lumis, decoded once for each text a row holds (the list reads every chordset at each change).
    static let decodedLumis = DecodedJSON<[Lumi]>(limit: 8192)

    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
