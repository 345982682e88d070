extension Path {
    /// The tolerance, in path units, used by length and trimming when none is given.
    public static let defaultTolerance = 1e-4

    /// One subpath as its drawn segments, the closing line included when it is closed.
    public struct Subpath: Hashable, Sendable {
        public var start: Point
        public var segments: [PathSegment]
        public var isClosed: Bool
    }

    /// The subpaths in order; a closed subpath ends with its closing line (if its ends differ).
    public var subpaths: [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        var point = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                if let finished = current { result.append(finished) }
                current = Subpath(start: p, segments: [], isClosed: false)
                point = p
            case .line(let p):
                current?.segments.append(.line(point, p))
                point = p
            case .quadCurve(let p, let c):
                current?.segments.append(.quad(point, c, p))
                point = p
            case .curve(let p, let c1, let c2):
                current?.segments.append(.cubic(point, c1, c2, p))
                point = p
            case .closeSubpath:
                if var closing = current {
                    if point != closing.start { closing.segments.append(.line(point, closing.start)) }
                    closing.isClosed = true
                    result.append(closing)
                    point = closing.start
                    current = nil
                }
            }
        }
        if let finished = current { result.append(finished) }
        return result
    }
}
