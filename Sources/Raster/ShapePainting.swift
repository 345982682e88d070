import Geometry

/// How one shape's coverage is painted: its paint, fill rule and compositing, the clip, and whether the packed
/// 8-bit path can be taken (painting over or adding, non-zero, with no clip or one on whole pixels: the canvas
/// then sweeps each row with `TouchedRow.sweep`); any other shape is painted run by run here. Between edges a
/// row's cells are zero and its coverage constant: such runs are painted whole.
struct ShapePainting {
    let paint: PaintSampler
    let rule: FillRule
    let composite: CompositeOperator
    let clip: Rect?
    /// The left of the shape's region in the bitmap: the pixel of a row's cell 0.
    let left: Int
    /// Whether the packed integer path paints this shape.
    let packed: Bool
    let source: PackedPixel

    init(_ paint: PaintSampler, rule: FillRule, composite: CompositeOperator, clip: Rect?, left: Int) {
        self.paint = paint
        self.rule = rule
        self.composite = composite
        self.clip = clip
        self.left = left
        // A clip on whole pixels has each pixel in or out, and those out are cut away with the shape's region.
        let onWholePixels = clip.map { [$0.minX, $0.minY, $0.maxX, $0.maxY].allSatisfy { $0 == $0.rounded() } } ?? true
        packed = onWholePixels && (composite == .sourceOver || composite == .additive)
        source = PackedPixel(paint)
    }

    @inline(__always) func coverage(_ sum: Float) -> Float {
        if rule == .nonZero { return min(abs(sum), 1) }
        let winding = abs(sum).truncatingRemainder(dividingBy: 2)
        return winding <= 1 ? winding : 2 - winding
    }

    /// Whether what this painting paints can be recorded and painted again with another solid colour: the
    /// packed sweep of one colour, non-zero.
    var isRecordable: Bool { packed && rule == .nonZero && paint.isSolid }

    /// Any rule, paint, compositing and clip: runs of equal coverage one after another, eight empty cells at
    /// a time through a shape's inside.
    func paintRunByRun(_ row: TouchedRow, into pixels: UnsafeMutablePointer<UInt32>, y: Int) {
        let line = row.cells, width = row.width, first = row.first, last = row.last
        let clipRect = clip
        let rowClip = clipRect.map { Self.overlap($0.minY, $0.maxY, Double(y)) } ?? 1
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
                    let scaled = source.scaled(by: PackedPixel.coverage(amount))
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
