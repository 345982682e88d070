import Geometry

/// A paint made ready for one drawing: premultiplied colours, and for gradients a table of 256 colours
/// and the map from a pixel's centre to its place along the gradient.
struct PaintSampler {
    private enum Kind { case solid, linear, radial }

    private let kind: Kind
    /// The solid colour, premultiplied, 0…1.
    private(set) var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
    /// 256 premultiplied colours, r g b a interleaved, for gradients.
    private var table: [Float] = []
    /// The same colours as packed pixels (R, G, B, A bytes).
    private var packedTable: [UInt32] = []
    /// From device pixels to the paint's own coordinates.
    private var inverse = AffineTransform.identity
    private var start = Point.zero, axis = Point.zero, axisLengthSquared = 1.0, radius = 1.0

    init(_ paint: Paint, transform: AffineTransform, opacity: Double) {
        let opacity = opacity.isNaN ? 0 : opacity.clamped(to: 0...1)
        switch paint {
        case .solid(let color):
            kind = .solid
            let p = PremultipliedColor(color)
            red = Float(p.red * opacity); green = Float(p.green * opacity)
            blue = Float(p.blue * opacity); alpha = Float(p.alpha * opacity)
        case .linearGradient(let from, let to, let stops):
            kind = .linear
            start = from
            axis = to - from
            axisLengthSquared = max(axis.x * axis.x + axis.y * axis.y, 1e-12)
            table = Self.table(stops, opacity: opacity)
            packedTable = Self.packed(table)
            inverse = transform.inverted ?? .identity
        case .radialGradient(let center, let radius, let stops):
            kind = .radial
            start = center
            self.radius = max(radius, 1e-9)
            table = Self.table(stops, opacity: opacity)
            packedTable = Self.packed(table)
            inverse = transform.inverted ?? .identity
        }
    }

    var isSolid: Bool { kind == .solid }

    /// The gradient's colour at the centre of pixel (x, y) as a packed pixel (for gradients only).
    @inline(__always)
    func packedColor(x: Int, y: Int) -> UInt32 {
        packedTable[index(x: x, y: y)]
    }

    /// For a linear gradient, where along it the centre of pixel (0, y) lies and how far each pixel to the
    /// right moves along it (the gradient is affine in x); nil for other paints.
    func linearSteps(y: Int) -> (start: Double, step: Double)? {
        guard kind == .linear else { return nil }
        let origin = inverse.apply(to: Point(x: 0.5, y: Double(y) + 0.5))
        let start = ((origin.x - self.start.x) * axis.x + (origin.y - self.start.y) * axis.y) / axisLengthSquared
        return (start, (inverse.a * axis.x + inverse.b * axis.y) / axisLengthSquared)
    }

    /// The packed colour at `t` along a gradient (0…1, clamped).
    @inline(__always)
    func packedColor(along t: Double) -> UInt32 {
        packedTable[Self.index(t)]
    }

    /// The gradient table's entry for the centre of pixel (x, y).
    @inline(__always)
    private func index(x: Int, y: Int) -> Int {
        let point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let t: Double
        if kind == .linear {
            t = ((point.x - start.x) * axis.x + (point.y - start.y) * axis.y) / axisLengthSquared
        } else {
            t = point.distance(to: start) / radius
        }
        return Self.index(t)
    }

    @inline(__always)
    private static func index(_ t: Double) -> Int {
        Int((t.isNaN ? 0 : t.clamped(to: 0...1)) * 255 + 0.5)
    }

    private static func packed(_ table: [Float]) -> [UInt32] {
        func byte(_ channel: Float) -> UInt32 { UInt32(min(max(channel, 0), 1) * 255 + 0.5) }
        return (0..<256).map { step in
            byte(table[step * 4]) | byte(table[step * 4 + 1]) << 8 | byte(table[step * 4 + 2]) << 16 | byte(table[step * 4 + 3]) << 24
        }
    }

    /// The premultiplied colour at the centre of pixel (x, y).
    @inline(__always)
    func color(x: Int, y: Int) -> (Float, Float, Float, Float) {
        if kind == .solid { return (red, green, blue, alpha) }
        let index = index(x: x, y: y) * 4
        return (table[index], table[index + 1], table[index + 2], table[index + 3])
    }

    /// The gradient's colours at 256 even steps, interpolated between stops in premultiplied space.
    private static func table(_ stops: [Paint.GradientStop], opacity: Double) -> [Float] {
        let sorted = stops.filter { $0.offset.isFinite }.sorted { $0.offset < $1.offset }
        var table = [Float](repeating: 0, count: 256 * 4)
        guard let first = sorted.first, let last = sorted.last else { return table }
        for step in 0..<256 {
            let t = Double(step) / 255
            let color: PremultipliedColor
            if t <= first.offset {
                color = PremultipliedColor(first.color)
            } else if t >= last.offset {
                color = PremultipliedColor(last.color)
            } else {
                let upper = sorted.firstIndex { $0.offset >= t }!
                let a = sorted[upper - 1], b = sorted[upper]
                let f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1
                let ca = PremultipliedColor(a.color), cb = PremultipliedColor(b.color)
                color = PremultipliedColor(
                    red: ca.red + (cb.red - ca.red) * f, green: ca.green + (cb.green - ca.green) * f,
                    blue: ca.blue + (cb.blue - ca.blue) * f, alpha: ca.alpha + (cb.alpha - ca.alpha) * f)
            }
            table[step * 4] = Float(color.red * opacity)
            table[step * 4 + 1] = Float(color.green * opacity)
            table[step * 4 + 2] = Float(color.blue * opacity)
            table[step * 4 + 3] = Float(color.alpha * opacity)
        }
        return table
    }
}
