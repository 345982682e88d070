/// A regular polygon inscribed in the rectangle's ellipse, its first vertex at the top.
public struct RegularPolygon: Shape, Hashable {
    /// The number of sides, at least 3.
    public var sides: Int

    public init(sides: Int) {
        self.sides = max(3, sides)
    }

    public func path(in rect: Rect) -> Path {
        let points = (0..<sides).map { vertex in
            rect.pointOnInscribedEllipse(angle: -.pi / 2 + 2 * .pi * Double(vertex) / Double(sides))
        }
        return Path { $0.addLines(points, close: true) }
    }
}
