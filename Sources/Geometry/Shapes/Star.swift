/// A star of `points` tips on the rectangle's ellipse, its inner vertices at `innerRadius` (0…1) of it.
public struct Star: Shape, Hashable {
    public var points: Int
    public var innerRadius: Double

    public init(points: Int, innerRadius: Double) {
        self.points = max(2, points)
        self.innerRadius = innerRadius.isFinite ? min(max(innerRadius, 0), 1) : 0.5
    }

    public func path(in rect: Rect) -> Path {
        let vertices = (0..<(2 * points)).map { vertex in
            rect.pointOnInscribedEllipse(
                angle: -.pi / 2 + .pi * Double(vertex) / Double(points),
                radius: vertex.isMultiple(of: 2) ? 1 : innerRadius)
        }
        return Path { $0.addLines(vertices, close: true) }
    }
}
