import Foundation
import GRDB
import Instrument
import Library
import Testing
import TestSupport

@Suite("The chordset library")
struct LibraryTests {
    @Test func aNewLibraryIsSeededOnceAndKeepsWhatWasDeleted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        #expect(try library.list().map(\.title) == FactoryChordsets.all.map(\.title))
        #expect(try library.chordset(named: "Prism") == FactoryChordsets.prism)
        try library.delete(try library.chordset(named: "Prism").id)
        // A second process opening the same file: here, a fresh pool on it.
        let reopened = try DatabaseQueue(path: folder.file("library.sqlite").path)
        let titles = try reopened.read { db in try String.fetchAll(db, sql: "SELECT title FROM chordset ORDER BY sortIndex") }
        #expect(titles == ["Lumia", "Cole's Contrasts", "Pulse Garden"])
        #expect(try ChordsetLibrary.open(at: folder.file("library.sqlite")) === library)  // one pool per file
    }

    @Test func aChordsetKeepsItsHeadroomAndRefusesOneOutOfRange() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let lumia = try library.chordset(named: "Lumia")
        #expect(lumia.headroom == nil)
        try library.setHeadroom(0.35, of: lumia.id)
        #expect(try library.chordset(id: lumia.id).headroom == 0.35)
        #expect(try library.chordset(id: try library.duplicate(lumia.id).id).headroom == 0.35)
        #expect(throws: LibraryError.self) { try library.setHeadroom(2, of: lumia.id) }
        #expect(throws: LibraryError.self) { try library.setHeadroom(.nan, of: lumia.id) }
        #expect(try library.chordset(id: lumia.id).headroom == 0.35)
        try library.setHeadroom(nil, of: lumia.id)
        #expect(try library.chordset(id: lumia.id).headroom == nil)
    }

    @Test func aChordKeepsItsOwnPolyphonyThroughStoringDuplicatingAndSharing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let lumia = try library.chordset(named: "Lumia")
        var chord = try library.recall(2, in: lumia.id)
        #expect(chord.polyphony == nil)
        chord.polyphony = 4
        try library.store(chord, in: lumia.id)
        #expect(try library.recall(2, in: lumia.id).polyphony == 4)
        #expect(try library.chordset(id: try library.duplicate(lumia.id).id)[2].polyphony == 4)
        chord.polyphony = 17
        #expect(throws: LibraryError.self) { try library.store(chord, in: lumia.id) }
        #expect(try library.recall(2, in: lumia.id).polyphony == 4)
        let shared = try JSONDecoder().decode(Chordset.self, from: try JSONEncoder().encode(try library.chordset(id: lumia.id)))
        #expect(shared[2].polyphony == 4 && shared[3].polyphony == nil)
    }

    @Test func chordsetsAreAddedRenamedMovedDuplicatedAndDeletedWithTheirChords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let mine = try library.add(title: "Mine")
        #expect(mine.index == 4 && mine.chords.count == 8)
        try library.rename(mine.id, to: "Mine, renamed")
        try library.move(mine.id, to: 0)
        #expect(try library.list().map(\.title).prefix(2) == ["Mine, renamed", "Lumia"])
        let copy = try library.duplicate(mine.id)
        #expect(copy.title == "Mine, renamed (2)" && copy.id != mine.id && copy.index == 5)
        #expect(try library.duplicate(mine.id).title == "Mine, renamed (3)")
        try library.delete(mine.id)
        #expect(try library.list().map(\.index) == Array(0..<6))
        let chords = try DatabaseQueue(path: folder.file("library.sqlite").path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chord WHERE chordsetId = ?", arguments: [mine.id.uuidString])
        }
        #expect(chords == 0)  // deleted with their chordset
        #expect(throws: LibraryError.self) { try library.rename(copy.id, to: "   ") }
        #expect(throws: LibraryError.self) { try library.rename(copy.id, to: String(repeating: "x", count: 201)) }
        #expect(throws: LibraryError.self) { try library.delete(UUID()) }
    }

    @Test func storingAChordKeepsItAndRecallGivesItBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let lumia = try library.chordset(named: "Lumia")
        var chord = FactoryChordsets.pulseGarden[6]
        chord.position = 3
        try library.store(chord, in: lumia.id)
        #expect(try library.recall(3, in: lumia.id) == chord)
        #expect(try library.recall(2, in: lumia.id) == lumia[2])
        #expect(throws: LibraryError.self) { try library.recall(8, in: lumia.id) }
        var bad = chord
        bad.title = String(repeating: "y", count: 300)
        #expect(throws: LibraryError.self) { try library.store(bad, in: lumia.id) }
        #expect(try library.recall(3, in: lumia.id) == chord)
    }

    @Test func preferencesKeepTheirValuesAndRefuseBadOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        #expect(try library.preference(.panelVisibility)["chordsetList"] == false)
        #expect(try library.preference(.tempo) == 120)
        try library.setPreference(.tempo, to: 96)
        try library.setPreference(.panelVisibility, to: ["color": false])
        try library.setPreference(.currentChordset, to: 2)
        #expect(try library.preference(.tempo) == 96)
        #expect(try library.preference(.currentChordset) == 2)
        #expect(throws: LibraryError.self) { try library.setPreference(.tempo, to: .nan) }
        #expect(throws: LibraryError.self) { try library.setPreference(.panelVisibility, to: ["sidebar": true]) }
        #expect(throws: LibraryError.self) { try library.setPreference(.outputSize, to: [0, 10]) }
        #expect(try library.preference(.tempo) == 96)
    }

    @Test func theCurrentChordsetFollowsItsPreference() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        #expect(try library.currentChordset()?.title == "Lumia")
        try library.setCurrentChordset(index: 3)
        #expect(try library.currentChordset()?.title == "Pulse Garden")
        #expect(throws: LibraryError.self) { try library.setCurrentChordset(index: 4) }
        try library.delete(try library.chordset(named: "Pulse Garden").id)
        #expect(try library.currentChordset()?.title == "Cole's Contrasts")  // the list got shorter
    }

    @Test func exportedChordsetsImportElsewhereAndAgainAsCopies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("a.sqlite"))
        let data = try library.export(try library.chordset(named: "Cole's Contrasts").id)
        let other = try ChordsetLibrary.open(at: folder.file("b.sqlite"))
        try other.delete(try other.chordset(named: "Cole's Contrasts").id)
        let first = try other.importFile(data)
        #expect(first == [FactoryChordsets.contrasts].map { var c = $0; c.index = 3; return c })
        let second = try other.importFile(data)
        #expect(second[0].title == "Cole's Contrasts (2)" && second[0].id != FactoryChordsets.contrasts.id)
        #expect(second[0].chords == FactoryChordsets.contrasts.chords)
    }

    @Test func backupsAreCompleteLibraries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.add(title: "After seeding")
        try library.backup(to: folder.file("copy.sqlite"))
        let copy = try ChordsetLibrary.open(at: folder.file("copy.sqlite"))
        #expect(try copy.list() == library.list())
        #expect(throws: LibraryError.self) { try library.backup(to: folder.file("missing/copy.sqlite")) }
    }

    @Test func aLibraryFromANewerImagePerformerIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("newer.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1: chordsets, chords, preferences'), ('v9: from the future')")
        }
        try queue.close()
        let before = try Data(contentsOf: folder.file("newer.sqlite"))
        do {
            _ = try ChordsetLibrary.open(at: folder.file("newer.sqlite"))
            Issue.record("a newer library was opened")
        } catch {
            #expect(error.message.contains("written by a newer Image Performer"))
            #expect(error.message.contains("reads schema version \(ChordsetLibrary.schemaVersion)"))
        }
        #expect(try Data(contentsOf: folder.file("newer.sqlite")) == before)
    }

    @Test func aFileThatIsNotALibraryIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("this is not sqlite at all, just text that is long enough to be a header".utf8).write(to: folder.file("text.sqlite"))
        #expect(throws: LibraryError.self) { try ChordsetLibrary.open(at: folder.file("text.sqlite")) }
    }
}

@Suite("Backups while writing")
struct ConcurrentBackupTests {
    @Test func aBackupTakenWhileAnotherThreadWritesIsConsistent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) {
            for number in 0..<150 { _ = try? library.add(title: "written \(number)") }
        }
        for round in 0..<5 {
            let copy = folder.file("copy-\(round).sqlite")
            try library.backup(to: copy)
            let check = try DatabaseQueue(path: copy.path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
            #expect(check == "ok")
            let copied = try ChordsetLibrary.open(at: copy).list()
            #expect(copied.count >= 4)
        }
        try #require(writer.wait(timeout: .now() + 60) == .success, "the 150 writes beside the backups ended within 60 s")
        #expect(try library.list().count == 154)
    }
}
