import Geometry

/// A rectangle of one colour, in pixels, painted over what is under it: how a lit pane of the canvas is drawn.
public struct ColoredRectangle: Hashable, Sendable {
    public var frame: Rect
    public var color: RGBAColor

    public init(frame: Rect, color: RGBAColor) {
        self.frame = frame
        self.color = color
    }
}

extension Bitmap {
    /// Fills every pixel — or those of `rows` — with `background`, paints `rectangles` over it in turn
    /// (source-over, their edges anti-aliased by the exact area they cover, as a canvas fills them), and adds
    /// the same pixel of `other` (saturating) when it is given and of the same size: a clear, fills and an
    /// additive composite in one pass over memory.
    ///
    /// Between the rectangles' edges a row is one colour: it is worked out once for the run and written
    /// whole, so a rectangle over the whole picture costs no more than a clear. The rectangles are placed in
    /// the coordinates of a picture whose row `top` is this bitmap's first (a band of it: `RasterCanvas.rowOffset`).
    public mutating func fill(
        _ background: RGBAColor, under rectangles: [ColoredRectangle] = [], adding other: Bitmap? = nil, rows: Range<Int>? = nil,
        top: Int = 0
    ) {
        let width = width, height = height
        let rows = (rows ?? 0..<height).clamped(to: 0..<height)
        guard width > 0, !rows.isEmpty else { return }
        let other = other.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        let base = PremultipliedColor(background).packed
        let layers = rectangles.compactMap(RectangleLayer.init)
        var stops: [Int] = [], covering: [(layer: RectangleLayer, height: Double)] = []
        stops.reserveCapacity(4 * layers.count + 2)
        covering.reserveCapacity(layers.count)
        withUnsafeRows(adding: other) { target, source in
            for y in rows {
                let line = target + y * width, addend = source.map { $0 + y * width }
                covering.removeAll(keepingCapacity: true)
                for layer in layers {
                    if let height = layer.height(inRow: top + y) { covering.append((layer, height)) }
                }
                guard !covering.isEmpty else {
                    Self.write(base, to: line, adding: addend, count: width)
                    continue
                }
                // Where some rectangle's coverage may change across the row: its sides' pixels. Between two
                // stops every rectangle covers the same amount of each pixel.
                stops.removeAll(keepingCapacity: true)
                stops.append(0)
                stops.append(width)
                for (layer, _) in covering { layer.appendStops(to: &stops, width: width) }
                stops.sort()
                var start = 0
                for stop in stops where stop > start {
                    var color = base
                    for (layer, height) in covering { color = layer.paint(over: color, column: start, height: height) }
                    Self.write(color, to: line + start, adding: addend.map { $0 + start }, count: stop - start)
                    start = stop
                }
            }
        }
    }

    /// The pixels as packed words, and those of `other` if given (which must be the same size).
    private mutating func withUnsafeRows(
        adding other: Bitmap?, _ body: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>?) -> Void
    ) {
        pixels.withUnsafeMutableBytes { target in
            let pixels = target.baseAddress!.assumingMemoryBound(to: UInt32.self)
            guard let other else { return body(pixels, nil) }
            other.pixels.withUnsafeBytes { source in body(pixels, source.baseAddress!.assumingMemoryBound(to: UInt32.self)) }
        }
    }

    /// Writes `color` over `count` pixels, or `color` plus (saturating) the same pixels of `addend`.
    @inline(__always)
    private static func write(_ color: UInt32, to pixels: UnsafeMutablePointer<UInt32>, adding addend: UnsafePointer<UInt32>?, count: Int) {
        guard let addend else {
            fill(UnsafeMutableRawPointer(pixels), bytes: count * 4, with: color)
            return
        }
        PackedPixel.add(color, to: addend, count: count, into: pixels)
    }
}

/// A rectangle made ready for `Bitmap.fill(_:under:adding:rows:)`: its sides in pixels and its colour packed.
private struct RectangleLayer {
    let left, right, top, bottom: Double
    let color: UInt32

    init?(_ rectangle: ColoredRectangle) {
        let frame = rectangle.frame
        guard [frame.minX, frame.maxX, frame.minY, frame.maxY].allSatisfy(\.isFinite) else { return nil }
        left = min(frame.minX, frame.maxX); right = max(frame.minX, frame.maxX)
        top = min(frame.minY, frame.maxY); bottom = max(frame.minY, frame.maxY)
        color = PackedPixel(PremultipliedColor(rectangle.color)).value
        guard right > left, bottom > top, color != 0 else { return nil }
    }

    /// How much of row `y`'s height the rectangle covers, when it covers any.
    func height(inRow y: Int) -> Double? {
        let covered = Self.overlap(top, bottom, y)
        return covered > 0 ? covered : nil
    }

    /// The columns where the rectangle's coverage changes: where it begins and ends, and the first and last
    /// pixels it covers whole.
    func appendStops(to stops: inout [Int], width: Int) {
        func column(_ side: Double) -> Int { Int(min(max(side, 0), Double(width))) }
        stops.append(column(left.rounded(.down)))
        stops.append(column(left.rounded(.up)))
        stops.append(column(right.rounded(.down)))
        stops.append(column(right.rounded(.up)))
    }

    /// `color` with the rectangle painted over it at pixel `column` of a row whose `height` it covers.
    @inline(__always)
    func paint(over color: UInt32, column: Int, height: Double) -> UInt32 {
        let amount = Float(height * Self.overlap(left, right, column))
        guard amount > 1.0 / 512 else { return color }
        return PackedPixel.over(color, source: PackedPixel.scale(self.color, by: PackedPixel.coverage(min(amount, 1))))
    }

    /// How much of the pixel span [p, p + 1) lies inside [low, high].
    private static func overlap(_ low: Double, _ high: Double, _ p: Int) -> Double {
        max(0, min(high, Double(p) + 1) - max(low, Double(p)))
    }
}
