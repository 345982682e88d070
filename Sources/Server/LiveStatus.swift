import Engine

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
    /// Intents in the recording under way (0 when none runs), and whether it is full (a recording holds up
    /// to a million events; the performance goes on, unrecorded).
    public var recordedEvents: Int
    public var recordingIsFull: Bool
    /// What went wrong with the last recording, until the next starts: its disk failed (it was stopped, and
    /// what reached the disk saved), or it could not keep the sound heard. Absent when nothing did.
    public var recordingProblem: String?
    /// The lumis on the stage: how many, how many sound, how many were stolen, and the polyphony.
    public var lumis: LumiCounts
    /// What the canvas pages connected now say of their own drawing (`CanvasReport`), the slowest first.
    public var canvasReports: [CanvasReport]
    /// What the instrument hears, or why it hears nothing (nil: it cannot listen).
    public var listening: ListeningStatus?
    /// Where the Link session is (nil: the instrument cannot join one).
    public var link: LinkStatus?
    /// Those who follow the instrument over OSC (`--osc-out`), with what was sent to each (nil: nobody).
    public var oscOut: [OSCFollowers.Target]?
    /// The fixtures and where their DMX goes, with what was sent to each (nil: the instrument has none).
    public var dmx: LiveDMXStatus?
    /// The stage's outputs, each with how many canvases show it (nil: the instrument has only Main).
    public var outputs: [LiveOutputStatus]?
}
