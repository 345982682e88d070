import Composition
import Foundation
import GRDB
import Testing
import TestSupport

@testable import Library

/// A music edit costs what it changes: the rows it writes are counted by SQLite (`total_changes()` of the
/// library's one writer), on the factory library, which holds dozens of rows.
@Suite("Music edits write their rows only")
struct MusicWritesTests {
    func changes(_ library: ChordsetLibrary) throws -> Int {
        try library.pool.write { $0.totalChangesCount }
    }

    @Test func aRenameWritesOneRowAndAScoreItsOwnEvents() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let music = try library.musicLibrary()
        let rows = try library.pool.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'music%'")
            return try tables.reduce(0) { $0 + (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($1)") ?? 0) }
        }
        #expect(rows > 50)
        let verse = try #require(music.parts.values.first { $0.name == "Verse" })

        var before = try changes(library)
        try library.changeMusic { music, _ in try music.rename(part: verse.id, to: "Chorus") }
        #expect(try changes(library) - before == 1)
        #expect(try library.musicLibrary().parts[verse.id]?.name == "Chorus")

        // New events on one pair: its score's row, and nothing else.
        let pair = try #require(music.scoreOfPair.keys.min { ($0.part.rawValue, $0.voice.rawValue) < ($1.part.rawValue, $1.voice.rawValue) })
        let events = [try ScoreEvent(start: 0, length: 1), try ScoreEvent(start: 2, length: 1, gain: 0.5)]
        before = try changes(library)
        try library.changeMusic { music, _ in try music.setEvents(events, of: pair) }
        #expect(try changes(library) - before == 1)
        #expect(try library.musicLibrary().score(of: pair)?.events == events)
    }
}
