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
    /// How far, in pixels, flattened curves may stray from the true ones. The chords of a flattened curve
    /// cut off about two thirds of this times its length in area, so 0.01 keeps a circle of radius 3
    /// within 0.5 % of its area.
    public var tolerance = 0.01

    private var accumulator = CoverageAccumulator()
    private var points: [Point] = []

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
        guard prepareEdges(of: path) else { return }
        composeCoverage(PaintSampler(paint, transform: transform, opacity: opacity), rule: rule, composite: composite)
    }

    /// Strokes `path`: fills the outline that `style` draws along it.
    public mutating func stroke(
        _ path: Path, style: StrokeStyle, paint: Paint, composite: CompositeOperator = .sourceOver, opacity: Double = 1
    ) {
        let scale = transform.largestStretch
        guard scale > 0, scale.isFinite else { return }
        let outline = Stroker(style: style, tolerance: tolerance / scale).outline(of: path)
        fill(outline, paint: paint, rule: .nonZero, composite: composite, opacity: opacity)
    }

    /// Flattens the path in its own coordinates (finely enough for the transform), maps it to pixels and
    /// accumulates its edges over its bounding box. False when nothing of it can be seen.
    private mutating func prepareEdges(of path: Path) -> Bool {
        let scale = transform.largestStretch
        guard scale > 0, scale.isFinite else { return false }
        let polylines = path.flattened(tolerance: tolerance / scale)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        points.removeAll(keepingCapacity: true)
        var ranges: [Range<Int>] = []
        for polyline in polylines where polyline.points.count > 1 {
            let start = points.count
            for point in polyline.points {
                let device = transform.apply(to: point)
                guard device.isFinite else { return false }
                minX = min(minX, device.x); maxX = max(maxX, device.x)
                minY = min(minY, device.y); maxY = max(maxY, device.y)
                points.append(device)
            }
            ranges.append(start..<points.count)
        }
        guard !ranges.isEmpty else { return false }
        var region = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height))
        if let clip { region = region.intersection(clip) }
        let left = max(Int(minX.rounded(.down)), Int(region.minX.rounded(.down)))
        let top = max(Int(minY.rounded(.down)), Int(region.minY.rounded(.down)))
        let right = min(Int(maxX.rounded(.up)), Int(region.maxX.rounded(.up)))
        let bottom = min(Int(maxY.rounded(.up)), Int(region.maxY.rounded(.up)))
        guard right > left, bottom > top else { return false }
        accumulator.reset(x: left, y: top, width: right - left, height: bottom - top)
        for range in ranges {
            // Every subpath is closed for filling.
            var previous = points[range.upperBound - 1]
            for index in range {
                accumulator.addEdge(from: previous, to: points[index])
                previous = points[index]
            }
        }
        return true
    }

    /// Sums each row's cells into coverage and composites the paint through it.
    private mutating func composeCoverage(_ paint: PaintSampler, rule: FillRule, composite: CompositeOperator) {
        let left = accumulator.originX, top = accumulator.originY
        let width = accumulator.width, height = accumulator.height, stride = accumulator.stride
        let clipRect = clip
        let bitmapWidth = bitmap.width
        accumulator.cells.withUnsafeBufferPointer { cells in
            bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
                let cellBase = cells.baseAddress!, pixelBase = pixels.baseAddress!
                for row in 0..<height {
                    let y = top + row
                    let rowClip = clipRect.map { Self.overlap($0.minY, $0.maxY, Double(y)) } ?? 1
                    var sum: Float = 0
                    let line = cellBase + row * stride
                    var pixel = pixelBase + (y * bitmapWidth + left) * 4
                    for column in 0..<width {
                        sum += line[column]
                        var coverage: Float
                        if rule == .nonZero {
                            coverage = min(abs(sum), 1)
                        } else {
                            let winding = abs(sum).truncatingRemainder(dividingBy: 2)
                            coverage = winding <= 1 ? winding : 2 - winding
                        }
                        if coverage > 1.0 / 512 {
                            if let clipRect {
                                coverage *= Float(rowClip * Self.overlap(clipRect.minX, clipRect.maxX, Double(left + column)))
                            }
                            let (r, g, b, a) = paint.color(x: left + column, y: y)
                            Self.composite(composite, pixel, r * coverage, g * coverage, b * coverage, a * coverage)
                        }
                        pixel += 4
                    }
                }
            }
        }
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
