/// Where the composition transport is, as consoles and canvases hear it (`{"type": "transport", …}`).
public struct TransportStatus: Hashable, Sendable, Codable {
    /// The composition loaded, if any.
    public var composition: String?
    public var playing: Bool
    /// The playhead: seconds from the composition's start, as heard.
    public var seconds: Double
    /// How long the composition lasts.
    public var duration: Double
    /// The stretch played again and again, in seconds, if one is.
    public var loop: [Double]?
    /// The parts of the composition's top part, in order: what `loop` names by number (from 1).
    public var parts: [String]
    /// Why the composition is not heard, when it is not (no sound device could be opened).
    public var soundProblem: String?

    public static let idle = TransportStatus(composition: nil, playing: false, seconds: 0, duration: 0, loop: nil, parts: [], soundProblem: nil)
}
