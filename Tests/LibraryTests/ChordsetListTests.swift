import Foundation
import GRDB
import Instrument
import Library
import Testing
import TestSupport

/// What the console's chordset list does to the library: delete with undo, chords reordered, the factory
/// chordsets restored, the whole list read at once, preferences changed together.
@Suite("The chordset list's library")
struct ChordsetListTests {
    @Test func aDeletedChordsetComesBackToItsPlaceWithinTheUndoWindowAndNotAfter() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let prism = try library.chordset(named: "Prism")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try library.delete(prism.id, now: start)
        #expect(try library.list().map(\.title) == ["Lumia", "Cole's Contrasts", "Pulse Garden"])
        let restored = try library.restore(prism.id, now: start.addingTimeInterval(ChordsetLibrary.undoWindow - 1))
        #expect(restored.chords == prism.chords && restored.index == 1)
        #expect(try library.list().map(\.title) == FactoryChordsets.all.map(\.title))
        #expect(try library.list().map(\.index) == [0, 1, 2, 3])
        // Restored once: there is nothing left to restore.
        #expect(throws: LibraryError.self) { try library.restore(prism.id, now: start) }

        try library.delete(prism.id, now: start)
        #expect(throws: LibraryError.self) { try library.restore(prism.id, now: start.addingTimeInterval(ChordsetLibrary.undoWindow + 1)) }
        #expect(try library.list().count == 3)
        #expect(throws: LibraryError.self) { try library.delete(UUID(), now: start) }
    }

    @Test func aChordsetRestoredAfterTheListShrankGoesToTheEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let garden = try library.chordset(named: "Pulse Garden")
        try library.delete(garden.id)
        try library.delete(try library.chordset(named: "Lumia").id)
        try library.restore(garden.id)
        #expect(try library.list().map(\.title) == ["Prism", "Cole's Contrasts", "Pulse Garden"])
    }

    @Test(arguments: [(0, 7), (7, 0), (2, 5), (3, 3)])
    func aChordMovesAndTheOthersShift(from: Int, to: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let lumia = try library.chordset(named: "Lumia")
        let moved = try library.moveChord(from: from, to: to, in: lumia.id)
        var expected = lumia.chords.map(\.title)
        expected.insert(expected.remove(at: from), at: to)
        #expect(moved.chords.map(\.title) == expected)
        #expect(moved.chords.map(\.position) == Array(0..<8))
        #expect(try library.chordset(id: lumia.id) == moved)
        #expect(throws: LibraryError.self) { try library.moveChord(from: 8, to: 0, in: lumia.id) }
        #expect(throws: LibraryError.self) { try library.moveChord(from: 0, to: -1, in: lumia.id) }
        #expect(throws: LibraryError.self) { try library.moveChord(from: 0, to: 1, in: UUID()) }
        #expect(try library.chordset(id: lumia.id) == moved)
    }

    @Test func restoringTheFactoryChordsetsAddsOnlyTheMissingOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let mine = try library.add(title: "Mine")
        try library.rename(try library.chordset(named: "Lumia").id, to: "Lumia, mine")
        try library.delete(try library.chordset(named: "Prism").id)
        try library.delete(try library.chordset(named: "Pulse Garden").id)
        #expect(try library.restoreFactoryChordsets() == 2)
        #expect(try library.list().map(\.title) == ["Lumia, mine", "Cole's Contrasts", "Mine", "Prism", "Pulse Garden"])
        #expect(try library.chordset(id: mine.id).chords == mine.chords)
        #expect(try library.restoreFactoryChordsets() == 0)
        // The deleted Prism waiting for undo went with the restore: no second copy comes back.
        #expect(throws: LibraryError.self) { try library.restore(FactoryChordsets.prism.id) }
    }

    @Test func theWholeListIsReadAtOnceInOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.move(try library.chordset(named: "Pulse Garden").id, to: 0)
        let all = try library.allChordsets()
        #expect(all.map(\.title) == ["Pulse Garden", "Lumia", "Prism", "Cole's Contrasts"])
        #expect(try all.map { try library.chordset(id: $0.id) } == all)
    }

    @Test func preferencesChangedTogetherAreAllKeptOrNoneIs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.setPreferences(panelVisibility: ["color": false], tempo: 90)
        #expect(try library.preference(.tempo) == 90 && library.preference(.panelVisibility)["color"] == false)
        #expect(throws: LibraryError.self) { try library.setPreferences(tempo: 100, outputSize: [1, 1]) }
        #expect(throws: LibraryError.self) { try library.setPreferences(panelVisibility: ["nonesuch": true], tempo: 100) }
        #expect(try library.preference(.tempo) == 90)
        #expect(try library.preference(.outputSize) == [1920, 1080])
    }

    @Test func panelsChangedByTwoConsolesAreBothKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        try library.setPreferences(panelVisibility: ["settings": true])
        try library.setPreferences(panelVisibility: ["form": false])  // another console, which still saw settings hidden
        try library.setPreferences(panelVisibility: ["settings": false, "listening": true])
        let firstRun = PreferenceKey<[String: Bool]>.panelVisibility.defaultValue
        let both = firstRun.merging(["settings": false, "form": false, "listening": true]) { _, new in new }
        #expect(try library.preference(.panelVisibility) == both)
        #expect(throws: LibraryError.self) { try library.setPreferences(panelVisibility: ["form": true, "nonesuch": true]) }
        #expect(try library.preference(.panelVisibility) == both)
    }
}
