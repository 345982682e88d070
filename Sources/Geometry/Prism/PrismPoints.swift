/// The three corners of the prism: an equilateral triangle of side one third of the width, centred.
public struct PrismPoints: Hashable, Sendable {
    public let bottomLeft: Point
    public let bottomRight: Point
    public let top: Point

    public init(in rect: Rect) {
        let side = rect.width / 3
        let height = side * (3.0).squareRoot() / 2  // side · sin(π/3)
        let bottomY = rect.minY + (rect.height + height) / 2
        bottomLeft = Point(x: rect.minX + side, y: bottomY)
        bottomRight = Point(x: rect.minX + 2 * side, y: bottomY)
        top = Point(x: rect.midX, y: bottomY - height)
    }

    /// The point at `fraction` of the left side, measured from the top.
    public func onLeftSide(_ fraction: Double) -> Point { top.interpolated(to: bottomLeft, fraction: fraction) }

    /// The point at `fraction` of the right side, measured from the top.
    public func onRightSide(_ fraction: Double) -> Point { top.interpolated(to: bottomRight, fraction: fraction) }
}
