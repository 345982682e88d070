import Geometry

/// SVG documents: the same painted paths the rasterizer draws, as vectors for print and for other tools.
public struct SVGDocument: Sendable {
    public let width: Double
    public let height: Double
    private var definitions: [String] = []
    private var body: [String] = []

    public init(width: Double, height: Double, background: RGBAColor? = nil) {
        self.width = width
        self.height = height
        if let background {
            body.append("<rect width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" \(Self.fill(background))/>")
        }
    }

    /// Adds a painted path: filled (non-zero) or stroked (butt caps, miter joins).
    public mutating func draw(_ path: Path, paint: Paint, mode: DrawingMode) {
        let data = Self.pathData(path)
        guard !data.isEmpty else { return }
        let paintAttribute: String
        switch paint {
        case .solid(let color):
            paintAttribute = mode == .fill ? Self.fill(color) : Self.stroke(color)
        case .linearGradient(let start, let end, let stops):
            let id = "g\(definitions.count)"
            definitions.append(
                "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.number(start.x))\" "
                    + "y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\">"
                    + Self.stops(stops) + "</linearGradient>")
            paintAttribute = mode == .fill ? "fill=\"url(#\(id))\"" : "fill=\"none\" stroke=\"url(#\(id))\""
        case .radialGradient(let center, let radius, let stops):
            let id = "g\(definitions.count)"
            definitions.append(
                "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(Self.number(center.x))\" "
                    + "cy=\"\(Self.number(center.y))\" r=\"\(Self.number(radius))\">" + Self.stops(stops) + "</radialGradient>")
            paintAttribute = mode == .fill ? "fill=\"url(#\(id))\"" : "fill=\"none\" stroke=\"url(#\(id))\""
        }
        var element = "<path d=\"\(data)\" \(paintAttribute)"
        if case .stroke(let width) = mode { element += " stroke-width=\"\(Self.number(width))\" stroke-linecap=\"butt\" stroke-linejoin=\"miter\"" }
        body.append(element + "/>")
    }

    /// The document's text.
    public var text: String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
                + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">",
        ]
        if !definitions.isEmpty { lines.append("<defs>" + definitions.joined() + "</defs>") }
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func pathData(_ path: Path) -> String {
        var parts: [String] = []
        func point(_ p: Point) -> String { "\(number(p.x)) \(number(p.y))" }
        for element in path.elements {
            switch element {
            case .move(let p): parts.append("M\(point(p))")
            case .line(let p): parts.append("L\(point(p))")
            case .quadCurve(let p, let c): parts.append("Q\(point(c)) \(point(p))")
            case .curve(let p, let c1, let c2): parts.append("C\(point(c1)) \(point(c2)) \(point(p))")
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    private static func stops(_ stops: [Paint.GradientStop]) -> String {
        stops.map { "<stop offset=\"\(number($0.offset))\" stop-color=\"\(hex($0.color))\" stop-opacity=\"\(number($0.color.alpha))\"/>" }
            .joined()
    }

    private static func fill(_ color: RGBAColor) -> String {
        "fill=\"\(hex(color))\"" + (color.alpha < 1 ? " fill-opacity=\"\(number(color.alpha))\"" : "")
    }

    private static func stroke(_ color: RGBAColor) -> String {
        "fill=\"none\" stroke=\"\(hex(color))\"" + (color.alpha < 1 ? " stroke-opacity=\"\(number(color.alpha))\"" : "")
    }

    private static func hex(_ color: RGBAColor) -> String {
        func byte(_ value: Double) -> String {
            let b = Int(((value.isNaN ? 0 : value).clamped(to: 0...1) * 255).rounded())
            let digits = "0123456789abcdef".map { $0 }
            return String([digits[b / 16], digits[b % 16]])
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    /// A number with at most four decimals and no trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        if text.contains("e") { text = String(format4: rounded) }
        return text
    }
}

extension String {
    /// Fixed notation with four decimals, trailing zeros dropped (for the rare tiny number).
    fileprivate init(format4 value: Double) {
        let scaled = Int((value * 10_000).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = abs(scaled)
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        self = "\(sign)\(magnitude / 10_000)" + (fraction.isEmpty ? "" : ".\(fraction)")
    }
}
