/// An axis-aligned rectangle given by its origin (top left, y pointing down) and size.
public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The square of side 1 centred on the origin, in which every form is defined.
    public static let unitCentered = Rect(x: -0.5, y: -0.5, width: 1, height: 1)

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }

    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The smallest rectangle containing both `self` and `point`.
    public func including(_ point: Point) -> Rect {
        let lowX = Swift.min(minX, point.x), lowY = Swift.min(minY, point.y)
        let highX = Swift.max(maxX, point.x), highY = Swift.max(maxY, point.y)
        return Rect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }

    /// The point at the given fractions of the width and height (0, 0 is the top left corner).
    public func point(atUnit unit: Point) -> Point {
        Point(x: minX + unit.x * width, y: minY + unit.y * height)
    }
}
