/// Why the OSC followers could not be set up.
public struct OSCFollowersError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
