import Geometry

/// A path flattened and mapped onto a canvas's pixels once, to be filled many times: a frame drawn in bands
/// of rows fills each shape once a band it crosses, and a lumi's trail stamp is the same shape as the lumi.
/// Filling it costs only the edges that cross the rows being drawn.
public struct PlacedPath: Sendable {
    /// Every subpath's points in pixels, one subpath after another; each subpath is closed for filling.
    let points: [Point]
    /// Where each subpath ends in `points`.
    let subpathEnds: [Int]
    /// The box around every point, in pixels.
    public let bounds: Rect

    /// The rows of a `height`-pixel picture the path may cover (empty when none).
    public func rows(within height: Int) -> Range<Int> {
        let first = Int(max(0, min(Double(height), bounds.minY.rounded(.down))))
        let last = Int(max(0, min(Double(height), bounds.maxY.rounded(.up))))
        return first..<max(first, last)
    }
}

extension RasterCanvas {
    /// `path` flattened finely enough for the canvas's transform and mapped to pixels, ready to be filled;
    /// nil when nothing of it could be seen (degenerate, or not finite).
    public func place(_ path: Path) -> PlacedPath? {
        let scale = transform.largestStretch
        guard scale > 0, scale.isFinite else { return nil }
        var points: [Point] = []
        var ends: [Int] = []
        let size = path.controlPointSize * scale
        if let kept = areaKeepingTolerance(forSize: size) {
            path.appendFlattened(tolerance: kept / scale, to: &points, ends: &ends, keepingArea: true)
        } else {
            path.appendFlattened(tolerance: tolerance(forSize: size) / scale, to: &points, ends: &ends)
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for index in points.indices {
            let device = transform.apply(to: points[index])
            guard device.isFinite else { return nil }
            minX = min(minX, device.x); maxX = max(maxX, device.x)
            minY = min(minY, device.y); maxY = max(maxY, device.y)
            points[index] = device
        }
        guard !ends.isEmpty else { return nil }
        return PlacedPath(points: points, subpathEnds: ends, bounds: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
    }

    /// The outline that stroking `path` with `style` fills, placed as `place(_:)` places a path.
    public func place(stroking path: Path, style: StrokeStyle) -> PlacedPath? {
        let scale = transform.largestStretch
        guard scale > 0, scale.isFinite else { return nil }
        let size = path.controlPointSize * scale
        return place(Stroker(style: style, tolerance: tolerance(forSize: size) / scale).outline(of: path))
    }
}
