/// A straight line across the rectangle from its left middle to its right middle; drawn by stroking.
public struct LineShape: Shape, Hashable {
    public init() {}

    public func path(in rect: Rect) -> Path {
        Path {
            $0.move(to: Point(x: rect.minX, y: rect.midY))
            $0.addLine(to: Point(x: rect.maxX, y: rect.midY))
        }
    }
}
