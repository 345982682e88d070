/// The four fractions that place every element of the prism drawing (seed 004); each lies in 0…1.
public struct PrismParameters: Hashable, Sendable, Codable {
    /// Fraction of the height at which the white beam enters from the left edge.
    public var lightFraction: Double
    /// Fraction along the prism's left side (from its top) where the beam strikes it.
    public var prismFraction: Double
    /// Size of the dispersion on the prism's right side, as a fraction of that side.
    public var dispersionSize: Double
    /// Size of the rainbow on the drawing's right edge, as a fraction of the height.
    public var rainbowSize: Double

    /// The values that most closely match the album cover.
    public static let cover = PrismParameters(
        uncheckedLightFraction: 0.55, prismFraction: 0.4, dispersionSize: 0.2, rainbowSize: 0.15)

    /// Checks every fraction and throws a `GeometryError` naming the first that is not a number in 0…1.
    public init(lightFraction: Double, prismFraction: Double, dispersionSize: Double, rainbowSize: Double) throws {
        self.lightFraction = try GeometryError.checked(lightFraction, "light fraction", in: 0...1)
        self.prismFraction = try GeometryError.checked(prismFraction, "prism fraction", in: 0...1)
        self.dispersionSize = try GeometryError.checked(dispersionSize, "dispersion size", in: 0...1)
        self.rainbowSize = try GeometryError.checked(rainbowSize, "rainbow size", in: 0...1)
    }

    private init(uncheckedLightFraction: Double, prismFraction: Double, dispersionSize: Double, rainbowSize: Double) {
        self.lightFraction = uncheckedLightFraction
        self.prismFraction = prismFraction
        self.dispersionSize = dispersionSize
        self.rainbowSize = rainbowSize
    }
}
