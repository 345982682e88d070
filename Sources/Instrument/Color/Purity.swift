/// Purity: how far a colour departs from its pure hue, on a ribbon 0…1 laid out as the wedges of Thomas
/// Cole's Diagram of Contrasts — black at 0, the pure hue (full saturation and brightness) at 0.5, white at
/// 1. Below the middle, black is mixed in (brightness falls); above it, white is (saturation falls).
public enum Purity {
    /// The ribbon position of the pure hue.
    public static let pure = 0.5

    /// The saturation and brightness of the colour at `purity` (clamped to 0…1).
    @inline(__always)
    public static func saturationAndBrightness(at purity: Double) -> (saturation: Double, brightness: Double) {
        let p = purity.isNaN ? pure : purity.clamped(to: 0...1)
        if p <= pure { return (1, p / pure) }
        return (1 - (p - pure) / (1 - pure), 1)
    }

    /// The purity of a saturation and brightness: the inverse of `saturationAndBrightness(at:)` on the
    /// two edges of the diagram (a colour with both less saturation and less brightness maps to the edge
    /// it departs furthest towards).
    public static func purity(saturation: Double, brightness: Double) -> Double {
        let s = saturation.clamped(to: 0...1), b = brightness.clamped(to: 0...1)
        if 1 - b >= 1 - s { return b * pure }
        return pure + (1 - s) * (1 - pure)
    }
}
