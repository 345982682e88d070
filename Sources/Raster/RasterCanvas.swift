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
    /// area within about 0.5 %.
    public var tolerance = 0.1

    /// The flattening tolerance, in pixels, for a shape whose control points span `size` pixels.
    @inline(__always)
    func tolerance(forSize size: Double) -> Double {
        min(tolerance, max(0.01, 0.0015 * size))
    }

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
        guard accumulateEdges(of: placed) else { return }
        composeCoverage(PaintSampler(paint, transform: transform, opacity: opacity), rule: rule, composite: composite)
    }

    /// Accumulates the edges of `placed` over the part of its box that can be drawn — within the bitmap and
    /// the clip —, skipping those that lie wholly above or below it. False when nothing of it can be seen.
    private mutating func accumulateEdges(of placed: PlacedPath) -> Bool {
        var region = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height))
        if let clip { region = region.intersection(clip) }
        let bounds = placed.bounds
        let left = max(Int(bounds.minX.rounded(.down)), Int(region.minX.rounded(.down)))
        let top = max(Int(bounds.minY.rounded(.down)), Int(region.minY.rounded(.down)))
        let right = min(Int(bounds.maxX.rounded(.up)), Int(region.maxX.rounded(.up)))
        let bottom = min(Int(bounds.maxY.rounded(.up)), Int(region.maxY.rounded(.up)))
        guard right > left, bottom > top else { return false }
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
        return true
    }

    /// Sums each row's cells into coverage and composites the paint through it, clearing the cells for
    /// the next shape as it goes. Between edges a row's cells are zero and its coverage constant: such runs
    /// are painted whole, four pixels at a time.
    private mutating func composeCoverage(_ paint: PaintSampler, rule: FillRule, composite: CompositeOperator) {
        let left = accumulator.originX, top = accumulator.originY
        let width = accumulator.width, height = accumulator.height, stride = accumulator.stride
        let clipRect = clip
        let bitmapWidth = bitmap.width
        // Painting over or adding, with no clip or one on whole pixels (whose pixels are in or out, all of
        // them cut away with the shape's region), goes through the packed integer path.
        let onWholePixels = clipRect.map { [$0.minX, $0.minY, $0.maxX, $0.maxY].allSatisfy { $0 == $0.rounded() } } ?? true
        let packed = onWholePixels && (composite == .sourceOver || composite == .additive)
        let source = PackedPixel(paint)
        let cells = accumulator.cells
        let firstTouched = accumulator.touchedFirst, lastTouched = accumulator.touchedLast
        let touchedBlocks = accumulator.touchedBlocks, blockWords = accumulator.blockWords
        @inline(__always) func coverage(_ sum: Float) -> Float {
            if rule == .nonZero { return min(abs(sum), 1) }
            let winding = abs(sum).truncatingRemainder(dividingBy: 2)
            return winding <= 1 ? winding : 2 - winding
        }
        bitmap.pixels.withUnsafeMutableBytes { bytes in
            let pixelBase = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for row in 0..<height {
                let y = top + row
                let rowClip = clipRect.map { Self.overlap($0.minY, $0.maxY, Double(y)) } ?? 1
                let line = cells + row * stride
                let pixels = pixelBase + y * bitmapWidth + left
                let first = Int(firstTouched[row]), last = Int(lastTouched[row])
                guard first <= last else { continue }  // no edge in this row: nothing covered
                if packed, rule == .nonZero {
                    let row = TouchedRow(cells: line, blocks: touchedBlocks + row * blockWords, first: first, last: last, width: width)
                    if paint.isSolid {
                        Self.sweepRow(row, pixels, additive: composite == .additive, paint: SolidRow(source: source))
                    } else {
                        Self.sweepRow(row, pixels, additive: composite == .additive, paint: GradientRow(paint: paint, left: left, y: y))
                    }
                    continue
                }
                var sum: Float = 0
                var column = first
                while column < width {
                    var count = 1
                    if column > last {
                        count = width - column  // past the last edge the coverage stays as it is
                    } else if line[column] == 0 {
                        // Eight cells at a time through the inside of a shape.
                        while column + count + 8 <= width,
                              all(UnsafeRawPointer(line + column + count).loadUnaligned(as: SIMD8<Float>.self) .== 0) {
                            count += 8
                        }
                        while column + count < width, line[column + count] == 0 { count += 1 }
                    } else {
                        sum += line[column]
                        line[column] = 0
                    }
                    var amount = coverage(sum)
                    if amount > 1.0 / 512 {
                        if packed, paint.isSolid {
                            let scaled = source.scaled(by: UInt32(amount * 256 + 0.5))
                            if count == 1 {
                                // An edge pixel: one blend, without the run machinery.
                                pixels[column] = composite == .sourceOver
                                    ? PackedPixel.over(pixels[column], source: scaled) : PackedPixel.add(pixels[column], source: scaled)
                            } else if composite == .sourceOver {
                                PackedPixel.over(pixels + column, count: count, source: scaled)
                            } else {
                                PackedPixel.add(pixels + column, count: count, source: scaled)
                            }
                        } else {
                            for x in column..<(column + count) {
                                if let clipRect {
                                    amount = coverage(sum) * Float(rowClip * Self.overlap(clipRect.minX, clipRect.maxX, Double(left + x)))
                                }
                                let (r, g, b, a) = paint.color(x: left + x, y: y)
                                Self.composite(
                                    composite, UnsafeMutableRawPointer(pixels + x).assumingMemoryBound(to: UInt8.self),
                                    r * amount, g * amount, b * amount, a * amount)
                            }
                        }
                    }
                    column += count
                }
                for spare in max(width, first)...(width + 1) where spare <= last { line[spare] = 0 }
            }
        }
    }

    /// The common case's row — non-zero, painted over or added — in one tight loop: edge cells one by one,
    /// the runs between them whole (four pixels at a time for one colour).
    @inline(__always)
    private static func sweepRow<Paint: RowPaint>(
        _ row: TouchedRow, _ pixels: UnsafeMutablePointer<UInt32>, additive: Bool, paint: Paint
    ) {
        let line = row.cells, width = row.width
        @inline(__always) func blend(_ x: Int, _ coverage: UInt32) {
            let source = PackedPixel.scale(paint.color(at: x), by: coverage)
            pixels[x] = additive ? PackedPixel.add(pixels[x], source: source) : PackedPixel.over(pixels[x], source: source)
        }
        @inline(__always) func paintRun(_ start: Int, _ count: Int, _ sum: Float) {
            let amount = min(abs(sum), 1)
            guard amount > 1.0 / 512, count > 0 else { return }
            let coverage = UInt32(amount * 256 + 0.5)
            if let constant = paint.constant {
                let source = PackedPixel.scale(constant, by: coverage)
                if additive { PackedPixel.add(pixels + start, count: count, source: source) } else {
                    PackedPixel.over(pixels + start, count: count, source: source)
                }
            } else {
                for x in start..<(start + count) { blend(x, coverage) }
            }
        }
        var sum: Float = 0
        var column = row.first
        let end = min(row.last, width - 1)  // cells past the last pixel hold edges clamped to the right side
        while column <= end {
            let cell = line[column]
            if cell != 0, let constant = paint.constant, column + 3 <= end {
                // Four cells at once: their sums one after another, as below, then the pixels blended together.
                let first = sum + cell, second = first + line[column + 1]
                let third = second + line[column + 2], fourth = third + line[column + 3]
                UnsafeMutableRawPointer(line + column).storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
                @inline(__always) func coverage(_ sum: Float) -> UInt16 { UInt16(min(abs(sum), 1) * 256 + 0.5) }
                // (Coverage of 1/512 or less rounds to 0 or 1, which leaves a pixel as it is, as skipping it does.)
                PackedPixel.blend(
                    pixels + column, source: constant,
                    coverages: (coverage(first), coverage(second), coverage(third), coverage(fourth)), additive: additive)
                sum = fourth
                column += 4
                continue
            }
            if cell != 0 {
                sum += cell
                line[column] = 0
                let amount = min(abs(sum), 1)
                if amount > 1.0 / 512 { blend(column, UInt32(amount * 256 + 0.5)) }
                column += 1
                continue
            }
            let next = row.nextNonzero(from: column + 1, through: end)
            paintRun(column, next - column, sum)
            column = next
        }
        paintRun(end + 1, width - end - 1, sum)  // past the last edge the coverage stays as it is
        for spare in max(width, row.first)...(width + 1) where spare <= row.last { line[spare] = 0 }
    }

    /// How much of the pixel span [p, p + 1) lies inside [low, high].
    @inline(__always)
    private static func overlap(_ low: Double, _ high: Double, _ p: Double) -> Double {
        max(0, min(high, p + 1) - max(low, p))
    }

    /// Composites a premultiplied source (0…1) onto the destination pixel (bytes).
    @inline(__always)
    private static func composite(
        _ mode: CompositeOperator, _ pixel: UnsafeMutablePointer<UInt8>, _ r: Float, _ g: Float, _ b: Float, _ a: Float
    ) {
        let dr = Float(pixel[0]) * (1 / 255), dg = Float(pixel[1]) * (1 / 255)
        let db = Float(pixel[2]) * (1 / 255), da = Float(pixel[3]) * (1 / 255)
        let out: (Float, Float, Float, Float)
        switch mode {
        case .sourceOver:
            let keep = 1 - a
            out = (r + dr * keep, g + dg * keep, b + db * keep, a + da * keep)
        case .additive:
            out = (min(r + dr, 1), min(g + dg, 1), min(b + db, 1), min(a + da, 1))
        case .screen:
            out = (r + dr - r * dr, g + dg - g * dg, b + db - b * db, a + da - a * da)
        case .multiply:
            out = (r * dr + r * (1 - da) + dr * (1 - a), g * dg + g * (1 - da) + dg * (1 - a),
                   b * db + b * (1 - da) + db * (1 - a), a + da - a * da)
        }
        pixel[0] = UInt8(min(max(out.0, 0), 1) * 255 + 0.5)
        pixel[1] = UInt8(min(max(out.1, 0), 1) * 255 + 0.5)
        pixel[2] = UInt8(min(max(out.2, 0), 1) * 255 + 0.5)
        pixel[3] = UInt8(min(max(out.3, 0), 1) * 255 + 0.5)
    }
}

/// A row of cells with what the accumulator knows of where its edges are: the first and last cell touched,
/// and which blocks of cells were.
private struct TouchedRow {
    let cells: UnsafeMutablePointer<Float>
    let blocks: UnsafeMutablePointer<UInt64>
    let first: Int
    let last: Int
    let width: Int

    /// The first column from `start` up to `end` whose cell is not zero, or `end + 1`. Blocks no edge
    /// touched are stepped over without reading their cells; touched ones are read eight cells at a time.
    @inline(__always)
    func nextNonzero(from start: Int, through end: Int) -> Int {
        var x = start
        while x <= end {
            let block = x >> CoverageAccumulator.blockShift
            if blocks[block >> 6] & (1 << UInt64(block & 63)) == 0 {
                guard let touched = nextTouchedBlock(after: block) else { return end + 1 }
                x = touched << CoverageAccumulator.blockShift
                continue
            }
            let blockEnd = min((block + 1) << CoverageAccumulator.blockShift, end + 1)
            while x + 8 <= blockEnd, all(UnsafeRawPointer(cells + x).loadUnaligned(as: SIMD8<Float>.self) .== 0) { x += 8 }
            while x < blockEnd, cells[x] == 0 { x += 1 }
            if x < blockEnd { return x }
        }
        return end + 1
    }

    /// The first touched block after `block`, if any.
    @inline(__always)
    private func nextTouchedBlock(after block: Int) -> Int? {
        var candidate = block + 1
        let lastWord = last >> (CoverageAccumulator.blockShift + 6)
        while candidate >> 6 <= lastWord {
            let word = blocks[candidate >> 6] >> UInt64(candidate & 63)
            if word != 0 { return candidate + word.trailingZeroBitCount }
            candidate = (candidate | 63) + 1
        }
        return nil
    }
}

/// Where a row's colours come from in the packed path: one colour, or a gradient pixel by pixel.
private protocol RowPaint {
    /// The colour when it is the same everywhere (runs are then painted four pixels at a time).
    var constant: UInt32? { get }
    /// The packed colour of the row's pixel `x` (counted from the region's left).
    func color(at x: Int) -> UInt32
}

private struct SolidRow: RowPaint {
    let source: PackedPixel
    var constant: UInt32? { source.value }
    @inline(__always) func color(at x: Int) -> UInt32 { source.value }
}

private struct GradientRow: RowPaint {
    let paint: PaintSampler
    let left: Int
    let y: Int
    /// A linear gradient's place at the row's first pixel and its step a pixel: one multiply-add a pixel
    /// instead of mapping each pixel's centre back through the transform.
    let steps: (start: Double, step: Double)?

    init(paint: PaintSampler, left: Int, y: Int) {
        self.paint = paint
        self.left = left
        self.y = y
        steps = paint.linearSteps(y: y).map { ($0.start + Double(left) * $0.step, $0.step) }
    }

    var constant: UInt32? { nil }
    @inline(__always) func color(at x: Int) -> UInt32 {
        guard let steps else { return paint.packedColor(x: left + x, y: y) }
        return paint.packedColor(along: steps.start + Double(x) * steps.step)
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
