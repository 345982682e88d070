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
