import Foundation

/// A recording closed into its performance log: where the log is, how many events it holds, and the
/// moment it reached (seconds since its performance started).
public struct SavedRecording: Sendable, Hashable {
    public var log: URL
    public var events: Int
    public var until: Double
}
