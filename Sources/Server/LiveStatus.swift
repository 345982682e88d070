/// The server's health: who is connected, who was cut off, how long ticks take.
public struct LiveStatus: Sendable, Codable, Equatable {
    public var clients: Int
    public var canvases: Int
    /// Clients cut off for not reading.
    public var evicted: Int
    /// Frames the canvases connected now were too slow to take.
    public var droppedFrames: Int
    public var tickMedianMilliseconds: Double
    public var tickP99Milliseconds: Double
    /// Intents in the performance's log so far (every one is kept for recordings, up to a million events
    /// or about 256 MB), and whether it is full (the performance goes on; nothing more can be recorded).
    public var loggedEvents: Int
    public var logIsFull: Bool
}
