import Foundation
import Instrument
import Synchronization

/// The chordset list's use cases, for every console at once: list, add, rename, reorder, duplicate, delete
/// and restore, reorder chords, play, share by file, restore the factory chordsets, and the console's
/// preferences. Every change is heard by everyone listening to the instrument (so two tablets on one show
/// see each other's changes), and a change to the chordset playing reaches the pads at once. Thumbnails
/// are drawn by the renderer and kept while the chord they show stays the same.
public final class LiveLibrary<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>
    let catalog: any ChordsetCatalog
    let thumbnails: any ChordThumbnails
    /// Thumbnails drawn, by what they depend on; at most `thumbnailsKept`.
    private let drawn = Mutex<[ThumbnailKey: [UInt8]]>([:])
    static var thumbnailsKept: Int { 2048 }

    public init(instrument: LiveInstrument<C>, catalog: any ChordsetCatalog, thumbnails: any ChordThumbnails) {
        self.instrument = instrument
        self.catalog = catalog
        self.thumbnails = thumbnails
    }

    /// Every chordset in order, with which one is playing.
    public func listing() async throws(LiveError) -> ChordsetListing {
        let revision = instrument.libraryRevision
        let playing = await instrument.engine.snapshot().chordset.id
        return ChordsetListing(revision: revision, current: playing, chordsets: try catalog.all().map(ChordsetListing.ListedChordset.init))
    }

    public func add(title: String) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let added = try catalog.add(title: title)
        await changed(added)
        return .init(added)
    }

    public func rename(_ id: UUID, to title: String) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let renamed = try catalog.rename(id, to: title)
        await changed(renamed)
        return .init(renamed)
    }

    /// Moves a chordset to place `number` (from 1) in the list.
    public func move(_ id: UUID, toNumber number: Int) async throws(LiveError) -> ChordsetListing.ListedChordset {
        guard number >= 1 else { throw LiveError(.invalid, "places in the list are numbered from 1; \(number) is not one") }
        try catalog.move(id, to: number - 1)
        let moved = try catalog.chordset(id)
        await changed(moved)
        return .init(moved)
    }

    public func duplicate(_ id: UUID) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let copy = try catalog.duplicate(id)
        await changed(copy)
        return .init(copy)
    }

    /// Deletes a chordset, kept for `undoSeconds` for `restore`. The chordset playing goes on playing.
    public func delete(_ id: UUID) async throws(LiveError) -> Int {
        try catalog.delete(id)
        await changed(nil)
        return catalog.undoSeconds
    }

    public func restore(_ id: UUID) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let restored = try catalog.restore(id)
        await changed(restored)
        return .init(restored)
    }

    /// Moves chord `from` to place `to` (both 1…8) in a chordset.
    public func moveChord(from: Int, to: Int, in id: UUID) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let moved = try catalog.moveChord(from: from - 1, to: to - 1, in: id)
        await changed(moved)
        return .init(moved)
    }

    /// Plays a chordset: it goes on the pads, and is the current one at the next start too.
    public func play(_ id: UUID) async throws(LiveError) {
        let chordset = try catalog.chordset(id)
        try catalog.makeCurrent(id)
        try await instrument.perform(.loadChordset(chordset))
        instrument.libraryChanged()
    }

    public func export(_ id: UUID) throws(LiveError) -> (title: String, file: Data) {
        (try catalog.chordset(id).title, try catalog.export(id))
    }

    public func importFile(_ data: Data) async throws(LiveError) -> [ChordsetListing.ListedChordset] {
        let imported = try catalog.importFile(data)
        await changed(nil)
        return imported.map(ChordsetListing.ListedChordset.init)
    }

    public func restoreFactoryChordsets() async throws(LiveError) -> Int {
        let restored = try catalog.restoreFactoryChordsets()
        if restored > 0 { await changed(nil) }
        return restored
    }

    public func preferences() throws(LiveError) -> ConsolePreferences { try catalog.preferences() }

    public func setPreferences(_ changes: ConsolePreferences.Changes) async throws(LiveError) -> ConsolePreferences {
        let kept = try catalog.setPreferences(changes)
        instrument.libraryChanged()
        return kept
    }

    /// The PNG thumbnail of chord `number` (1…8) of a chordset, drawn once while the chord stays the same.
    public func thumbnail(of number: Int, in id: UUID) async throws(LiveError) -> [UInt8] {
        guard (1...Chordset.chordCount).contains(number) else {
            throw LiveError(.notFound, "there is no chord \(number); chords are numbered 1 to \(Chordset.chordCount)")
        }
        let chordset = try catalog.chordset(id)
        let key = ThumbnailKey(chord: chordset[number - 1], headroom: chordset.headroom)
        if let png = drawn.withLock({ $0[key] }) { return png }
        let png: [UInt8]
        do { png = try await thumbnails.png(of: number - 1, in: chordset) } catch {
            throw LiveError(.notSaved, "the thumbnail of chord \(number) could not be drawn", cause: error)
        }
        drawn.withLock { kept in
            if kept.count >= Self.thumbnailsKept { kept.removeAll(keepingCapacity: true) }
            kept[key] = png
        }
        return png
    }

    /// Tells everyone the library changed; if `chordset` is the one playing, the pads take it as it now is.
    private func changed(_ chordset: Chordset?) async {
        if let chordset, await instrument.engine.snapshot().chordset.id == chordset.id {
            // Validated by the library already, and the one playing: the engine takes it.
            _ = try? await instrument.perform(.reviseChordset(chordset))
        }
        instrument.libraryChanged()
    }
}
