import UserText

extension StageOutput {
    /// The output with its name as the text rule keeps it (composed, trimmed) and, with a grid, its corners
    /// the grid's outline; or why it cannot be kept — the first problem, in one line. The same rules as the
    /// web client's `validateOutput` (shared/outputs.js), word for word: both are held to the cases of
    /// Tests/fixtures/twin-rules/outputs.json.
    public func checked() throws(StageOutputError) -> StageOutput {
        var kept = self
        do throws(UserTextError) {
            kept.name = try UserText.checked(name, as: "an output's name", maximumLength: Self.nameLength)
        } catch {
            throw StageOutputError(error.description)
        }
        try kept.checkSlice()
        if let grid {
            try Self.check(grid)
            kept.corners = grid.outline
        }
        guard corners.count == 4, corners.allSatisfy(\.isInUnitSquare) else {
            throw StageOutputError("corners must be four points [x, y] (top-left, top-right, bottom-right, bottom-left), each from 0 to 1")
        }
        if grid != nil, !zip(corners, kept.corners).allSatisfy({ abs($0.x - $1.x) <= 1e-9 && abs($0.y - $1.y) <= 1e-9 }) {
            throw StageOutputError("with a grid, the corners must be the grid's four outer points")
        }
        guard Self.isConvex(kept.corners) else {
            throw StageOutputError("the corners must make a convex quadrilateral (top-left, top-right, bottom-right, bottom-left in turn, no three on a line)")
        }
        try checkBlend()
        if let mask {
            guard Self.maskPoints.contains(mask.count) else { throw StageOutputError("mask must be null or a polygon of 3 to 64 points") }
            guard mask.allSatisfy(\.isInUnitSquare) else { throw StageOutputError("every mask point must be [x, y], each from 0 to 1") }
        }
        guard brightness.isFinite, (0...1).contains(brightness) else { throw StageOutputError("brightness must be a number from 0 to 1") }
        if kept.isMain, kept.slice != .whole || kept.corners != Self.unitCorners || grid != nil || mask != nil || !blend.isNone {
            throw StageOutputError("Main always shows the whole stage unwarped: only its brightness and test pattern can change (make an output of its own to map)")
        }
        return kept
    }

    private func checkSlice() throws(StageOutputError) {
        for (name, value) in [("x", slice.x), ("y", slice.y), ("width", slice.width), ("height", slice.height)] {
            guard value.isFinite, (0...1).contains(value) else { throw StageOutputError("slice.\(name) must be a number from 0 to 1") }
        }
        guard slice.width > 0, slice.height > 0 else { throw StageOutputError("the slice must have a width and a height above 0") }
        guard slice.x + slice.width <= 1 + 1e-9, slice.y + slice.height <= 1 + 1e-9 else {
            throw StageOutputError("the slice must lie on the stage (x + width and y + height at most 1)")
        }
    }

    private func checkBlend() throws(StageOutputError) {
        for (name, value) in [("left", blend.left), ("right", blend.right), ("top", blend.top), ("bottom", blend.bottom)] {
            guard value.isFinite, OutputBlend.widths.contains(value) else { throw StageOutputError("blend.\(name) must be a number from 0 to 0.5") }
        }
        guard blend.gamma.isFinite, OutputBlend.gammas.contains(blend.gamma) else {
            throw StageOutputError("blend.gamma must be a number from 1 to 3")
        }
    }

    private static func check(_ grid: OutputGrid) throws(StageOutputError) {
        for (name, side) in [("columns", grid.columns), ("rows", grid.rows)] where !gridSides.contains(side) {
            throw StageOutputError("grid.\(name) must be a whole number from 2 to 17")
        }
        guard grid.points.count == grid.columns * grid.rows, grid.points.allSatisfy(\.isInUnitSquare) else {
            throw StageOutputError("grid.points must be \(grid.columns * grid.rows) points [x, y] (columns × rows, row by row), each from 0 to 1")
        }
    }

    /// Whether four points in turn make a convex quadrilateral: every turn the same way (either way: a mirrored
    /// pin, for rear projection, is one), none straight — nor, with a `tolerance`, nearer straight than that part
    /// of its two sides' lengths (three corners typed with decimals are in a line only to a rounding).
    public static func isConvex(_ corners: [OutputPoint], tolerance: Double = 0) -> Bool {
        guard corners.count == 4 else { return false }
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            let sides = (abs(b.x - a.x) + abs(b.y - a.y)) * (abs(c.x - b.x) + abs(c.y - b.y))
            guard cross.isFinite, abs(cross) > tolerance * sides, sign == 0 || (cross > 0) == (sign > 0) else { return false }
            sign = cross
        }
        return true
    }
}
