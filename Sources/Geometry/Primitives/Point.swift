/// A point (or a vector) in a two-dimensional plane whose y axis points down, as on a screen.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public func distance(to other: Point) -> Double { (other - self).length }

    /// The point at `fraction` of the way from `self` to `end` (0 gives `self`, 1 gives `end`).
    public func interpolated(to end: Point, fraction: Double) -> Point {
        Point(x: x + (end.x - x) * fraction, y: y + (end.y - y) * fraction)
    }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
}
