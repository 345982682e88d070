import Foundation

/// The outline of a shape: subpaths of lines and quadratic and cubic Bézier curves, each open or closed.
///
/// Arcs and ellipses are stored as cubic curves (four per full turn, within 0.03 % of the true circle), so
/// every consumer — flattening, length, trimming, the rasterizer, SVG — handles just three kinds of segment.
public struct Path: Hashable, Sendable, Codable {
    public private(set) var elements: [Element]
    /// Where the next segment starts; nil before the first `move(to:)`.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    public init() {
        elements = []
    }

    /// Builds a path by calling `build` on an empty one.
    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: Point) {
        elements.append(.move(point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a line from the current point; starts a subpath at `point` if there is none.
    public mutating func addLine(to point: Point) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(point))
        currentPoint = point
    }

    public mutating func addQuadCurve(to point: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        guard currentPoint != nil, let start = subpathStart else { return }
        if case .closeSubpath? = elements.last { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// Adds the points as one open polyline (closed with `close`).
    public mutating func addLines(_ points: [Point], close: Bool = false) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
        if close { closeSubpath() }
    }

    public mutating func addRect(_ rect: Rect) {
        addLines([
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ], close: true)
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves, starting at its right
    /// and running clockwise on screen (or counter-clockwise with `clockwise: false`).
    public mutating func addEllipse(in rect: Rect, clockwise: Bool = true) {
        // Its six elements at once (a move, four quarters, the close): a circle drawn a thousand times a frame
        // would otherwise grow its elements three times.
        elements.reserveCapacity(elements.count + 6)
        move(to: Point(x: rect.maxX, y: rect.midY))
        addArc(
            center: rect.center, radii: Size(width: rect.width / 2, height: rect.height / 2),
            startAngle: 0, endAngle: clockwise ? 2 * .pi : -2 * .pi)
        closeSubpath()
    }

    /// Adds a circular arc from `startAngle` to `endAngle` (radians; increasing angles run clockwise on
    /// screen). Draws a line from the current point to the arc's start, or starts a subpath there.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double) {
        addArc(center: center, radii: Size(width: radius, height: radius), startAngle: startAngle, endAngle: endAngle)
    }

    /// An elliptical arc with the given radii; the angles are those of the circle the ellipse is scaled from.
    public mutating func addArc(center: Point, radii: Size, startAngle: Double, endAngle: Double) {
        // More than 64 turns draws nothing new: such a sweep is cut to 64 turns.
        let limit = 128 * Double.pi
        let sweep = (endAngle - startAngle).clamped(to: -limit...limit)
        guard sweep.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        func pointAt(_ cosine: Double, _ sine: Double) -> Point {
            Point(x: center.x + radii.width * cosine, y: center.y + radii.height * sine)
        }
        /// One piece of at most a quarter turn, from the sines and cosines of its ends.
        func addPiece(_ cos0: Double, _ sin0: Double, _ cos1: Double, _ sin1: Double, k: Double) {
            let p0 = pointAt(cos0, sin0), p3 = pointAt(cos1, sin1)
            let c1 = Point(x: p0.x - k * radii.width * sin0, y: p0.y + k * radii.height * cos0)
            let c2 = Point(x: p3.x + k * radii.width * sin1, y: p3.y - k * radii.height * cos1)
            addCurve(to: p3, control1: c1, control2: c2)
        }
        if startAngle == 0, abs(sweep) == 2 * .pi {
            // A whole turn from 0 (every ellipse and circle): the same sines and cosines, from a table.
            let turn = sweep > 0 ? WholeTurn.clockwise : WholeTurn.counterclockwise
            let start = pointAt(1, 0)
            if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
            for (cos0, sin0, cos1, sin1) in turn.ends { addPiece(cos0, sin0, cos1, sin1, k: turn.k) }
            return
        }
        let start = pointAt(cos(startAngle), sin(startAngle))
        if currentPoint == nil { move(to: start) } else if currentPoint != start { addLine(to: start) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        // The control-point distance that makes a cubic follow a circular arc of `step` radians.
        let k = 4.0 / 3.0 * tan(step / 4)
        for piece in 0..<pieces {
            let a0 = startAngle + Double(piece) * step, a1 = a0 + step
            addPiece(cos(a0), sin(a0), cos(a1), sin(a1), k: k)
        }
    }

    /// Appends every subpath of `other`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// Appends one element through the building methods, so the current point stays right.
    private mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// The path with every point mapped by `transform`.
    public func applying(_ transform: AffineTransform) -> Path {
        Path(elements: elements.map { $0.applying(transform) })
    }

    private init(elements: [Element]) {
        self.init()
        for element in elements { append(element) }
    }
}

/// The sines and cosines of a whole turn from 0 cut into four quarters, as `addArc` works them out for any arc:
/// each quarter's start and end (the end from the quarter's own start, so it may differ in its last bit from
/// the next quarter's start), worked out once.
private struct WholeTurn: Sendable {
    let ends: [(cos0: Double, sin0: Double, cos1: Double, sin1: Double)]
    let k: Double

    init(sweep: Double) {
        let step = sweep / 4
        ends = (0..<4).map { piece in
            let a0 = Double(piece) * step, a1 = a0 + step
            return (cos(a0), sin(a0), cos(a1), sin(a1))
        }
        k = 4.0 / 3.0 * tan(step / 4)
    }

    static let clockwise = WholeTurn(sweep: 2 * .pi)
    static let counterclockwise = WholeTurn(sweep: -2 * .pi)
}
