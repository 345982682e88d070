/// How a path is painted: one colour, or a gradient (in the path's coordinates). Before the first stop
/// and after the last, a gradient keeps the end colours.
public enum Paint: Hashable, Sendable, Codable {
    case solid(RGBAColor)
    /// Colours along the line from `start` to `end`, constant across it.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// Colours by distance from `center`: the first stop at the centre, the last at `radius`.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])

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
