import UserText

extension StageOutput {
    /// The output with its name as the text rule keeps it (composed, trimmed) and, with a grid, its corners
    /// the grid's outline; or why it cannot be kept — the first problem, in one line. The same rules as the
    /// web client's `validateOutput` (shared/outputs.js).
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
            throw StageOutputError("corners are four points [x, y] (top-left, top-right, bottom-right, bottom-left), each 0 to 1")
        }
        if grid != nil, !zip(corners, kept.corners).allSatisfy({ abs($0.x - $1.x) <= 1e-9 && abs($0.y - $1.y) <= 1e-9 }) {
            throw StageOutputError("with a grid, the corners are the grid's four outer points")
        }
        guard Self.isConvex(kept.corners) else {
            throw StageOutputError("the corners must make a convex quadrilateral (top-left, top-right, bottom-right, bottom-left in turn, no three on a line)")
        }
        try checkBlend()
        if let mask {
            guard Self.maskPoints.contains(mask.count) else { throw StageOutputError("a mask is a polygon of 3 to 64 points; this has \(mask.count)") }
            guard mask.allSatisfy(\.isInUnitSquare) else { throw StageOutputError("every mask point is [x, y], each 0 to 1") }
        }
        guard brightness.isFinite, (0...1).contains(brightness) else { throw StageOutputError("brightness is 0 to 1; \(brightness) is not") }
        if kept.isMain, kept.slice != .whole || kept.corners != Self.unitCorners || grid != nil || mask != nil || !blend.isNone {
            throw StageOutputError("Main always shows the whole stage unwarped: only its brightness and test pattern can change (make an output of its own to map)")
        }
        return kept
    }

    private func checkSlice() throws(StageOutputError) {
        for (name, value) in [("x", slice.x), ("y", slice.y), ("width", slice.width), ("height", slice.height)] {
            guard value.isFinite, (0...1).contains(value) else { throw StageOutputError("slice.\(name) is 0 to 1; \(value) is not") }
        }
        guard slice.width > 0, slice.height > 0 else { throw StageOutputError("a slice has a width and a height above 0") }
        guard slice.x + slice.width <= 1 + 1e-9, slice.y + slice.height <= 1 + 1e-9 else {
            throw StageOutputError("a slice lies on the stage: x + width and y + height at most 1")
        }
    }

    private func checkBlend() throws(StageOutputError) {
        for (name, value) in [("left", blend.left), ("right", blend.right), ("top", blend.top), ("bottom", blend.bottom)] {
            guard value.isFinite, OutputBlend.widths.contains(value) else { throw StageOutputError("blend.\(name) is 0 to 0.5; \(value) is not") }
        }
        guard blend.gamma.isFinite, OutputBlend.gammas.contains(blend.gamma) else {
            throw StageOutputError("blend.gamma is 1 to 3; \(blend.gamma) is not")
        }
    }

    private static func check(_ grid: OutputGrid) throws(StageOutputError) {
        guard gridSides.contains(grid.columns), gridSides.contains(grid.rows) else {
            throw StageOutputError("a grid has 2 to 17 columns and rows; this has \(grid.columns) × \(grid.rows)")
        }
        guard grid.points.count == grid.columns * grid.rows, grid.points.allSatisfy(\.isInUnitSquare) else {
            throw StageOutputError("a grid's points are \(grid.columns * grid.rows) points [x, y] (columns × rows, row by row), each 0 to 1")
        }
    }

    /// Whether four points in turn make a convex quadrilateral: every turn the same way (either way: a mirrored
    /// pin, for rear projection, is one), none straight.
    public static func isConvex(_ corners: [OutputPoint]) -> Bool {
        guard corners.count == 4 else { return false }
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard cross.isFinite, cross != 0, sign == 0 || (cross > 0) == (sign > 0) else { return false }
            sign = cross
        }
        return true
    }
}
