import Composition
import Foundation
import GRDB
import Instrument
import Testing
import TestSupport

@testable import Library

/// One damaged row never takes the rest down: it is set aside — listed with why, never deleted by reading or
/// by an edit of something else — and everything else opens and plays; a rename or a delete mends it.
@Suite("A damaged library")
struct DamagedLibraryTests {
    /// A library with a damaged chordset, part, pair and composition, written behind its back.
    static func damagedLibrary(_ folder: TemporaryFolder) throws -> ChordsetLibrary {
        let url = folder.file("library.sqlite")
        let library = try ChordsetLibrary.open(at: url)
        let lumia = FactoryChordsets.lumia.id.uuidString
        let music = try library.musicLibrary()
        let verse = music.parts.values.first { $0.name == "Verse" }!.id.rawValue
        let pair = music.scoreOfPair.keys.sorted { ($0.part, $0.voice) < ($1.part, $1.voice) }.first!
        try library.pool.write { db in
            try db.execute(sql: "UPDATE chordset SET title = CAST(X'4100420001' AS TEXT) WHERE id = ?", arguments: [lumia])
            try db.execute(sql: "UPDATE musicPart SET name = '' WHERE id = ?", arguments: [verse])
            try db.execute(sql: "UPDATE musicScore SET events = 'not JSON' WHERE id = (SELECT scoreId FROM musicPair WHERE partId = ? AND voiceId = ?)",
                           arguments: [pair.part.rawValue, pair.voice.rawValue])
        }
        return library
    }

    @Test func everythingElseOpensAndPlaysAndTheDamageIsListedWithWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try Self.damagedLibrary(folder)
        #expect(try library.list().map(\.title) == ["Prism", "Cole's Contrasts", "Pulse Garden"])
        let damage = try library.damage()
        let chordset = try #require(damage.first { $0.kind == .chordset })
        #expect(chordset.key == FactoryChordsets.lumia.id.uuidString)
        #expect(chordset.name == "A\\u{0}B\\u{0}\\u{1}")
        #expect(chordset.reason.contains("NUL"))
        #expect(damage.contains { $0.kind == .part && $0.reason == "a part's name cannot be empty" })
        #expect(damage.contains { $0.kind == .score && $0.reason.contains("cannot be read") })
        // The rest of the music library opens and Demo plays, without the damaged part: its places under its
        // parents are set aside with it.
        let music = try library.musicLibrary()
        let demo = try #require(music.composition(named: "Demo"))
        #expect(damage.contains { $0.kind == .partChild && $0.reason.contains("there is no part") })
        #expect(try Arrangement(of: demo.pair, in: music, sampleRate: 44_100).sounds.count > 10)
    }

    @Test func aChordWhosePolyphonyWasDamagedSetsAsideOnlyItsChordset() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.pool.write { db in
            try db.execute(sql: "UPDATE chord SET polyphony = 99 WHERE chordsetId = ? AND position = 1", arguments: [FactoryChordsets.prism.id.uuidString])
        }
        #expect(try library.list().map(\.title) == ["Lumia", "Cole's Contrasts", "Pulse Garden"])
        let damage = try #require(try library.damage().first { $0.kind == .chordset })
        #expect(damage.key == FactoryChordsets.prism.id.uuidString && damage.reason.contains("polyphony"))
    }

    @Test func anEditOfSomethingElseLeavesTheDamagedRowsAsTheyWere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try Self.damagedLibrary(folder)
        let before = try library.damage()
        let rows = try Self.rowCounts(library)
        let part = try library.changeMusic { music, _ in try music.addPart(named: "Bridge", beats: 8) }
        try library.changeMusic { music, _ in try music.rename(part: part, to: "Middle eight") }
        #expect(try library.damage() == before)
        var after = try Self.rowCounts(library)
        after["musicPart"]! -= 1
        #expect(after == rows)
    }

    @Test func aRenameOrADeleteMendsItAndNothingElse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try Self.damagedLibrary(folder)
        let lumia = FactoryChordsets.lumia.id.uuidString
        #expect(throws: LibraryError.self) { try library.renameDamaged(.chordset, lumia, to: "\u{0}") }
        try library.renameDamaged(.chordset, lumia, to: "Lumia again")
        #expect(try library.list().map(\.title).contains("Lumia again"))
        let part = try #require(try library.damage().first { $0.kind == .part })
        try library.renameDamaged(.part, part.key, to: "Verse")
        let score = try #require(try library.damage().first { $0.kind == .score })
        try library.deleteDamaged(.score, score.key)
        #expect(try library.damage() == [])
        let demo = try #require(try library.musicLibrary().composition(named: "Demo"))
        _ = try Arrangement(of: demo.pair, in: try library.musicLibrary(), sampleRate: 44_100)
        // A record that is not damaged is not touched by a repair.
        #expect(throws: LibraryError.self) { try library.deleteDamaged(.part, part.key) }
    }

    static func rowCounts(_ library: ChordsetLibrary) throws -> [String: Int] {
        try library.pool.read { db in
            var counts: [String: Int] = [:]
            for table in ["chordset", "chord", "musicSound", "musicPart", "musicVoice", "musicPartChild", "musicVoiceChild", "musicScore", "musicPair", "musicMutedCell", "composition"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)")
            }
            return counts
        }
    }

    @Test func aLibraryWhoseNamesAnEarlierBuildBrokeIsMendedOnOpening() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("old.sqlite").path
        let old = try DatabaseQueue(path: path)
        try LibrarySchema.migrator.migrate(old, upTo: "v4: compositions, their hierarchies, scores and sounds")
        try old.write { db in
            try MigrationTests.fixtures["v4: compositions, their hierarchies, scores and sounds"]!(db)
            // What the build before v5 stored: a NUL cut "\u{0}" to nothing and "Verse\u{0}2" to "Verse";
            // control characters, spaces and decomposed letters went in as they came.
            try db.execute(sql: "UPDATE chordset SET title = ''")
            try db.execute(sql: "UPDATE chord SET title = CAST(X'4F6C640763686F7264' AS TEXT) WHERE position = 0")
            try db.execute(sql: "UPDATE musicPart SET name = CAST(X'01' AS TEXT)")
            try db.execute(sql: "UPDATE musicVoice SET name = ' Cafe\u{301} '")
            try db.execute(sql: "UPDATE composition SET name = ''")
        }
        try old.close()
        let library = try ChordsetLibrary.open(at: folder.file("old.sqlite"))
        #expect(try library.list().map(\.title) == ["Untitled 1"])
        #expect(try library.chordset(named: "Untitled 1").chords[0].title == "Oldchord")
        let music = try library.musicLibrary()
        #expect(music.parts.values.map(\.name) == ["Untitled 1"])
        #expect(music.voices.values.map(\.name) == ["Caf\u{E9}"])
        #expect(music.compositions.values.map(\.name) == ["Untitled 1"])
        #expect(try library.damage().isEmpty)
        #expect(library.mendedNames.count == 5)
        #expect(library.mendedNames.contains { $0.contains("the part \"\\u{1}\" to \"Untitled 1\"") })
    }
}

/// A preference kept that can no longer be read is said, with why, and left as it is — never replaced by its
/// default in silence.
@Suite("Unreadable preferences")
struct UnreadablePreferenceTests {
    @Test func anUnreadablePreferenceIsReportedNotReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES ('tempo', '\"fast\"'), ('outputSize', '[1, 2, 3]')")
        }
        #expect(throws: LibraryError.self) { try library.preference(.tempo) }
        let (tempo, problem) = library.preferenceOrDefault(.tempo)
        #expect(tempo == 120 && problem?.contains("the preference tempo kept in the library cannot be read") == true)
        #expect(library.preferenceOrDefault(.outputSize).problem != nil)
        // Reading changed nothing: the kept text is still there, to be set again.
        #expect(try library.pool.read { db in try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = 'tempo'") } == "\"fast\"")
    }
}
