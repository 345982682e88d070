import Engine
import Foundation
import ImageFiles
import Instrument
import Library
import Synchronization
import Testing
import TestSupport

@testable import ImagerCommandLine

/// The chordset list's thumbnails, drawn on the background pool and kept beside the
/// library: drawn once for what the chords hold, never again after a restart, and again only for the
/// chordset whose chords changed. The drawing is counted, not timed.
@Suite("Thumbnail sheets")
struct ThumbnailSheetsTests {
    /// Draws a tiny stand-in picture and counts what it was asked to draw, and on which thread.
    final class CountingDrawing: ChordThumbnails {
        let drawn = Mutex<[UUID]>([])
        let offThePool = Atomic<Int>(0)

        func sheet(of chordset: Chordset) throws -> [UInt8] {
            if !WorkerPool.background.isCurrent { offThePool.add(1, ordering: .relaxed) }
            drawn.withLock { $0.append(chordset.id) }
            return PNG.signature + Array(chordset.id.uuidString.utf8)
        }
    }

    /// Hears the library's changes, for a test to wait on.
    final class Changes: LiveAudience {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        /// How many changes were announced.
        let count = Atomic<Int>(0)
        func libraryChanged(revision: Int) {
            count.add(1, ordering: .relaxed)
            continuation.yield(revision)
        }
        func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {}
        func recording(_ on: Bool, savedAt location: String?) {}
    }

    /// A live library on the SQLite file in `folder`, its sheets kept beside it, and its changes heard.
    static func live(_ folder: TemporaryFolder, drawing: CountingDrawing) throws -> (LiveLibrary<ContinuousClock>, Changes, ChordsetLibrary) {
        let url = folder.file("library.sqlite")
        let opened = try ChordsetLibrary.open(at: url)
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock()))
        let changes = Changes()
        instrument.listen(changes)
        let live = LiveLibrary(instrument: instrument, catalog: LibraryShelf(library: opened), thumbnails: drawing, keptIn: ThumbnailFolder(beside: url))
        return (live, changes, opened)
    }

    /// Waits (on the library's own announcements) until the list names every chordset's thumbnails; fails when
    /// 30 s pass, or the announcements end (the test's time limit cancelling it), without them.
    static func allDrawn(_ live: LiveLibrary<ContinuousClock>, _ changes: Changes) async throws -> ChordsetListing {
        var announcements = changes.stream.makeAsyncIterator()
        let deadline = ContinuousClock.now + .seconds(30)
        var listing = try await live.listing()
        while !listing.chordsets.allSatisfy({ $0.thumbnails != nil }) {
            try Task.checkCancellation()
            guard ContinuousClock.now < deadline, await announcements.next() != nil else {
                let missing = listing.chordsets.filter { $0.thumbnails == nil }.count
                throw WaitTimedOut(description: "waited for every chordset's thumbnails; \(missing) of \(listing.chordsets.count) still had none")
            }
            listing = try await live.listing()
        }
        return listing
    }

    @Test(.timeLimit(.minutes(1))) func drawnOnceKeptAcrossARestartAndDrawnAgainOnlyWhereAChordChanged() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let drawing = CountingDrawing()
        let (live, changes, opened) = try Self.live(folder, drawing: drawing)
        let before = try await live.listing()
        #expect(before.chordsets.allSatisfy { $0.thumbnails == nil })  // nothing drawn yet: the colours show
        live.drawThumbnails()
        let listing = try await Self.allDrawn(live, changes)
        #expect(drawing.drawn.withLock { $0.count } == listing.chordsets.count)
        #expect(changes.count.load(ordering: .relaxed) == 1, "a first start's sheets, every one, are one change of the library")
        #expect(drawing.offThePool.load(ordering: .relaxed) == 0)
        let first = try #require(listing.chordsets.first)
        #expect(try live.thumbnails(of: first.id) == PNG.signature + Array(first.id.uuidString.utf8))

        // A restart: every sheet is found beside the library, none drawn again, all announced as one change.
        let again = CountingDrawing()
        let (restarted, restartedChanges, _) = try Self.live(folder, drawing: again)
        restarted.drawThumbnails()
        let relisted = try await Self.allDrawn(restarted, restartedChanges)
        #expect(again.drawn.withLock { $0.isEmpty })
        #expect(restartedChanges.count.load(ordering: .relaxed) == 1)
        #expect(relisted.chordsets.map(\.thumbnails) == listing.chordsets.map(\.thumbnails))

        // A chord changed: its chordset's sheet, and only that, is drawn again, under a new version.
        var chord = try opened.chordset(id: first.id)[0]
        let hue = chord.background.hue
        chord.background.hue = try RibbonSelection(center: hue.center < 0.5 ? 0.75 : 0.25, range: hue.range)
        try opened.store(chord, in: first.id)
        restarted.instrument.libraryChanged()
        let changed = try await Self.allDrawn(restarted, restartedChanges)
        #expect(again.drawn.withLock { $0 } == [first.id])
        #expect(changed.chordsets.first?.thumbnails != first.thumbnails)
        #expect(Array(changed.chordsets.dropFirst()).map(\.thumbnails) == Array(listing.chordsets.dropFirst()).map(\.thumbnails))
    }

    /// Draws nothing: every chordset's thumbnails fail.
    struct FailingDrawing: ChordThumbnails {
        struct Broken: Error {}
        func sheet(of chordset: Chordset) throws -> [UInt8] { throw Broken() }
    }

    @Test(.timeLimit(.minutes(1))) func aSheetThatCannotBeDrawnIsSaidNotSilentlyLeftOut() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let opened = try ChordsetLibrary.open(at: folder.file("library.sqlite"))
        let (said, saying) = AsyncStream.makeStream(of: String.self)
        let sheets = ThumbnailSheets(catalog: LibraryShelf(library: opened), drawing: FailingDrawing(), shelf: nil, drawn: {}, failed: { saying.yield($0) })
        sheets.drawMissing()
        var lines = said.makeAsyncIterator()
        let first = try #require(await lines.next())
        #expect(first.hasPrefix("the thumbnails of “") && first.contains("could not be drawn"))
        #expect(!sheets.isReady(ThumbnailSheets.key(of: try opened.chordset(id: FactoryChordsets.lumia.id))))
    }
}
