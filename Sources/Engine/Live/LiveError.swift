import Instrument

/// Why the live instrument refused, or could not do, what a client asked: a code to tell the kinds apart,
/// a message for the performer, and the error that caused it (an `InstrumentError`, the library's, the
/// disk's), kept for whoever needs more than the message.
public struct LiveError: Error, CustomStringConvertible {
    /// What kind of failure it is; new kinds may come.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable {
            case refused, unavailable, endOfList, notSaved, notFound, invalid, full
        }

        private let kind: Kind
        public var description: String { kind.rawValue }

        /// The domain's rules refused it (a bad intent, a full recording): nothing changed.
        public static let refused = Code(kind: .refused)
        /// This instrument has nothing to do it with (no library, no recordings folder).
        public static let unavailable = Code(kind: .unavailable)
        /// Stepping past the first or the last chordset.
        public static let endOfList = Code(kind: .endOfList)
        /// It was done in the performance, but could not be written down (the library, a recording's file);
        /// or, for the library alone, it could not be read or written.
        public static let notSaved = Code(kind: .notSaved)
        /// No such chordset or chord in the library.
        public static let notFound = Code(kind: .notFound)
        /// A value, name or file the library refuses.
        public static let invalid = Code(kind: .invalid)
        /// The library holds as many chordsets as it may.
        public static let full = Code(kind: .full)
    }

    public let code: Code
    /// What went wrong, for the performer (the cause's own message included).
    public private(set) var message: String
    /// What caused it, if something underneath failed.
    public private(set) var cause: (any Error)?

    /// An error of kind `code`; the cause's message, if there is a cause, follows `message` after a colon.
    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.cause = cause
        self.message = cause.map { "\(message): \($0)" } ?? message
    }

    /// The domain's refusal of an intent, in its own words.
    public static func refused(_ error: InstrumentError) -> LiveError {
        var refusal = LiveError(.refused, "")
        refusal.message = error.description
        refusal.cause = error
        return refusal
    }

    public var description: String { message }
}
