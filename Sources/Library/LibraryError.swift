/// Something the chordset library could not do: a code to tell the kinds apart, a message for the
/// performer saying what and why (with what to do, where there is something to do), and the error
/// underneath — SQLite's, the file system's, a decoder's, the model's refusal — when there was one.
public struct LibraryError: Error, CustomStringConvertible {
    /// What kind of failure it is; new kinds may come.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable { case notFound, invalid, full, unreadableFile, storage }
        private let kind: Kind
        public var description: String { kind.rawValue }

        /// No such chordset, chord or preference.
        public static let notFound = Code(kind: .notFound)
        /// A value the library refuses (a chord that does not validate, a preference out of range).
        public static let invalid = Code(kind: .invalid)
        /// The library holds as many chordsets as it may.
        public static let full = Code(kind: .full)
        /// A chordset file that is not one, or of a later version.
        public static let unreadableFile = Code(kind: .unreadableFile)
        /// The library's file could not be opened, read, written or backed up.
        public static let storage = Code(kind: .storage)
    }

    public let code: Code
    /// What went wrong, for the performer.
    public let message: String
    /// What caused it, if something underneath failed.
    public let cause: (any Error)?

    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public var description: String { message }
}
