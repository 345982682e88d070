/// A recording that could not be written, closed or read: what and where, for the performer, and the
/// error underneath (the system's, or the performance log's own refusal).
public struct RecordingError: Error, CustomStringConvertible {
    /// What went wrong, for the performer (the cause's message included).
    public let message: String
    /// What caused it, if something underneath failed.
    public let cause: (any Error)?

    init(_ message: String, cause: (any Error)? = nil) {
        self.cause = cause
        self.message = cause.map { "\(message): \($0)" } ?? message
    }

    public var description: String { message }
}
