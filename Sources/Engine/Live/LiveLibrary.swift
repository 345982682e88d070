import Foundation
import Instrument
import Synchronization

/// The chordset list's use cases, for every console at once: list, add, rename, reorder, duplicate, delete
/// and restore, reorder chords, play, share by file, restore the factory chordsets, and the console's
/// preferences. Every change is heard by everyone listening to the instrument (so two tablets on one show
/// see each other's changes), and a change to the chordset playing reaches the pads at once. Each
/// chordset's thumbnails are drawn in the background (`ThumbnailSheets`) and named by the list once drawn.
/// Its calls block on the library: the server makes them on the library's pool.
public final class LiveLibrary<C: Clock>: Sendable where C.Duration == Duration {
    public let instrument: LiveInstrument<C>
    let catalog: any ChordsetCatalog
    public let sheets: ThumbnailSheets

    /// `failed` hears, one line each, the thumbnails that could not be drawn or kept.
    public init(
        instrument: LiveInstrument<C>, catalog: any ChordsetCatalog, thumbnails: any ChordThumbnails, keptIn shelf: (any ThumbnailShelf)? = nil,
        failed: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.instrument = instrument
        self.catalog = catalog
        sheets = ThumbnailSheets(catalog: catalog, drawing: thumbnails, shelf: shelf, drawn: { instrument.libraryChanged() }, failed: failed)
        instrument.listen(sheets)
    }

    /// Draws in the background the thumbnails the library's chordsets lack (at the start: a library opened).
    public func drawThumbnails() { sheets.drawMissing() }

    /// Every chordset in order, with which one is playing.
    public func listing() async throws(LiveError) -> ChordsetListing {
        let revision = instrument.libraryRevision
        let playing = await instrument.engine.snapshot().chordset.id
        return ChordsetListing(revision: revision, current: playing, chordsets: try catalog.all().map(listed))
    }

    /// A chordset as the list shows it, with its thumbnails' version once they are drawn.
    private func listed(_ chordset: Chordset) -> ChordsetListing.ListedChordset {
        let key = ThumbnailSheets.key(of: chordset)
        return ChordsetListing.ListedChordset(chordset, thumbnails: sheets.isReady(key) ? key : nil)
    }

    public func add(title: String) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let added = try catalog.add(title: title)
        await changed(added)
        return listed(added)
    }

    public func rename(_ id: UUID, to title: String) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let renamed = try catalog.rename(id, to: title)
        await changed(renamed)
        return listed(renamed)
    }

    /// Moves a chordset to place `number` (from 1) in the list.
    public func move(_ id: UUID, toNumber number: Int) async throws(LiveError) -> ChordsetListing.ListedChordset {
        guard number >= 1 else { throw LiveError(.invalid, "places in the list are numbered from 1; \(number) is not one") }
        try catalog.move(id, to: number - 1)
        let moved = try catalog.chordset(id)
        await changed(moved)
        return listed(moved)
    }

    public func duplicate(_ id: UUID) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let copy = try catalog.duplicate(id)
        await changed(copy)
        return listed(copy)
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
        return listed(restored)
    }

    /// Moves chord `from` to place `to` (both 1…8) in a chordset.
    public func moveChord(from: Int, to: Int, in id: UUID) async throws(LiveError) -> ChordsetListing.ListedChordset {
        let moved = try catalog.moveChord(from: from - 1, to: to - 1, in: id)
        await changed(moved)
        return listed(moved)
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
        return imported.map(listed)
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

    /// The PNG of a chordset's eight thumbnails side by side, as its chords now are — once drawn (`nil`
    /// until then: the list names it when it is).
    public func thumbnails(of id: UUID) throws(LiveError) -> [UInt8]? {
        sheets.sheet(ThumbnailSheets.key(of: try catalog.chordset(id)))
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
