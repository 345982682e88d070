import Foundation
import GRDB

/// Text as the library hands it to SQLite: its UTF-8 bytes with their length, never a C string that a NUL
/// would cut short. GRDB binds a Swift `String` as a NUL-terminated C string; a `StoredText` is bound as a
/// blob of its bytes instead, and the SQL that takes it says `CAST(? AS TEXT)`. Reading goes the same way
/// round: a column selected `CAST(name AS BLOB)` comes back byte for byte through `Row.storedText`.
struct StoredText: DatabaseValueConvertible {
    let text: String

    init(_ text: String) { self.text = text }

    var databaseValue: DatabaseValue { Data(text.utf8).databaseValue }

    static func fromDatabaseValue(_ value: DatabaseValue) -> StoredText? {
        switch value.storage {
        case .blob(let data): String(validating: data, as: UTF8.self).map(StoredText.init)
        case .string(let string): StoredText(string)
        default: nil
        }
    }
}

extension Row {
    /// The text of `column` (selected `CAST(… AS BLOB)`) exactly as stored, or why it cannot be read.
    func storedText(_ column: String) throws -> String {
        guard let value: StoredText = try decode(forColumn: column) else {
            throw LibraryError(.storage, "its \(column) is missing or not text")
        }
        return value.text
    }
}
