import Foundation
import Instrument
import Synchronization

/// The chordset list's pictures, drawn in the background and never while anyone waits: when the library is
/// opened and whenever it changes, every chordset whose sheet (its eight thumbnails side by side) is not
/// drawn yet for what its chords now hold is drawn on the background pool, one at a time, kept on the shelf
/// (so a restart draws nothing again), and announced as one change of the library once a pass has drawn them
/// all — the list then names their addresses. Until then the list shows each chord's colour.
public final class ThumbnailSheets: Sendable {
    let catalog: any ChordsetCatalog
    let drawing: any ChordThumbnails
    let shelf: (any ThumbnailShelf)?
    /// Told after each sheet drawn (the library's revision moves on, and every console asks for the list).
    let drawn: @Sendable () -> Void
    /// Told, one line, when a sheet cannot be drawn or kept (it is tried again at the next change).
    let failed: @Sendable (String) -> Void
    private let state = Mutex(State())
    /// Sheets kept in memory at most (the rest are read from the shelf when asked for).
    static var sheetsInMemory: Int { 256 }

    private struct State {
        /// The keys of the sheets drawn (in memory or on the shelf).
        var ready: Set<String> = []
        var inMemory: [String: [UInt8]] = [:]
        /// Whether a pass is under way, and whether the library changed since it began.
        var passing = false
        var again = false
    }

    public init(
        catalog: any ChordsetCatalog, drawing: any ChordThumbnails, shelf: (any ThumbnailShelf)?,
        drawn: @escaping @Sendable () -> Void, failed: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.catalog = catalog
        self.drawing = drawing
        self.shelf = shelf
        self.drawn = drawn
        self.failed = failed
    }

    /// What a sheet shows, as a key for the keys already worked out.
    private struct Shown: Hashable {
        let chords: [Chord]
        let headroom: Double?
    }

    /// Keys worked out, by what they show: the key hashes the chords' JSON — the same in every run, for the
    /// shelf — which takes far longer than looking it up (the list works out every chordset's at each change).
    private static let keys = Mutex<[Shown: String]>([:])

    /// The key of what a chordset's sheet shows: its eight chords and its headroom.
    public static func key(of chordset: Chordset) -> String {
        let shown = Shown(chords: chordset.chords, headroom: chordset.headroom)
        if let key = keys.withLock({ $0[shown] }) { return key }
        let key = workedOutKey(of: chordset)
        keys.withLock { keys in
            if keys.count >= 4096 { keys.removeAll(keepingCapacity: true) }
            keys[shown] = key
        }
        return key
    }

    private static func workedOutKey(of chordset: Chordset) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for chord in chordset.chords {
            var value = ThumbnailKey(chord: chord, headroom: chordset.headroom).value
            for _ in 0..<8 {
                hash ^= value & 0xff
                hash = hash &* 0x100_0000_01b3
                value >>= 8
            }
        }
        return "s1-" + String(hash, radix: 16)
    }

    /// Whether the sheet of `key` is drawn.
    public func isReady(_ key: String) -> Bool { state.withLock { $0.ready.contains(key) } }

    /// The sheet of `key`, if it is drawn (from memory, or read from the shelf: call it on the library's pool).
    public func sheet(_ key: String) -> [UInt8]? {
        let (ready, kept) = state.withLock { ($0.ready.contains(key), $0.inMemory[key]) }
        guard ready else { return nil }
        return kept ?? shelf?.sheet(key)
    }

    /// Draws, in the background, the sheets not drawn yet; a pass under way goes round again when it ends.
    public func drawMissing() {
        let starts = state.withLock { state -> Bool in
            if state.passing {
                state.again = true
                return false
            }
            state.passing = true
            return true
        }
        guard starts else { return }
        Task(executorPreference: WorkerPool.background, priority: .background) { self.passes() }
    }

    private func passes() {
        repeat {
            state.withLock { $0.again = false }
            pass()
        } while state.withLock({ state in
            if state.again { return true }
            state.passing = false
            return false
        })
    }

    /// One pass over the library in its order: the sheets missing that are on the shelf are taken from it, each
    /// one still missing is drawn, and all of them are announced together, once the pass is done (a first start
    /// or a restart is one change of the library, not one a chordset).
    private func pass() {
        let chordsets: [Chordset]
        do throws(LiveError) { chordsets = try catalog.all() } catch {
            return failed("the chordsets cannot be read to draw their thumbnails: \(error.message)")
        }
        let keyed = chordsets.map { (chordset: $0, key: Self.key(of: $0)) }
        let inUse = Set(keyed.map(\.key))
        var missing = keyed.filter { !isReady($0.key) }
        let kept = Set(missing.filter { shelf?.sheet($0.key) != nil }.map(\.key))
        state.withLock { $0.ready.formUnion(kept) }
        missing.removeAll { kept.contains($0.key) }
        var made = !kept.isEmpty
        for (chordset, key) in missing where !isReady(key) {
            made = draw(chordset, as: key) || made
        }
        // One change of the library a pass: a first start's sheets are one revision, not one a chordset (each
        // has every console ask for the list again, while the next is drawn).
        if made { drawn() }
        shelf?.forget(allBut: inUse)
        state.withLock { state in
            state.ready.formIntersection(inUse)
            state.inMemory = state.inMemory.filter { inUse.contains($0.key) }
        }
    }
}

extension ThumbnailSheets {
    /// Draws one chordset's sheet and keeps it on the shelf and in memory; whether it was drawn.
    private func draw(_ chordset: Chordset, as key: String) -> Bool {
        do {
            let png = try drawing.sheet(of: chordset)
            do { try shelf?.keep(png, as: key) } catch {
                failed("the thumbnails of “\(chordset.title)” could not be kept beside the library (they are drawn again at the next start): \(error)")
            }
            state.withLock { state in
                if state.inMemory.count >= Self.sheetsInMemory { state.inMemory.removeAll(keepingCapacity: true) }
                state.inMemory[key] = png
                state.ready.insert(key)
            }
            return true
        } catch {
            failed("the thumbnails of “\(chordset.title)” could not be drawn: \(error)")
            return false
        }
    }
}

extension ThumbnailSheets: LiveAudience {
    public func libraryChanged(revision: Int) { drawMissing() }
    public func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {}
    public func recording(_ on: Bool, savedAt location: String?) {}
}
