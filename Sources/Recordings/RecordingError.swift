import ImageFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recording that could not be written, closed or read: what and where, for the performer, and the
/// error underneath (the system's, or the performance log's own refusal).
public struct RecordingError: Error, CustomStringConvertible {
    /// What went wrong, for the performer (the cause's message included).
    public let message: String
    /// What caused it, if something underneath failed.
    public let cause: (any Error)?

    /// Whether what was read is no recording at all (a journal with no start), as opposed to a failure of
    /// the system's.
    public let unreadable: Bool

    init(_ message: String, cause: (any Error)? = nil, unreadable: Bool = false) {
        self.cause = cause
        self.message = cause.map { "\(message): \($0)" } ?? message
        self.unreadable = unreadable
    }

    public var description: String { message }
}

extension RecordingError {
    /// Whether it comes down to a disk with no room left (or the user's quota spent).
    var isFullDisk: Bool {
        var error: (any Error)? = self
        while let current = error {
            switch current {
            case let failure as DurableFile.Failure: return failure.code == ENOSPC || failure.code == EDQUOT
            case let recording as RecordingError: error = recording.cause
            case let file as ImageFileError: error = file.cause
            default: return false
            }
        }
        return false
    }
}
