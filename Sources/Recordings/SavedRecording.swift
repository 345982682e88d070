import Foundation

/// A recording closed into its performance log: where the log is, how many events it holds, and the
/// moment it reached (seconds since its performance started).
public struct SavedRecording: Sendable, Hashable {
    public var log: URL
    public var events: Int
    public var until: Double
    /// What of it could not be kept (its hearings unreadable), when something could not.
    public var problem: String?
}

/// What the start of a server made of one journal a crash had left unfinished.
public enum JournalRecovery: Sendable {
    /// Closed into its performance log.
    case closed(SavedRecording)
    /// Unreadable (cut off before its start was written, or damaged): renamed to `damaged` and kept.
    case setAside(damaged: URL, RecordingError)
    /// Left where it was, to be tried again at the next start (the disk refused).
    case notClosed(journal: URL, RecordingError)
}
