/// Where the composition transport is, as consoles and canvases hear it (`{"type": "transport", …}`).
public struct TransportStatus: Hashable, Sendable, Codable {
    /// The composition loaded, if any.
    public var composition: String?
    /// The ids of the pair it plays (a composition's, or the one an editor asked for), if one is loaded.
    public var part: Int64?
    public var voice: Int64?
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
    /// The sound previewed alone, when that is what is loaded (its `part` and `voice` are then nil).
    public var sound: Int64? = nil
    /// A start that waits for its moment (a Link session's next downbeat): the seconds still to wait when
    /// this was told (nil: none waits; `playing` is false until it comes).
    public var startsIn: Double? = nil
    /// Why some of the composition's light is left out, when some is: a chord no longer in the library, or a
    /// chordset that cannot be read.
    public var lightProblem: String? = nil

    public static let idle = TransportStatus(composition: nil, part: nil, voice: nil, playing: false, seconds: 0, duration: 0, loop: nil, parts: [], soundProblem: nil)
}
