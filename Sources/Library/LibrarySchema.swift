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
        migrator.registerMigration("v4: compositions, their hierarchies, scores and sounds") { db in
            // Seed 003's music library (docs/composition.md). Ids are the music library's own numbers, one
            // counter for all of them (libraryInfo 'musicLastIdentifier').
            try db.create(table: "musicSound") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
                t.column("sampleRate", .integer).notNull()
                t.column("channelCount", .integer).notNull()
                t.column("frameCount", .integer).notNull()
                t.column("file", .blob).notNull()  // the audio file as it was imported (or made), whole
            }
            try db.create(table: "musicPart") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
                t.column("length", .integer).notNull()  // ticks, 960 to a beat
                t.column("tempo", .double).notNull()  // beats per minute
            }
            try db.create(table: "musicVoice") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
                t.column("soundId", .integer).references("musicSound")
                t.column("chordsetId", .text)  // a light: the chordset and chord (0…7) it lights
                t.column("chord", .integer)
            }
            for hierarchy in ["musicPart", "musicVoice"] {
                try db.create(table: "\(hierarchy)Child") { t in
                    t.column("parentId", .integer).notNull().references(hierarchy, onDelete: .cascade)
                    t.column("position", .integer).notNull()
                    t.column("place", .integer).notNull().unique()
                    t.column("childId", .integer).notNull().references(hierarchy)
                    t.primaryKey(["parentId", "position"])
                }
            }
            try db.create(table: "musicScore") { t in
                t.primaryKey("id", .integer)
                t.column("events", .text).notNull()  // JSON: [{start, length, gain, offset, continues}]
            }
            try db.create(table: "musicPair") { t in
                t.column("partId", .integer).notNull().references("musicPart")
                t.column("voiceId", .integer).notNull().references("musicVoice")
                t.column("scoreId", .integer).notNull().references("musicScore")
                t.primaryKey(["partId", "voiceId"])
            }
            try db.create(table: "musicMutedCell") { t in
                t.column("partId", .integer).notNull().references("musicPart")
                t.column("voiceId", .integer).notNull().references("musicVoice")
                t.column("columnPlace", .integer).notNull()
                t.column("rowPlace", .integer)  // NULL: the voice's own row, when it is atomic
            }
            try db.create(table: "composition") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull().unique(onConflict: .abort).collate(.nocase)
                t.column("partId", .integer).notNull().references("musicPart")
                t.column("voiceId", .integer).notNull().references("musicVoice")
            }
        }
        migrator.registerMigration("v5: names kept by the text rule") { db in
            // Earlier builds stored what a NUL left of a name (often nothing) and names with control characters.
            let notes = try NameMending.mend(db)
            try db.execute(sql: "INSERT OR REPLACE INTO libraryInfo (key, value) VALUES ('mendedNames', ?)", arguments: [notes.joined(separator: "\n")])
        }
        migrator.registerMigration("v6: sounds taken out kept for undo") { db in
            try db.alter(table: "musicSound") { t in t.add(column: "retired", .boolean).notNull().defaults(to: false) }
        }
        migrator.registerMigration("v7: a chord's own polyphony") { db in
            try db.alter(table: "chord") { t in
                t.add(column: "polyphony", .integer)  // 1…16 releases at once, or NULL: no limit of its own
            }
        }
        migrator.registerMigration("v8: the fixture patch") { db in
            // The LED fixtures on DMX (docs/fixtures.md): one row each, in the patch's order, so that one that
            // cannot be read costs only itself.
            try db.create(table: "fixture") { t in
                t.primaryKey("position", .integer)
                t.column("content", .text).notNull()  // JSON: the fixture as the API writes it
            }
        }
        migrator.registerMigration("v9: the stage's outputs") { db in
            // The canvases as mapped outputs (docs/outputs.md): one row each, in the outputs' order, Main among
            // them once it has been changed, so that one that cannot be read costs only itself.
            try db.create(table: "stageOutput") { t in
                t.primaryKey("position", .integer)
                t.column("content", .text).notNull()  // JSON: the output as the API writes it
            }
        }
        return migrator
    }
}
