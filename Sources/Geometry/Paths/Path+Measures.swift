extension Path {
    /// The smallest axis-aligned rectangle containing every point of the path (exact for curves), or nil
    /// for an empty path.
    public var bounds: Rect? {
        var box: Rect?
        for subpath in subpaths {
            let points = subpath.segments.isEmpty ? [subpath.start] : subpath.segments.flatMap { $0.extremePoints() }
            for point in points {
                box = box?.including(point) ?? Rect(origin: point, size: .zero)
            }
        }
        return box
    }

    /// The total arc length of all subpaths, closing lines included, within `tolerance`.
    public func length(tolerance: Double = Path.defaultTolerance) -> Double {
        subpaths.reduce(0) { sum, subpath in
            subpath.segments.reduce(sum) { $0 + $1.length(tolerance: tolerance) }
        }
    }
}

/// A path flattened into straight lines: one list of points per subpath.
public struct Polyline: Hashable, Sendable {
    public var points: [Point]
    public var isClosed: Bool

    public init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }

    /// The area enclosed, as if closed: positive when the points turn clockwise on screen (y down), so that
    /// a hole wound against its outline subtracts from it.
    public var signedArea: Double {
        guard var previous = points.last else { return 0 }
        var twice = 0.0
        for point in points {
            twice += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return twice / 2
    }
}

extension Path {
    /// The points `flattened(tolerance:)` gives, of every polyline of more than one point, appended one polyline
    /// after another to `points`, with where each ends appended to `ends`: the same points without making the
    /// subpaths, segments and polylines on the way (a shape drawn many times a frame is placed this way).
    /// `keepingArea` flattens each curve with `PathSegment.appendFlattenedKeepingArea` instead: fewer points, moved
    /// out from the curve so that the polygon keeps the area within it (for filling).
    public func appendFlattened(tolerance: Double, to points: inout [Point], ends: inout [Int], keepingArea: Bool = false) {
        // Room for them all at once, most often (growing as they came copied a circle's six times): a point for
        // each line and sixteen for each curve, without working out how many pieces each is cut into (twice as much
        // work); a larger curve grows the array by doubling, as it does when a caller appends many paths to it.
        let needed = points.count + estimatedPointCount
        if points.capacity < needed { points.reserveCapacity(max(needed, 2 * points.capacity)) }
        var start = Point.zero, point = Point.zero
        var first = -1  // where the open subpath's points begin in `points`; -1 when none is open
        // The path's own point that the last point appended stands for, and how far that one was moved from it.
        var lastEnd = Point.zero, lastMoved = Point.zero
        func finish(closed: Bool) {
            guard first >= 0 else { return }
            if closed, points.count - first > 1, lastEnd == start {
                // The last point is the first again: the first takes its move too (the mean of both curves').
                points[first] += lastMoved
                points.removeLast()
            }
            if points.count - first > 1 { ends.append(points.count) } else { points.removeSubrange(first...) }
            first = -1
        }
        func append(_ segment: PathSegment) {
            guard first >= 0 else { return }
            lastEnd = segment.end
            if keepingArea {
                lastMoved = segment.appendFlattenedKeepingArea(to: &points, tolerance: tolerance)
            } else {
                segment.appendFlattened(to: &points, tolerance: tolerance)
            }
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                first = points.count
                points.append(p)
                lastEnd = p
                lastMoved = .zero
                start = p
                point = p
            case .line(let p):
                append(.line(point, p))
                point = p
            case .quadCurve(let p, let c):
                append(.quad(point, c, p))
                point = p
            case .curve(let p, let c1, let c2):
                append(.cubic(point, c1, c2, p))
                point = p
            case .closeSubpath:
                guard first >= 0 else { break }
                if keepingArea, point.distance(to: start) <= 1e-12 * (1 + abs(start.x) + abs(start.y)) {
                    // A whole turn ending a rounding error from its start (an arc's sine of 2π): the same point, so
                    // that the first takes the last curve's move as well instead of a second point beside it.
                    lastEnd = start
                } else if point != start {
                    append(.line(point, start))
                }
                finish(closed: true)
                point = start
            }
        }
        finish(closed: false)
    }

    /// About how many points flattening appends: one for each element, sixteen for a curve.
    private var estimatedPointCount: Int {
        elements.reduce(0) { count, element in
            switch element {
            case .quadCurve, .curve: count + 16
            case .move, .line, .closeSubpath: count + 1
            }
        }
    }

    /// The subpaths as polylines whose every point lies within `tolerance` of the curves they follow.
    public func flattened(tolerance: Double) -> [Polyline] {
        subpaths.map { subpath in
            var points = [subpath.start]
            for segment in subpath.segments { segment.appendFlattened(to: &points, tolerance: tolerance) }
            if subpath.isClosed, points.count > 1, points.last == points.first { points.removeLast() }
            return Polyline(points: points, isClosed: subpath.isClosed)
        }
    }
}
