import Geometry

/// The shape a lumi takes, defined once in the unit square centred on the origin and placed on the canvas
/// by a transform. Renderers receive each form's geometry once and then only its instances.
public enum Form: Hashable, Sendable {
    case circle
    /// A regular polygon of 3…64 sides.
    case polygon(sides: Int)
    /// A star of 2…64 points, its inner vertices at `innerRadius` (0…1) of the outer.
    case star(points: Int, innerRadius: Double)
    /// An annulus whose hole is `innerRadius` (0…1) of the outer size.
    case ring(innerRadius: Double)
    /// A horizontal line across the square; drawn with a stroke.
    case line
    /// A rose curve of 1…64 petals.
    case rose(petals: Int)
    /// The prism drawing of seed 004 — prism, beam, dispersion and rainbow — as one outline, placed by its
    /// four parameters; drawn with a stroke.
    case prism(PrismParameters)

    /// The names used in files, messages and the protocol.
    public static let kinds = ["circle", "polygon", "star", "ring", "line", "rose", "prism"]

    public var kind: String {
        switch self {
        case .circle: "circle"
        case .polygon: "polygon"
        case .star: "star"
        case .ring: "ring"
        case .line: "line"
        case .rose: "rose"
        case .prism: "prism"
        }
    }

    /// The form as a shape, its parameters clamped to what it accepts.
    public var shape: any Shape {
        switch self {
        case .circle: Circle()
        case .polygon(let sides): RegularPolygon(sides: min(sides, 64))
        case .star(let points, let innerRadius): Star(points: min(points, 64), innerRadius: innerRadius)
        case .ring(let innerRadius): Ring(innerRadius: innerRadius)
        case .line: LineShape()
        case .rose(let petals): Rose(petals: petals)
        case .prism(let parameters): PrismOutline(parameters: parameters)
        }
    }

    /// The outline in the unit square centred on the origin.
    public var unitPath: Path { shape.path(in: .unitCentered) }

    /// Whether the form is only visible when stroked (it encloses no area).
    public var isStrokeOnly: Bool {
        switch self {
        case .line, .prism: true
        default: false
        }
    }

    /// Checks the parameters; throws naming the first that is out of range.
    public func validate() throws(InstrumentError) {
        switch self {
        case .circle, .line: break
        case .polygon(let sides):
            guard (3...64).contains(sides) else { throw .outOfRange("polygon sides", Double(sides), allowed: 3...64) }
        case .star(let points, let innerRadius):
            guard (2...64).contains(points) else { throw .outOfRange("star points", Double(points), allowed: 2...64) }
            _ = try innerRadius.checked("star inner radius", in: 0...1)
        case .ring(let innerRadius):
            _ = try innerRadius.checked("ring inner radius", in: 0...1)
        case .rose(let petals):
            guard (1...64).contains(petals) else { throw .outOfRange("rose petals", Double(petals), allowed: 1...64) }
        case .prism(let parameters):
            for (name, value) in [
                ("prism light fraction", parameters.lightFraction), ("prism fraction", parameters.prismFraction),
                ("prism dispersion size", parameters.dispersionSize), ("prism rainbow size", parameters.rainbowSize),
            ] {
                _ = try value.checked(name, in: 0...1)
            }
        }
    }
}

extension Form: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, sides, points, innerRadius, petals, lightFraction, prismFraction, dispersionSize, rainbowSize
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "circle": self = .circle
        case "polygon": self = .polygon(sides: try container.decode(Int.self, forKey: .sides))
        case "star":
            self = .star(
                points: try container.decode(Int.self, forKey: .points),
                innerRadius: try container.decode(Double.self, forKey: .innerRadius))
        case "ring": self = .ring(innerRadius: try container.decode(Double.self, forKey: .innerRadius))
        case "line": self = .line
        case "rose": self = .rose(petals: try container.decode(Int.self, forKey: .petals))
        case "prism":
            let cover = PrismParameters.cover
            // The prism's fractions are checked by `validate()` below (a GeometryError would name them less well).
            var parameters = cover
            parameters.lightFraction = try container.decodeIfPresent(Double.self, forKey: .lightFraction) ?? cover.lightFraction
            parameters.prismFraction = try container.decodeIfPresent(Double.self, forKey: .prismFraction) ?? cover.prismFraction
            parameters.dispersionSize = try container.decodeIfPresent(Double.self, forKey: .dispersionSize) ?? cover.dispersionSize
            parameters.rainbowSize = try container.decodeIfPresent(Double.self, forKey: .rainbowSize) ?? cover.rainbowSize
            self = .prism(parameters)
        default: throw InstrumentError.unknownName("form", kind, known: Self.kinds)
        }
        try validate()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .circle, .line: break
        case .polygon(let sides): try container.encode(sides, forKey: .sides)
        case .star(let points, let innerRadius):
            try container.encode(points, forKey: .points)
            try container.encode(innerRadius, forKey: .innerRadius)
        case .ring(let innerRadius): try container.encode(innerRadius, forKey: .innerRadius)
        case .rose(let petals): try container.encode(petals, forKey: .petals)
        case .prism(let parameters):
            try container.encode(parameters.lightFraction, forKey: .lightFraction)
            try container.encode(parameters.prismFraction, forKey: .prismFraction)
            try container.encode(parameters.dispersionSize, forKey: .dispersionSize)
            try container.encode(parameters.rainbowSize, forKey: .rainbowSize)
        }
    }
}
