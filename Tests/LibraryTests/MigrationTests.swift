import Composition
import Foundation
import GRDB
import Instrument
import Testing
import TestSupport

@testable import Library

/// Every library an earlier Image Performer wrote opens with every chordset and chord intact. For each
/// migration there is a fixture: how a library at exactly that schema is filled. Adding a migration
/// without a fixture for the schema before it fails `everyMigrationHasAFixture`.
@Suite("Migrations")
struct MigrationTests {
    /// How to fill a library whose last migration is the key, with raw SQL of that schema.
    static let fixtures: [String: @Sendable (Database) throws -> Void] = [
        "v1: chordsets, chords, preferences": { db in
            try db.execute(sql: "INSERT INTO chordset (id, title, creationDate, sortIndex) VALUES ('8F2A5A4E-1111-4222-8333-944455556666', 'Old set', 1700000000, 0)")
            for position in 0..<8 {
                try db.execute(
                    sql: """
                        INSERT INTO chord (chordsetId, position, title, hueCenter, hueRange, purityCenter, purityRange, pulse, lumis, panes, rhythm)
                        VALUES ('8F2A5A4E-1111-4222-8333-944455556666', ?, ?, 0.5, 0.1, 0.4, 0.2,
                                '{"purityLag":0.25,"rate":{"beats":8},"waveform":{"kind":"triangle"}}', '[]',
                                '[{"frame":{"origin":{"x":0,"y":0},"size":{"width":1,"height":1}}}]', NULL)
                        """,
                    arguments: [position, "Old chord \(position)"])
            }
            try db.execute(sql: "INSERT INTO preference (key, value) VALUES ('tempo', '88')")
            try db.execute(sql: "INSERT INTO libraryInfo (key, value) VALUES ('seeded', 'long ago')")
        },
        "v2: a chordset's headroom": { db in
            try fixtures["v1: chordsets, chords, preferences"]!(db)
            try db.execute(sql: "UPDATE chordset SET headroom = 0.4")
        },
        "v3: deleted chordsets kept for undo": { db in
            try fixtures["v2: a chordset's headroom"]!(db)
            // A chordset deleted long ago waits in the trash; opening the library leaves the list as it was.
            try db.execute(sql: "INSERT INTO deletedChordset (id, sortIndex, deletedAt, content) VALUES ('0D000000-1111-4222-8333-944455556666', 1, 1700000000, '{}')")
        },
        "v4: compositions, their hierarchies, scores and sounds": { db in
            try fixtures["v3: deleted chordsets kept for undo"]!(db)
            // A composition of one part and one light: the old chordset's fourth chord, one beat at its start.
            try db.execute(sql: "INSERT INTO musicPart (id, name, length, tempo) VALUES (1, 'Old part', 3840, 90)")
            try db.execute(sql: "INSERT INTO musicVoice (id, name, soundId, chordsetId, chord) VALUES (2, 'Old light', NULL, '8F2A5A4E-1111-4222-8333-944455556666', 3)")
            try db.execute(sql: #"INSERT INTO musicScore (id, events) VALUES (3, '[{"start":0,"length":960,"gain":0.5,"offset":0,"continues":false}]')"#)
            try db.execute(sql: "INSERT INTO musicPair (partId, voiceId, scoreId) VALUES (1, 2, 3)")
            try db.execute(sql: "INSERT INTO composition (id, name, partId, voiceId) VALUES (4, 'Old song', 1, 2)")
            try db.execute(sql: "INSERT INTO libraryInfo (key, value) VALUES ('musicLastIdentifier', '4'), ('seededCompositions', 'long ago')")
        },
        "v5: names kept by the text rule": { db in
            try fixtures["v4: compositions, their hierarchies, scores and sounds"]!(db)
        },
        "v6: sounds taken out kept for undo": { db in
            try fixtures["v5: names kept by the text rule"]!(db)
            // A sound set aside for an undo that never came: opening the library lets it go.
            try db.execute(sql: "INSERT INTO musicSound (id, name, sampleRate, channelCount, frameCount, file, retired) VALUES (9, 'Gone', 8000, 1, 0, x'00', 1)")
        },
        "v7: a chord's own polyphony": { db in
            try fixtures["v6: sounds taken out kept for undo"]!(db)
            try db.execute(sql: "UPDATE chord SET polyphony = 3 WHERE position = 5")
        },
        "v8: the fixture patch": { db in
            try fixtures["v7: a chord's own polyphony"]!(db)
            try db.execute(sql: #"INSERT INTO fixture (position, content) VALUES (0, '{"name":"Old par","universe":1,"address":1,"kind":"rgb","point":{"x":0.5,"y":0.5}}')"#)
        },
        "v9: the stage's outputs": { db in
            try fixtures["v8: the fixture patch"]!(db)
            try db.execute(sql: #"INSERT INTO stageOutput (position, content) VALUES (0, '{"name":"Old wall","slice":{"x":0,"y":0,"width":0.5,"height":1}}')"#)
        },
    ]

    @Test func everyMigrationHasAFixture() {
        #expect(Set(LibrarySchema.migrator.migrations) == Set(Self.fixtures.keys))
    }

    @Test(arguments: LibrarySchema.migrator.migrations)
    func aLibraryWrittenAtThisSchemaOpensIntact(migration: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite").path
        let old = try DatabaseQueue(path: path)
        try LibrarySchema.migrator.migrate(old, upTo: migration)
        try old.write { db in try Self.fixtures[migration]!(db) }
        try old.close()

        let library = try ChordsetLibrary.open(at: folder.file("old.sqlite"))
        let chordset = try library.chordset(named: "Old set")
        #expect(chordset.chords.map(\.title) == (0..<8).map { "Old chord \($0)" })
        #expect(chordset.chords.allSatisfy { $0.background.hue.center == 0.5 && $0.panes == [.whole] })
        #expect(try library.preference(.tempo) == 88)
        #expect(try library.list().count == 1)  // seeded long ago: the factory sets are not added again
        // Before the headroom column, a chordset said none.
        #expect(chordset.headroom == (migration.hasPrefix("v1:") ? nil : 0.4))
        // Before the polyphony column, no chord had one of its own.
        #expect(chordset.chords.map(\.polyphony) == (0..<8).map { $0 == 5 && ["v7:", "v8:", "v9:"].contains(where: migration.hasPrefix) ? 3 : nil })
        let music = try library.musicLibrary()
        // Before the patch, no fixtures; a patch from before profiles reads as it was: a generic kind, no profile.
        let fixtures = try library.fixturePatch().patch.fixtures
        #expect(fixtures.map(\.name) == (["v8:", "v9:"].contains(where: migration.hasPrefix) ? ["Old par"] : []))
        #expect(fixtures.allSatisfy { $0.kind == .rgb && $0.profile == nil && $0.hold.isEmpty && $0.channelCount == 3 })
        // Before the outputs, Main alone.
        #expect(try library.stageOutputs().outputs.outputs.map(\.name) == (migration.hasPrefix("v9:") ? ["Main", "Old wall"] : ["Main"]))
        if ["v4:", "v5:", "v6:", "v7:", "v8:", "v9:"].contains(where: migration.hasPrefix) {
            // Seeded long ago: the factory composition is not added again.
            let song = try #require(music.composition(named: "Old song"))
            #expect(music.compositions.count == 1)
            #expect(music.score(of: song.pair)?.events == [try ScoreEvent(start: 0, length: 960, gain: 0.5)])
            #expect(music.voices[song.pair.voice]?.sound == .light(try ChordReference(chordset: "8F2A5A4E-1111-4222-8333-944455556666", chord: 3)))
        } else {
            // A library from before compositions gets the factory one on its first opening.
            #expect(music.compositions.values.map(\.name) == [FactoryCompositions.demoName])
        }
        #expect(throws: LibraryError.self) { try library.soundFile(SoundID(9)) }
        if migration != LibrarySchema.migrator.migrations.last {
            // A safety copy was taken before migrating.
            #expect(FileManager.default.fileExists(atPath: path + ".before-schema-\(ChordsetLibrary.schemaVersion).backup"))
        }
    }
}
