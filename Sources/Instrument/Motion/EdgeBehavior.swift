import Geometry

/// What a moving lumi does at the canvas edges: bounce back, wrap around to the other side, or fly off.
public enum EdgeBehavior: String, Hashable, Sendable, Codable, CaseIterable {
    case bounce, wrap, free

    /// `point` brought back into `bounds` by this rule. Closed-form (a fold or a modulo), so the position
    /// at any moment is known without simulating the moments before it.
    @inline(__always)
    public func apply(_ point: Point, in bounds: Rect) -> Point {
        if point.x >= bounds.minX, point.x <= bounds.maxX, point.y >= bounds.minY, point.y <= bounds.maxY {
            return point
        }
        return bringBack(point, into: bounds)
    }

    @usableFromInline
    func bringBack(_ point: Point, into bounds: Rect) -> Point {
        switch self {
        case .free: point
        case .wrap:
            Point(x: Self.wrap(point.x, bounds.minX, bounds.width), y: Self.wrap(point.y, bounds.minY, bounds.height))
        case .bounce:
            Point(x: Self.fold(point.x, bounds.minX, bounds.width), y: Self.fold(point.y, bounds.minY, bounds.height))
        }
    }

    @inline(__always)
    @usableFromInline static func wrap(_ value: Double, _ low: Double, _ span: Double) -> Double {
        guard span > 0 else { return low }
        return low + ((value - low) / span).wrappedUnit * span
    }

    @inline(__always)
    @usableFromInline static func fold(_ value: Double, _ low: Double, _ span: Double) -> Double {
        guard span > 0 else { return low }
        let travel = ((value - low) / (2 * span)).wrappedUnit * 2  // 0..<2 of the span
        return low + (travel <= 1 ? travel : 2 - travel) * span
    }
}
