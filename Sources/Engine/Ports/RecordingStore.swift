import Instrument

/// Where recordings go as they are played (a port; `imager serve` plugs in a folder of journal files):
/// a recording is journaled event by event from its first moment, so that a crash loses at most the last
/// second of it, and an unfinished one is closed at the next start.
public protocol RecordingStore: Sendable {
    /// Opens the journal of a recording that starts as `start` says: the checkpoint of the state when it
    /// starts, and no events yet. `following` is where the part before it was saved, when it is the next
    /// part of a set that filled one recording (named after it: `…-part2`, `…-part3`).
    func begin(_ start: PerformanceLog, following: String?) throws -> any RecordingJournal

    /// Closes the recordings a crash left unfinished into performance logs; where each went, and how many
    /// events it holds — or why it could not be closed, one at a time (one that cannot does not stop the
    /// others). Throws only when the store cannot be looked into at all.
    func recoverUnfinished() throws -> [RecoveredRecording]
}

/// One recording under way, written as it is played. Appending only queues (the engine calls it for
/// every intent, so it must not wait for a disk) and holds at most a few seconds of it; `flush` writes what
/// is queued and makes it durable. A journal is an object: the recording under way is told by its journal.
public protocol RecordingJournal: AnyObject, Sendable {
    /// Queues an event applied while recording; whether it went into the log or beside it, as a hearing.
    @discardableResult func append(_ event: PerformanceEvent) -> RecordedAs
    /// Writes what is queued, and the moment `until` the recording has reached, and waits for the disk to
    /// hold it (fsync). Called at least every second while recording; after `finish` it does nothing. What
    /// was left out since the last flush — played while the disk did not take it, past what is held for it —
    /// a line each: the recording goes on without it.
    @discardableResult func flush(until: Double) throws -> [String]
    /// Flushes, writes the finished recording (ending at `until`) as a performance log, and lets the
    /// journal go; where the log went.
    func finish(until: Double) throws -> String
    /// After `flush` or `finish` threw (the disk failed): lets go of what is queued and closes the journal
    /// with what reached the disk, as a performance log (and its sound); where the log went, and what of it
    /// could not be kept now (its sound's last seconds, given up on a full disk to make room for the log).
    /// When even that cannot be written, what is left stays for the next start's
    /// `RecordingStore.recoverUnfinished`, and this throws.
    func finishAsWritten() throws -> (log: String, leftOut: String?)
    /// What it holds in memory while the disk does not take it, for a performer ("4 MB of events, 5 s of
    /// sound"): what is played past that is left out, counted and said.
    var heldForTheDisk: String { get }
    /// Starts keeping what is heard while it records (`channels` interleaved at `sampleRate`), beside it
    /// and as durable as it; its first sample is the recording's first moment.
    func keepSound(sampleRate: Int, channels: Int) throws -> any SoundJournal
}

extension RecordingJournal {
    public func keepSound(sampleRate: Int, channels: Int) throws -> any SoundJournal {
        throw LiveError(.unavailable, "this recording keeps no sound")
    }
}

/// What is heard during a recording, kept with it at one rate and channel count (the first input's).
/// Appending only queues, at most a few seconds: the recording's flushes write it.
public protocol SoundJournal: Sendable {
    /// The rate and the channel count it keeps.
    var sampleRate: Int { get }
    var channels: Int { get }
    /// Queues interleaved samples (whole frames) of `channels` channels at `sampleRate`, brought to the
    /// journal's rate (resampled) and channels (mixed); a block continues the one before when it is of the
    /// same rate and channels, and begins a new stretch otherwise.
    func append(_ samples: [Float], sampleRate: Int, channels: Int)
    /// Queues `frames` frames of silence at `sampleRate` (an input that gave nothing for a while), held as a
    /// count: it takes none of the sound held for the disk.
    func appendSilence(frames: Int, sampleRate: Int)
}

/// A recording a crash had left unfinished, found at the next start: closed, or kept as it was with the
/// reason it could not be.
public struct RecoveredRecording: Sendable, Hashable {
    /// Where its performance log now is; or, when it could not be closed, where what is left of it is kept.
    public var location: String
    /// How many events it holds (0 when not closed).
    public var events: Int
    /// The moment it reached (seconds since its performance started).
    public var until: Double
    /// Why it could not be closed, or what of it could not be kept (its hearings); nil when all was.
    public var problem: String?

    public init(location: String, events: Int, until: Double, problem: String? = nil) {
        self.location = location
        self.events = events
        self.until = until
        self.problem = problem
    }
}
