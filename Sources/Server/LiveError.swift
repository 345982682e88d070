/// Why a client's request was refused, in words for the performer.
public struct LiveError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
