import GRDB
import UserText

/// Migration v5's work: every name an earlier build stored that the text rule refuses — empty, holding a
/// control character (a NUL cut it short, and what was left may be nothing), not composed, with spaces at its
/// ends, too long — is mended: what the rule refuses is taken out, and a name left empty becomes "Untitled 1",
/// "Untitled 2", …. Each rename is noted for the log.
enum NameMending {
    /// The columns that hold names: table, column, and whether it may be empty (a chord's title).
    static let columns: [(table: String, column: String, what: String, allowsEmpty: Bool)] = [
        ("chordset", "title", "the chordset", false), ("chord", "title", "a chord", true),
        ("musicSound", "name", "the sound", false), ("musicPart", "name", "the part", false),
        ("musicVoice", "name", "the voice", false), ("composition", "name", "the composition", false),
    ]

    /// Mends every name in `db`; what was renamed, one line each.
    static func mend(_ db: Database) throws -> [String] {
        var notes: [String] = []
        for (table, column, what, allowsEmpty) in columns {
            var taken = Set(try StoredText.fetchAll(db, sql: "SELECT CAST(\(column) AS BLOB) FROM \(table)").map { $0.text.lowercased() })
            var untitled = 0
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS rowKey, CAST(\(column) AS BLOB) AS name FROM \(table) ORDER BY rowid") {
                let rowid: Int64 = try row.decode(forColumn: "rowKey")
                let stored: StoredText? = try? row.decode(forColumn: "name")  // unreadable: renamed below, noted as not text
                if let stored, UserText.isKept(stored.text, allowsEmpty: allowsEmpty) { continue }
                var name = stored.flatMap { UserText.mended($0.text) } ?? ""
                if name.isEmpty, !allowsEmpty {
                    repeat { untitled += 1; name = "Untitled \(untitled)" } while taken.contains(name.lowercased())
                } else if table == "composition", taken.contains(name.lowercased()) {
                    var number = 2
                    while taken.contains("\(name) (\(number))".lowercased()) { number += 1 }
                    name = "\(name) (\(number))"
                }
                taken.insert(name.lowercased())
                try db.execute(sql: "UPDATE \(table) SET \(column) = CAST(? AS TEXT) WHERE rowid = ?", arguments: [StoredText(name), rowid])
                let was = stored.map { "\"\(UserText.printable($0.text))\"" } ?? "(not text)"
                notes.append("renamed \(what) \(was) to \"\(name)\": the name broke the text rule (docs/library-api.md)")
            }
        }
        return notes
    }
}
