import Foundation
import GRDB
import Instrument

extension ChordsetLibrary {
    /// The preference's value, or its default when never set; one kept that cannot be read (or no longer
    /// holds its rule) is refused with why — never silently replaced — and left in the library as it is.
    public func preference<Value>(_ key: PreferenceKey<Value>) throws(LibraryError) -> Value {
        let text = try read { db in try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [key.name]) }
        guard let text else { return key.defaultValue }
        do {
            let value = try ChordsetRows.decode(Value.self, text)
            try key.validate(value)
            return value
        } catch {
            let cause = Self.describeDecoding(error)
            throw LibraryError(.storage, "the preference \(key.name) kept in the library cannot be read (\(cause)); its default is used until it is set again", cause: error)
        }
    }

    /// The preference's value, or its default — with why, when the kept one cannot be read.
    public func preferenceOrDefault<Value>(_ key: PreferenceKey<Value>) -> (value: Value, problem: String?) {
        do { return (try preference(key), nil) } catch { return (key.defaultValue, error.message) }
    }

    /// Sets a preference after checking its value; throws and keeps the old value if it is refused.
    public func setPreference<Value>(_ key: PreferenceKey<Value>, to value: Value) throws(LibraryError) {
        try key.validate(value)
        let text: String
        do { text = try ChordsetRows.json(value) } catch { throw LibraryError(.storage, "cannot store \(key.name): \(error)", cause: error) }
        try write { db in
            try db.execute(
                sql: "INSERT INTO preference (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key.name, text])
        }
    }
}

extension ChordsetLibrary {
    /// The chordset on the pads: the one at the `currentChordset` preference's index (the last one if the
    /// list has become shorter), or nil when the library is empty.
    public func currentChordset() throws(LibraryError) -> Chordset? {
        let all = try list()
        guard !all.isEmpty else { return nil }
        let index = min(preferenceOrDefault(.currentChordset).value, all.count - 1)
        return try chordset(id: all[index].id)
    }

    /// Puts the chordset at `index` on the pads (seed 002's stepping through chordsets).
    public func setCurrentChordset(index: Int) throws(LibraryError) {
        let count = try list().count
        guard (0..<count).contains(index) else {
            throw LibraryError(.notFound, "there is no chordset \(index); the library's are numbered 0 to \(count - 1)")
        }
        try setPreference(.currentChordset, to: index)
    }
}

extension ChordsetLibrary {
    /// Sets several preferences at once: every value is checked first, and all are kept or none. The
    /// panels named in `panelVisibility` are shown or hidden and the others keep what they are, read in the
    /// same transaction: two consoles that each toggle a panel at once both keep their change.
    public func setPreferences(
        panelVisibility: [String: Bool]? = nil, tempo: Double? = nil, outputSize: [Int]? = nil, midiMappings: [String: String]? = nil,
        oscOut: [String]? = nil, dmx: [String]? = nil
    ) throws(LibraryError) {
        var rows: [(String, String)] = []
        func add<Value>(_ key: PreferenceKey<Value>, _ value: Value?) throws(LibraryError) {
            guard let value else { return }
            try key.validate(value)
            do { rows.append((key.name, try ChordsetRows.json(value))) } catch {
                throw LibraryError(.storage, "cannot store \(key.name): \(error)", cause: error)
            }
        }
        if let panelVisibility { try PreferenceKey<[String: Bool]>.panelVisibility.validate(panelVisibility) }
        try add(.tempo, tempo)
        try add(.outputSize, outputSize)
        try add(.midiMappings, try midiMappings.map { (map) throws(LibraryError) in try PreferenceKey<[String: String]>.keptMappings(map) })
        try add(.oscOut, oscOut)
        try add(.dmx, dmx)
        try write { db in
            let panels = try panelVisibility.map { changes in [try Self.panelsRow(merging: changes, db)] } ?? []
            for (name, text) in rows + panels {
                try db.execute(
                    sql: "INSERT INTO preference (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [name, text])
            }
        }
    }

    /// The panel map `changes` makes of the one kept (of the first-run map, when none is kept or it cannot be read).
    private static func panelsRow(merging changes: [String: Bool], _ db: Database) throws -> (String, String) {
        let key = PreferenceKey<[String: Bool]>.panelVisibility
        let text = try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [key.name])
        // Unreadable: said as it is read; the first-run map stands in.
        let kept = text.flatMap { try? ChordsetRows.decode([String: Bool].self, $0) }.flatMap { map in (try? key.validate(map)).map { map } }
        return (key.name, try ChordsetRows.json((kept ?? key.defaultValue).merging(changes) { _, new in new }))
    }
}
