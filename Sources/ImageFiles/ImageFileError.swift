/// A picture or video file that could not be written: a code to tell the kinds apart, a message
/// saying which file and why, and the error underneath (the system's, ffmpeg's), if there was one.
public struct ImageFileError: Error, CustomStringConvertible {
    /// What kind of failure it is; new kinds may come.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable { case invalid, notWritten, encoderFailed }
        private let kind: Kind
        public var description: String { kind.rawValue }

        /// What was asked cannot be made (an odd video size, a frame of the wrong size).
        public static let invalid = Code(kind: .invalid)
        /// The file could not be written (a missing folder, a full disk, no permission).
        public static let notWritten = Code(kind: .notWritten)
        /// ffmpeg could not be started, or failed.
        public static let encoderFailed = Code(kind: .encoderFailed)
    }

    public let code: Code
    /// What went wrong, for the performer (the cause's message included).
    public let message: String
    /// What caused it, if something underneath failed.
    public let cause: (any Error)?

    /// An error of kind `code`; the cause's message, if there is a cause, follows `message` after a colon.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.cause = cause
        self.message = cause.map { "\(message): \($0)" } ?? message
    }

    public var description: String { message }
}
