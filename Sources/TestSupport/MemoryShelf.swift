import Engine
import Foundation
import Instrument
import Synchronization

/// A chordset library in memory, for tests of the live instrument: the factory chordsets to step through,
/// the chords stored, and the controls kept (each time, in order).
public final class MemoryShelf: ChordsetShelf {
    private let chordsets = Mutex(FactoryChordsets.all)
    private let keptControls = Mutex<[PerformanceState.Controls]>([])

    public init() {}

    public func store(_ chord: Chord, in chordset: UUID) throws {
        try chordsets.withLock { list in
            guard let index = list.firstIndex(where: { $0.id == chordset }) else { throw MemoryShelfError.noSuchChordset }
            try list[index].store(chord)
        }
    }

    public func step(from chordset: UUID, by offset: Int) throws -> Chordset? {
        chordsets.withLock { list in
            guard let index = list.firstIndex(where: { $0.id == chordset }), list.indices.contains(index + offset) else { return nil }
            return list[index + offset]
        }
    }

    public func keep(_ controls: PerformanceState.Controls) throws {
        keptControls.withLock { $0.append(controls) }
    }

    public func chordset(_ id: UUID) -> Chordset? { chordsets.withLock { list in list.first { $0.id == id } } }

    /// The controls kept so far, oldest first.
    public var controlsKept: [PerformanceState.Controls] { keptControls.withLock { $0 } }
}

/// What the memory shelf refuses.
public enum MemoryShelfError: Error { case noSuchChordset }
