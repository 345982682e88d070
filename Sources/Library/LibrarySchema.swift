import GRDB

/// The library's schema, as the migrations that build it. Every change to the schema is a new migration,
/// appended here and never edited once released: that is what keeps every library ever written readable.
enum LibrarySchema {
    /// The migrations in order; a library that has applied one this list does not know was written by a
    /// newer Image Performer.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: chordsets, chords, preferences") { db in
            try db.create(table: "chordset") { t in
                t.primaryKey("id", .text)
                t.column("title", .text).notNull()
                t.column("creationDate", .double).notNull()
                t.column("sortIndex", .integer).notNull()
            }
            try db.create(table: "chord") { t in
                t.column("chordsetId", .text).notNull().references("chordset", onDelete: .cascade)
                t.column("position", .integer).notNull().check { $0 >= 0 && $0 <= 7 }
                t.column("title", .text).notNull()
                t.column("hueCenter", .double).notNull()
                t.column("hueRange", .double).notNull()
                t.column("purityCenter", .double).notNull()
                t.column("purityRange", .double).notNull()
                t.column("pulse", .text).notNull()  // JSON
                t.column("lumis", .text).notNull()  // JSON: the lumi group, with their forms, motions, features
                t.column("panes", .text).notNull()  // JSON
                t.column("rhythm", .text)  // JSON, or NULL
                t.primaryKey(["chordsetId", "position"])
            }
            try db.create(table: "preference") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()  // JSON
            }
            try db.create(table: "libraryInfo") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v2: a chordset's headroom") { db in
            try db.alter(table: "chordset") { t in
                t.add(column: "headroom", .double)  // 0…1, or NULL: the chordset leaves the performer's setting
            }
        }
        migrator.registerMigration("v3: deleted chordsets kept for undo") { db in
            try db.create(table: "deletedChordset") { t in
                t.primaryKey("id", .text)
                t.column("sortIndex", .integer).notNull()  // its place in the list when it was deleted
                t.column("deletedAt", .double).notNull()  // seconds since 1970
                t.column("content", .text).notNull()  // the chordset file of it (docs/chordset-file.md)
            }
        }
        return migrator
    }
}
