/// How a path is painted: one colour, or a linear gradient between two points (in the path's coordinates).
public enum Paint: Hashable, Sendable, Codable {
    case solid(RGBAColor)
    case linearGradient(start: Point, end: Point, stops: [GradientStop])

    /// A colour at a position 0…1 along a gradient.
    public struct GradientStop: Hashable, Sendable, Codable {
        public var offset: Double
        public var color: RGBAColor

        public init(offset: Double, color: RGBAColor) {
            self.offset = offset
            self.color = color
        }
    }
}

/// Whether a path is filled or stroked, and with what line width.
public enum DrawingMode: Hashable, Sendable, Codable {
    case fill
    case stroke(width: Double)
}
