/// The triangles an output's slice is drawn through onto its window (the web client's view/output-mesh.js
/// builds the same, so that the offline render and the canvas agree): per vertex, where it lies in the window
/// (0…1 from its top-left) and which slice point it shows as homogeneous coordinates (U, V, Q: the point is
/// (U / Q, V / Q)); and the triangles, three vertex numbers each.
///
/// With corners only, the mesh is the quadrilateral itself, each corner's (U, V, Q) the inverse homography of
/// its position: interpolated linearly across the window and divided, that is the exact perspective. With a
/// grid, a bicubic Catmull-Rom surface through the grid's points, each cell cut into `cellSteps × cellSteps`
/// quads of two triangles, its slice points affine (Q = 1).
public struct OutputMesh: Hashable, Sendable {
    public var positions: [OutputPoint]
    public var slicePoints: [SIMD3<Double>]
    public var triangles: [Int]

    /// How many steps each grid cell is cut into, each way.
    public static let cellSteps = 8

    /// The mesh `output` is drawn through: its grid's, else its corners' (empty when they make no quadrilateral).
    public init(_ output: StageOutput) {
        if let grid = output.grid, grid.outline.count == 4 { self = Self.grid(grid) } else { self = Self.corners(output.corners) }
    }

    init(positions: [OutputPoint], slicePoints: [SIMD3<Double>], triangles: [Int]) {
        self.positions = positions
        self.slicePoints = slicePoints
        self.triangles = triangles
    }

    /// A corner-pin's two triangles.
    static func corners(_ corners: [OutputPoint]) -> OutputMesh {
        guard let inverse = Homography(unitSquareTo: corners)?.inverse else { return OutputMesh(positions: [], slicePoints: [], triangles: []) }
        let m = inverse.m
        let slicePoints = corners.map { p in
            SIMD3(m[0] * p.x + m[1] * p.y + m[2], m[3] * p.x + m[4] * p.y + m[5], m[6] * p.x + m[7] * p.y + m[8])
        }
        return OutputMesh(positions: corners, slicePoints: slicePoints, triangles: [0, 1, 2, 0, 2, 3])
    }

    /// A grid's smooth surface, cell by cell.
    static func grid(_ grid: OutputGrid) -> OutputMesh {
        let steps = cellSteps
        let across = (grid.columns - 1) * steps + 1, down = (grid.rows - 1) * steps + 1
        var positions: [OutputPoint] = []
        var slicePoints: [SIMD3<Double>] = []
        for row in 0..<down {
            let j = min(row / steps, grid.rows - 2), t = Double(row) / Double(steps) - Double(j)
            for column in 0..<across {
                let i = min(column / steps, grid.columns - 2), s = Double(column) / Double(steps) - Double(i)
                positions.append(surfacePoint(grid, cell: (i, j), s: s, t: t))
                slicePoints.append(SIMD3(Double(column) / Double(across - 1), Double(row) / Double(down - 1), 1))
            }
        }
        var triangles: [Int] = []
        for row in 0..<(down - 1) {
            for column in 0..<(across - 1) {
                let a = row * across + column, b = a + 1, c = a + across + 1, d = a + across
                triangles += [a, b, c, a, c, d]
            }
        }
        return OutputMesh(positions: positions, slicePoints: slicePoints, triangles: triangles)
    }

    /// The Catmull-Rom spline through `p1` (s = 0) and `p2` (s = 1), `p0` and `p3` the neighbours either side.
    static func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ s: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        let linear = 2 * p1 + (p2 - p0) * s
        return 0.5 * (linear + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s2 + (3 * p1 - p0 - 3 * p2 + p3) * s3)
    }

    /// The grid's point at column `i`, row `j`; one step beyond an edge, the point that continues the edge's
    /// last segment straight on (2 P₀ − P₁).
    static func point(_ grid: OutputGrid, _ i: Int, _ j: Int) -> OutputPoint {
        func beyond(_ a: OutputPoint, _ b: OutputPoint) -> OutputPoint { OutputPoint(2 * a.x - b.x, 2 * a.y - b.y) }
        if i < 0 { return beyond(point(grid, 0, j), point(grid, 1, j)) }
        if i > grid.columns - 1 { return beyond(point(grid, grid.columns - 1, j), point(grid, grid.columns - 2, j)) }
        if j < 0 { return beyond(point(grid, i, 0), point(grid, i, 1)) }
        if j > grid.rows - 1 { return beyond(point(grid, i, grid.rows - 1), point(grid, i, grid.rows - 2)) }
        return grid[i, j]
    }

    /// The window point of the grid's surface in cell (i, j) at `s` across and `t` down it: bicubic
    /// Catmull-Rom over the cell's sixteen neighbours.
    static func surfacePoint(_ grid: OutputGrid, cell: (i: Int, j: Int), s: Double, t: Double) -> OutputPoint {
        let rows = (-1...2).map { dj in
            let p = (-1...2).map { di in point(grid, cell.i + di, cell.j + dj) }
            return OutputPoint(catmullRom(p[0].x, p[1].x, p[2].x, p[3].x, s), catmullRom(p[0].y, p[1].y, p[2].y, p[3].y, s))
        }
        return OutputPoint(
            catmullRom(rows[0].x, rows[1].x, rows[2].x, rows[3].x, t), catmullRom(rows[0].y, rows[1].y, rows[2].y, rows[3].y, t))
    }
}

extension StageOutput {
    /// The size of the picture the slice is drawn into for a window of about `pixels` pixels: the slice's own
    /// aspect (the stage is 16:9), neither side above `largest` (both shrink alike) nor below 1 — as the web
    /// client's view/stage-slice.js sizes its stage target.
    public func sliceTargetSize(forPixels pixels: Int, largest: Int = 8192) -> (width: Int, height: Int) {
        let aspect = slice.width * 16 / 9 / slice.height
        var height = (Double(max(1, pixels)) / aspect).squareRoot(), width = height * aspect
        let over = max(width, height) / Double(largest)
        if over > 1 {
            width /= over
            height /= over
        }
        return (min(largest, max(1, Int(width.rounded()))), min(largest, max(1, Int(height.rounded()))))
    }
}
