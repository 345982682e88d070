import Geometry

/// Exact-area anti-aliasing: how much of each pixel a polygon covers, by signed-area accumulation.
///
/// Every edge adds, to each pixel cell it passes, the signed area between itself and the cell's right side
/// (and the rest of its height to the next cell); a running sum along a row then gives each pixel's
/// winding-weighted coverage. The result is the exact area of the pixel inside the polygon wherever edges
/// do not overlap within one pixel, for any number of subpaths, in time proportional to the outline's
/// length plus the region's area. The region is the shape's bounding box, not the whole picture.
struct CoverageAccumulator {
    private(set) var originX = 0, originY = 0, width = 0, height = 0
    /// `(width + 2) × height` cells; two spare columns take edges clamped to the right side.
    private(set) var cells: [Float] = []

    var stride: Int { width + 2 }

    /// Starts a new region of `width × height` pixels whose top left pixel is (x, y), all cells zero.
    mutating func reset(x: Int, y: Int, width: Int, height: Int) {
        originX = x
        originY = y
        self.width = width
        self.height = height
        let count = (width + 2) * height
        if cells.count < count {
            cells = [Float](repeating: 0, count: count)
        } else {
            cells.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.update(repeating: 0, count: count)
            }
        }
    }

    /// Adds the edge from `p0` to `p1` (device coordinates). The parts left or right of the region count
    /// as vertical edges along its sides, which leaves the coverage inside it exact.
    mutating func addEdge(from p0: Point, to p1: Point) {
        var x0 = Float(p0.x) - Float(originX), y0 = Float(p0.y) - Float(originY)
        var x1 = Float(p1.x) - Float(originX), y1 = Float(p1.y) - Float(originY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
        let h = Float(height), w = Float(width)
        // Clip to the rows of the region.
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); accumulateClippedX(x0, y0, x1, y1, h, w, direction: -1) } else {
            accumulateClippedX(x0, y0, x1, y1, h, w, direction: 1)
        }
    }

    /// `y0 < y1`; clips to 0…h in y, splits at the sides in x.
    private mutating func accumulateClippedX(
        _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ h: Float, _ w: Float, direction: Float
    ) {
        guard y1 > 0, y0 < h else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var ax = x0, ay = y0, bx = x1, by = y1
        if ay < 0 { ax -= ay * dxdy; ay = 0 }
        if by > h { bx -= (by - h) * dxdy; by = h }
        guard by > ay else { return }
        if ax >= 0, ax <= w, bx >= 0, bx <= w {
            accumulate(ax, ay, bx, by, direction: direction)
            return
        }
        // Split where the edge crosses the left (x = 0) and right (x = w) sides; clamp the outer parts.
        func crossing(_ side: Float) -> Float? {
            (ax - side) * (bx - side) < 0 ? ay + (side - ax) / (bx - ax) * (by - ay) : nil
        }
        var first = crossing(0) ?? by, second = crossing(w) ?? by
        if first > second { swap(&first, &second) }
        func x(at y: Float) -> Float { y >= by ? bx : ax + (y - ay) * dxdy }
        var startY = ay
        for end in [first, second, by] where end > startY {
            accumulate(min(max(x(at: startY), 0), w), startY, min(max(x(at: end), 0), w), end, direction: direction)
            startY = end
        }
    }

    /// The core: an edge with 0 ≤ x ≤ width and 0 ≤ y0 < y1 ≤ height, winding `direction`.
    private mutating func accumulate(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, direction: Float) {
        guard y1 > y0 else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        let stride = self.stride
        cells.withUnsafeMutableBufferPointer { buffer in
            let a = buffer.baseAddress!
            var x = x0
            var row = Int(y0)
            let lastRow = min(Int(y1.rounded(.up)), height)
            while row < lastRow {
                let top = max(Float(row), y0), bottom = min(Float(row + 1), y1)
                let dy = bottom - top
                let xNext = x + dxdy * dy
                let d = dy * direction
                let (left, right) = x < xNext ? (x, xNext) : (xNext, x)
                let leftFloor = left.rounded(.down)
                let li = Int(leftFloor)
                let rightCeil = right.rounded(.up)
                let ri = Int(rightCeil)
                let line = a + row * stride
                if ri <= li + 1 {
                    // Within one cell: the area right of the edge's mid x goes to this cell, the rest on.
                    let middle = 0.5 * (x + xNext) - leftFloor
                    line[li] += d - d * middle
                    line[li + 1] += d * middle
                } else {
                    // Across several cells: a triangle in the first, trapezoids between, a triangle in the last.
                    let s = 1 / (right - left)
                    let leftFraction = left - leftFloor
                    let a0 = 0.5 * s * (1 - leftFraction) * (1 - leftFraction)
                    let rightFraction = right - rightCeil + 1
                    let am = 0.5 * s * rightFraction * rightFraction
                    line[li] += d * a0
                    if ri == li + 2 {
                        line[li + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - leftFraction)
                        line[li + 1] += d * (a1 - a0)
                        var xi = li + 2
                        while xi < ri - 1 {
                            line[xi] += d * s
                            xi += 1
                        }
                        let a2 = a1 + Float(ri - li - 3) * s
                        line[ri - 1] += d * (1 - a2 - am)
                    }
                    line[ri] += d * am
                }
                x = xNext
                row += 1
            }
        }
    }
}
