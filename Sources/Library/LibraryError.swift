/// Something the chordset library could not do, with a message for the performer saying what and why.
public struct LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
