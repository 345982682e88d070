/// The eight trigger pads, bound to the eight chords of the current chordset (pad n plays chord n): which
/// are held, since when and how hard.
public struct TriggerPads: Hashable, Sendable, Codable {
    public static let count = 8

    /// One pad's state.
    public struct Pad: Hashable, Sendable, Codable {
        public var isDown = false
        public var velocity = 0.0
        public var downTime = 0.0
    }

    public private(set) var pads = [Pad](repeating: Pad(), count: count)

    public init() {}

    public subscript(pad: Int) -> Pad { pads[pad] }

    /// The chord position a pad plays.
    public static func chordPosition(ofPad pad: Int) -> Int { pad }

    mutating func press(_ pad: Int, velocity: Double, at time: Double) {
        pads[pad] = Pad(isDown: true, velocity: velocity, downTime: time)
    }

    mutating func release(_ pad: Int) {
        pads[pad].isDown = false
    }

    static func validate(pad: Int) throws(InstrumentError) {
        guard (0..<count).contains(pad) else {
            throw .invalid("there is no pad \(pad); pads are numbered 0 to \(count - 1)")
        }
    }
}
