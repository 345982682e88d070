import Foundation
import GRDB

extension ChordsetLibrary {
    /// The preference's value, or its default when never set (or unreadable).
    public func preference<Value>(_ key: PreferenceKey<Value>) throws(LibraryError) -> Value {
        let text = try read { db in try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [key.name]) }
        guard let text, let value = try? ChordsetRows.decode(Value.self, text) else { return key.defaultValue }
        return value
    }

    /// Sets a preference after checking its value; throws and keeps the old value if it is refused.
    public func setPreference<Value>(_ key: PreferenceKey<Value>, to value: Value) throws(LibraryError) {
        try key.validate(value)
        let text: String
        do { text = try ChordsetRows.json(value) } catch { throw LibraryError("cannot store \(key.name): \(error)") }
        try write { db in
            try db.execute(
                sql: "INSERT INTO preference (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key.name, text])
        }
    }
}
