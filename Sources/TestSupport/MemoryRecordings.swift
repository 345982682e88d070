import Dispatch
import Engine
import Instrument
import Synchronization

/// A store of recordings in memory, for tests of the live use cases: each journal keeps what it was given,
/// how often it was flushed, and the log it finished as.
public final class MemoryRecordings: RecordingStore {
    private let journals = Mutex<[MemoryJournal]>([])

    public init() {}

    public func begin(_ start: PerformanceLog, following previous: String?) throws -> any RecordingJournal {
        let journal = MemoryJournal(start: start, number: journals.withLock { $0.count }, following: previous)
        journals.withLock { $0.append(journal) }
        return journal
    }

    public func recoverUnfinished() throws -> [RecoveredRecording] { [] }

    /// Every journal begun, oldest first.
    public var all: [MemoryJournal] { journals.withLock { $0 } }
}

/// One recording kept in memory; a test can make its "disk" fail (`failWrites`) and refuse its sound
/// (`refuseSound`).
public final class MemoryJournal: RecordingJournal {
    private struct State {
        var log: PerformanceLog
        var queued: [PerformanceEvent] = []
        var flushes: [Double] = []
        var finished = false
        var finishedAsWritten = false
        var failing: String?
        var soundRefused: String?
        var sound: MemorySoundJournal?
    }

    /// What a failing memory "disk" throws.
    public struct DiskFailure: Error, CustomStringConvertible {
        public let description: String
    }

    private let state: Mutex<State>
    /// Where `finish` says the recording went.
    public let location: String

    public var heldForTheDisk: String { "all of it (in memory)" }

    /// Where the part before it was saved, when it is the next part of a set.
    public let following: String?

    init(start: PerformanceLog, number: Int, following: String?) {
        state = Mutex(State(log: start))
        location = "memory:\(number)"
        self.following = following
    }

    /// Queues the event; hearings too are events of a memory journal's log (as of a log without a hearings file).
    @discardableResult
    public func append(_ event: PerformanceEvent) -> RecordedAs {
        state.withLock { $0.queued.append(event) }
        return .event
    }

    @discardableResult
    public func flush(until: Double) throws -> [String] {
        flushesBegun.add(1, ordering: .relaxed)
        if let disk = hanging.withLock({ $0 }) {
            disk.wait()  // as a disk that does not answer: until `answerWrites`
            disk.signal()  // and the flushes queued behind this one
        }
        return try state.withLock { state in
            guard !state.finished else { return [] }
            if let failing = state.failing { throw DiskFailure(description: failing) }
            _ = state.log.appendWhileValid(state.queued)
            state.queued.removeAll()
            state.flushes.append(until)
            return []
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

    /// Lets go of what is queued and keeps what was flushed, ending at the last moment flushed.
    public func finishAsWritten() throws -> (log: String, leftOut: String?) {
        state.withLock { state in
            state.queued.removeAll()
            state.finished = true
            state.finishedAsWritten = true
            state.log.recordedUntil = state.flushes.last ?? state.log.recordedFrom
        }
        return (location, nil)
    }

    /// From now on every flush (and so every finish) fails with `reason`, as a disk that stopped taking
    /// writes; nil: they succeed again.
    public func failWrites(_ reason: String?) {
        state.withLock { $0.failing = reason }
    }

    private let hanging = Mutex<DispatchSemaphore?>(nil)
    private let flushesBegun = Atomic<Int>(0)

    /// How many flushes have begun (a hanging one among them).
    public var flushesStarted: Int { flushesBegun.load(ordering: .relaxed) }

    /// From now on a flush waits, as on a disk that stops answering, until `answerWrites`.
    public func hangWrites() {
        hanging.withLock { $0 = DispatchSemaphore(value: 0) }
    }

    /// The "disk" answers again: the flushes waiting go on.
    public func answerWrites() {
        hanging.withLock { disk in
            disk?.signal()
            disk = nil
        }
    }

    /// From now on `keepSound` fails with `reason`; nil: it keeps sound again.
    public func refuseSound(_ reason: String?) {
        state.withLock { $0.soundRefused = reason }
    }

    public func keepSound(sampleRate: Int, channels: Int) throws -> any SoundJournal {
        try state.withLock { state in
            if let refused = state.soundRefused { throw DiskFailure(description: refused) }
            if let sound = state.sound { return sound }
            let sound = MemorySoundJournal(sampleRate: sampleRate, channels: channels)
            state.sound = sound
            return sound
        }
    }

    /// The sound kept, once the listening started keeping it.
    public var sound: MemorySoundJournal? { state.withLock { $0.sound } }
    /// Whether it was closed with only what was flushed (after its "disk" failed).
    public var wasFinishedAsWritten: Bool { state.withLock { $0.finishedAsWritten } }

    /// What was flushed so far, as a performance log (its `recordedUntil` set once finished).
    public var log: PerformanceLog { state.withLock { $0.log } }
    /// The moments flushed at, in order.
    public var flushes: [Double] { state.withLock { $0.flushes } }
    public var isFinished: Bool { state.withLock { $0.finished } }
}

/// The sound a memory journal keeps: not the samples, but the stretches given — each input's rate and
/// channels, and how many frames of it came — in order.
public final class MemorySoundJournal: SoundJournal {
    public struct Stretch: Sendable, Equatable {
        public var sampleRate: Int
        public var channels: Int
        public var frames: Int
        /// How long it lasts, at its own rate.
        public var seconds: Double { Double(frames) / Double(sampleRate) }
    }

    public let sampleRate: Int
    public let channels: Int
    private let given = Mutex<[Stretch]>([])

    init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    public func append(_ samples: [Float], sampleRate: Int, channels: Int) {
        given.withLock { given in
            let frames = samples.count / channels
            if let last = given.last, last.sampleRate == sampleRate, last.channels == channels {
                given[given.count - 1].frames += frames
            } else {
                given.append(Stretch(sampleRate: sampleRate, channels: channels, frames: frames))
            }
        }
    }

    /// Silence given (an input's gap): counted in the stretch it falls in, as the frames of zeros it stands for.
    public func appendSilence(frames: Int, sampleRate: Int) {
        given.withLock { given in
            if let last = given.last, last.sampleRate == sampleRate {
                given[given.count - 1].frames += frames
            } else {
                given.append(Stretch(sampleRate: sampleRate, channels: channels, frames: frames))
            }
        }
        silenced.withLock { $0 += frames }
    }

    /// Frames of silence given for gaps, at the rates they were given at.
    public var silencedFrames: Int { silenced.withLock { $0 } }
    private let silenced = Mutex(0)

    /// The stretches given, in order.
    public var stretches: [Stretch] { given.withLock { $0 } }
    /// How long the sound kept lasts, every stretch at its own rate.
    public var seconds: Double { stretches.reduce(0) { $0 + $1.seconds } }
}
