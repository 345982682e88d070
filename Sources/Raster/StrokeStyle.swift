/// How a path is stroked: the line's width, its ends and its corners.
public struct StrokeStyle: Hashable, Sendable {
    /// How an open line ends.
    public enum Cap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
    /// How two segments meet.
    public enum Join: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }

    public var width: Double
    public var cap: Cap
    public var join: Join
    /// A miter longer than this many half-widths becomes a bevel.
    public var miterLimit: Double

    public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 4) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}
