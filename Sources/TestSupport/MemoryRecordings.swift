import Engine
import Instrument
import Synchronization

/// A store of recordings in memory, for tests of the live use cases: each journal keeps what it was given,
/// how often it was flushed, and the log it finished as.
public final class MemoryRecordings: RecordingStore {
    private let journals = Mutex<[MemoryJournal]>([])

    public init() {}

    public func begin(_ start: PerformanceLog) throws -> any RecordingJournal {
        let journal = MemoryJournal(start: start, number: journals.withLock { $0.count })
        journals.withLock { $0.append(journal) }
        return journal
    }

    public func recoverUnfinished() throws -> [RecoveredRecording] { [] }

    /// Every journal begun, oldest first.
    public var all: [MemoryJournal] { journals.withLock { $0 } }
}

/// One recording kept in memory.
public final class MemoryJournal: RecordingJournal {
    private struct State {
        var log: PerformanceLog
        var queued: [PerformanceEvent] = []
        var flushes: [Double] = []
        var finished = false
    }

    private let state: Mutex<State>
    /// Where `finish` says the recording went.
    public let location: String

    init(start: PerformanceLog, number: Int) {
        state = Mutex(State(log: start))
        location = "memory:\(number)"
    }

    public func append(_ event: PerformanceEvent) {
        state.withLock { $0.queued.append(event) }
    }

    public func flush(until: Double) throws {
        state.withLock { state in
            guard !state.finished else { return }
            _ = state.log.appendWhileValid(state.queued)
            state.queued.removeAll()
            state.flushes.append(until)
        }
    }

    public func finish(until: Double) throws -> String {
        try flush(until: until)
        state.withLock {
            $0.finished = true
            $0.log.recordedUntil = until
        }
        return location
    }

    /// What was flushed so far, as a performance log (its `recordedUntil` set once finished).
    public var log: PerformanceLog { state.withLock { $0.log } }
    /// The moments flushed at, in order.
    public var flushes: [Double] { state.withLock { $0.flushes } }
    public var isFinished: Bool { state.withLock { $0.finished } }
}
