/// A picture or video file that could not be written or read; the message says which and why.
public struct ImageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
