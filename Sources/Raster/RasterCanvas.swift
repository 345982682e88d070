import CRasterBuiltins
import Geometry

/// Draws paths into a bitmap: anti-aliased fills with exact area coverage (non-zero or even-odd), strokes,
/// solid and gradient paints, the compositing modes light needs, a transform and a clipping rectangle.
public struct RasterCanvas: Sendable {
    public var bitmap: Bitmap
    /// From the coordinates of the paths drawn to the bitmap's pixels.
    public var transform = AffineTransform.identity
    /// Only this rectangle of the bitmap (in pixels) is drawn; nil draws everywhere. Fractional edges give
    /// partial coverage.
    public var clip: Rect?
    /// How far, in pixels, flattened curves may stray from the true ones at most (cairo's default). Small
    /// shapes are flattened finer — within 0.15 % of their size, down to 0.01 px — because the chords of a
    /// flattened curve cut off about ⅔ of the tolerance times its length in area: so every shape keeps its
    /// area within about 0.5 % (`tolerance(forSize:)`). The smallest are flattened keeping their area instead
    /// (`areaKeepingTolerance(forSize:)`), in fewer pieces.
    public var tolerance = 0.1
    /// The row of the picture that the bitmap's first row holds: a canvas may hold a band of a larger picture
    /// (its rows from `rowOffset`), drawn in the picture's coordinates — paths, clip and paints alike — so
    /// that a band drawn alone has the pixels the whole picture drawn at once has there.
    public var rowOffset = 0

    /// The flattening tolerance, in pixels, for a shape whose control points span `size` pixels.
    @inline(__always)
    func tolerance(forSize size: Double) -> Double {
        min(tolerance, max(0.01, 0.0015 * size))
    }

    /// The tolerance for filling a shape of `size` pixels flattened keeping its area
    /// (`PathSegment.appendFlattenedKeepingArea`), or nil where that would not cut its curves into clearly fewer
    /// pieces than flattening within `tolerance(forSize:)` does (from about 17 px across). Its points lie outside
    /// the curve by at most the tolerance where the finer flattening's chords lie inside by at most theirs: the
    /// two together within `areaKeepingShift`, so every picture drawn before is drawn again with its edges moved
    /// by at most that (the frozen fixtures let only a few pixels of a frame change by more than 16 levels).
    @inline(__always)
    func areaKeepingTolerance(forSize size: Double) -> Double? {
        let finer = tolerance(forSize: size), kept = Self.areaKeepingShift - finer
        // Pieces go as 1/√(8·tolerance) flattening within it, and as 1/√(12·tolerance) keeping the area: a kept
        // tolerance above the finer one cuts a fifth fewer pieces at least.
        return kept > finer ? kept : nil
    }

    /// How far, in pixels, flattening a small shape keeping its area may move its edges from where the finer
    /// flattening puts them.
    static var areaKeepingShift: Double { 0.05 }

    private var accumulator = CoverageAccumulator()

    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
    }

    public init(width: Int, height: Int, background: RGBAColor = .clear) {
        self.init(bitmap: Bitmap(width: width, height: height, color: background))
    }

    /// Fills `path` with `paint`.
    public mutating func fill(
        _ path: Path, paint: Paint, rule: FillRule = .nonZero, composite: CompositeOperator = .sourceOver,
        opacity: Double = 1
    ) {
        guard let placed = place(path) else { return }
        fill(placed, paint: paint, rule: rule, composite: composite, opacity: opacity)
    }

    /// Strokes `path`: fills the outline that `style` draws along it.
    public mutating func stroke(
        _ path: Path, style: StrokeStyle, paint: Paint, composite: CompositeOperator = .sourceOver, opacity: Double = 1
    ) {
        guard let placed = place(stroking: path, style: style) else { return }
        fill(placed, paint: paint, rule: .nonZero, composite: composite, opacity: opacity)
    }

    /// Fills a path placed earlier (by this canvas or one with the same transform). The paint is placed by
    /// the transform the canvas has now.
    public mutating func fill(
        _ placed: PlacedPath, paint: Paint, rule: FillRule = .nonZero, composite: CompositeOperator = .sourceOver,
        opacity: Double = 1
    ) {
        var none = NoRecorder()
        fill(placed, PaintSampler(paint, transform: transform, opacity: opacity), rule: rule, composite: composite, recorder: &none)
    }

    /// Fills `placed` over the part of its box that can be drawn — within the bitmap and the clip —, a chunk
    /// of rows at a time, telling `recorder` what it paints.
    mutating func fill<Recorder: CoverageRecorder>(
        _ placed: PlacedPath, _ sampler: PaintSampler, rule: FillRule, composite: CompositeOperator, recorder: inout Recorder
    ) {
        var region = Rect(x: 0, y: Double(rowOffset), width: Double(bitmap.width), height: Double(bitmap.height))
        if let clip { region = region.intersection(clip) }
        let bounds = placed.bounds
        let left = max(Self.wholePixel(bounds.minX.rounded(.down)), Self.wholePixel(region.minX.rounded(.down)))
        let top = max(Self.wholePixel(bounds.minY.rounded(.down)), Self.wholePixel(region.minY.rounded(.down)))
        let right = min(Self.wholePixel(bounds.maxX.rounded(.up)) + Self.roomRight, Self.wholePixel(region.maxX.rounded(.up)))
        let bottom = min(Self.wholePixel(bounds.maxY.rounded(.up)), Self.wholePixel(region.maxY.rounded(.up)))
        guard right > left, bottom > top else { return }
        let chunkRows = max(Self.chunkCells / (right - left + 2), 1)
        var chunkTop = top
        while chunkTop < bottom {
            let chunkBottom = min(chunkTop + chunkRows, bottom)
            accumulateEdges(of: placed, left: left, top: chunkTop, right: right, bottom: chunkBottom)
            composeCoverage(sampler, rule: rule, composite: composite, recorder: &recorder)
            chunkTop = chunkBottom
        }
    }

    /// Columns a shape's region reaches past its box on the right (within the bitmap and the clip): a row's last
    /// edge cells then always start a group of four (`TouchedRow.sweep`), where the box's own last columns were
    /// blended one by one; the extra pixels get no coverage and stay as they are (2.6 % off 10,000 circles).
    static var roomRight: Int { 3 }

    /// A pixel's column or row, whole, as an integer, however far off (a shape or a clip may lie beyond any
    /// integer): from 2^50 pixels away on, nothing differs, as nothing there is drawn; not a number is 0.
    @inline(__always)
    static func wholePixel(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(value.clamped(to: -0x1p50...0x1p50))
    }

    /// The most cells a shape's rows are accumulated in at once (512 KB, half a core's L2 cache here): a larger
    /// shape is drawn in chunks of rows, so that its cells are read back from the cache they were written to
    /// instead of from memory.
    static var chunkCells: Int { 131_072 }

    /// Accumulates the edges of `placed` over the rows `top..<bottom` and columns `left..<right` (within the
    /// bitmap and the clip), skipping those that lie wholly above or below them.
    private mutating func accumulateEdges(of placed: PlacedPath, left: Int, top: Int, right: Int, bottom: Int) {
        accumulator.reset(x: left, y: top, width: right - left, height: bottom - top)
        let low = Double(top), high = Double(bottom)
        placed.points.withUnsafeBufferPointer { points in
            var start = 0
            for end in placed.subpathEnds {
                // Every subpath is closed for filling.
                var previous = points[end - 1]
                for index in start..<end {
                    let point = points[index]
                    if max(previous.y, point.y) > low, min(previous.y, point.y) < high {
                        accumulator.addEdge(from: previous, to: point)
                    }
                    previous = point
                }
                start = end
            }
        }
    }

    /// How many rows ahead of the one being painted its pixels are asked for.
    static var rowsAhead: Int { 8 }

    /// Sums each row's cells into coverage and composites the paint through it, clearing the cells for
    /// the next shape as it goes. The way a row is painted is chosen once for the shape, so each has a row
    /// loop of its own with no test of the mode inside.
    private mutating func composeCoverage<Recorder: CoverageRecorder>(
        _ paint: PaintSampler, rule: FillRule, composite: CompositeOperator, recorder: inout Recorder
    ) {
        let painting = ShapePainting(paint, rule: rule, composite: composite, clip: clip, left: accumulator.originX)
        guard painting.packed, rule == .nonZero else {
            forEachRow(left: painting.left) { row, pixels, y, _ in painting.paintRunByRun(row, into: pixels, y: y) }
            return
        }
        let additive = composite == .additive, left = painting.left
        if paint.isSolid {
            let solid = SolidRow(source: painting.source)
            if additive {
                forEachRow(left: left) { row, pixels, _, rowStart in
                    recorder.beginRow(at: rowStart)
                    row.sweep(into: pixels, AddLight.self, paint: solid, recorder: &recorder)
                }
            } else {
                forEachRow(left: left) { row, pixels, _, rowStart in
                    recorder.beginRow(at: rowStart)
                    row.sweep(into: pixels, PaintOver.self, paint: solid, recorder: &recorder)
                }
            }
        } else {
            // A gradient is never recorded (`ShapePainting.isRecordable`).
            var none = NoRecorder()
            if additive {
                forEachRow(left: left) { row, pixels, y, _ in
                    row.sweep(into: pixels, AddLight.self, paint: GradientRow(paint: paint, left: left, y: y), recorder: &none)
                }
            } else {
                forEachRow(left: left) { row, pixels, y, _ in
                    row.sweep(into: pixels, PaintOver.self, paint: GradientRow(paint: paint, left: left, y: y), recorder: &none)
                }
            }
        }
    }

    /// Calls `body` with each row of the accumulated region that an edge touched: its cells, its pixels from
    /// the region's left (column `left` of the bitmap), the picture's row and the index of the row's first
    /// pixel in the bitmap.
    @inline(__always)
    private mutating func forEachRow(
        left: Int, _ body: (TouchedRow, UnsafeMutablePointer<UInt32>, _ y: Int, _ rowStart: Int) -> Void
    ) {
        let top = accumulator.originY, height = accumulator.height, stride = accumulator.stride
        let bitmapWidth = bitmap.width, rowOffset = rowOffset
        let cells = accumulator.cells
        let firstTouched = accumulator.touchedFirst, lastTouched = accumulator.touchedLast
        let touchedBlocks = accumulator.touchedBlocks, blockWords = accumulator.blockWords
        let width = accumulator.width, blockShift = accumulator.blockShift
        bitmap.pixels.withUnsafeMutableBytes { bytes in
            let pixelBase = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            // Each row of the shape lies a picture's row away from the last: its pixels are asked for a few rows
            // ahead, so that they come from memory while the rows before are painted.
            @inline(__always) func prefetch(_ row: Int) {
                guard row < height else { return }
                let first = Int(firstTouched[row]), last = min(Int(lastTouched[row]), width - 1)
                guard first <= last else { return }
                // Its first lines and its last: the processor's own prefetcher follows a row once it is begun.
                let line = pixelBase + (top + row - rowOffset) * bitmapWidth + left
                imager_prefetch_for_writing(line + first)
                imager_prefetch_for_writing(line + min(first + 16, last))
                imager_prefetch_for_writing(line + min(first + 32, last))
                imager_prefetch_for_writing(line + last)
            }
            for row in 0..<min(Self.rowsAhead, height) { prefetch(row) }
            for row in 0..<height {
                prefetch(row + Self.rowsAhead)
                let first = Int(firstTouched[row]), last = Int(lastTouched[row])
                guard first <= last else { continue }  // no edge in this row: nothing covered
                let y = top + row
                let touched = TouchedRow(
                    cells: cells + row * stride, blocks: touchedBlocks + row * blockWords, first: first, last: last, width: width,
                    blockShift: blockShift)
                let rowStart = (y - rowOffset) * bitmapWidth + left
                body(touched, pixelBase + rowStart, y, rowStart)
            }
        }
    }
}

extension Path {
    /// The smaller side of the box around every point of the path, control points included: the size of
    /// a shape, for choosing how finely to flatten it (cheaper than the exact bounds).
    var controlPointSize: Double {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c): include(p); include(c)
            case .curve(let p, let c1, let c2): include(p); include(c1); include(c2)
            case .closeSubpath: break
            }
        }
        return maxX >= minX ? min(maxX - minX, maxY - minY) : 0
    }
}

extension AffineTransform {
    /// The most the transform stretches any length: how finely to flatten curves before it.
    var largestStretch: Double {
        max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }
}

extension Rect {
    /// The part both rectangles share (empty, at the origin, when they do not meet).
    func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
