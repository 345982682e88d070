/// An audio file that could not be read, decoded, resampled or written: a code to tell the kinds apart and a
/// message for the composer saying which file and why.
public struct AudioFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is; new kinds may come.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable { case unreadable, unsupported, truncated, tooLarge, notWritten }
        private let kind: Kind
        public var description: String { kind.rawValue }

        /// The file is not there, or cannot be opened.
        public static let unreadable = Code(kind: .unreadable)
        /// The bytes are not audio in a format we read (WAV, AIFF, FLAC, Ogg Vorbis and the rest libsndfile
        /// knows), or describe no sound (no channels, no rate).
        public static let unsupported = Code(kind: .unsupported)
        /// The file ends before the sound it announces.
        public static let truncated = Code(kind: .truncated)
        /// The sound is longer or larger than the library keeps.
        public static let tooLarge = Code(kind: .tooLarge)
        /// The file could not be written.
        public static let notWritten = Code(kind: .notWritten)
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
