/// Where the twelve spectral hues sit in HSV hue space (0…1), as observed in seed 001: each has a position
/// (its anchor on the hue ribbon's gradient) and a segment (begin, end] of hues that carry its name.
public enum Spectrum {
    /// One named hue's place on the ribbon.
    public struct Segment: Hashable, Sendable {
        public let hue: SpectralHue
        /// The hue value at which the named colour is anchored on the ribbon.
        public let position: Double
        /// Hues above `begin` and up to `end` carry this name.
        public let begin: Double
        public let end: Double
    }

    /// The table of seed 001, in ribbon order. The first segment begins just below 0, so that hue 0 itself
    /// is red-orange; the last ends at 1, which is red.
    public static let segments: [Segment] = [
        Segment(hue: .redOrange, position: 0.04, begin: -0.001, end: 0.08),
        Segment(hue: .orange, position: 0.10, begin: 0.08, end: 0.12),
        Segment(hue: .orangeYellow, position: 0.13, begin: 0.12, end: 0.15),
        Segment(hue: .yellow, position: 0.17, begin: 0.15, end: 0.18),
        Segment(hue: .yellowGreen, position: 0.24, begin: 0.18, end: 0.30),
        Segment(hue: .green, position: 0.33, begin: 0.30, end: 0.42),
        Segment(hue: .greenBlue, position: 0.50, begin: 0.42, end: 0.60),
        Segment(hue: .blue, position: 0.67, begin: 0.60, end: 0.71),
        Segment(hue: .blueViolet, position: 0.74, begin: 0.71, end: 0.78),
        Segment(hue: .violet, position: 0.80, begin: 0.78, end: 0.83),
        Segment(hue: .violetRed, position: 0.86, begin: 0.83, end: 0.90),
        Segment(hue: .red, position: 0.95, begin: 0.90, end: 1.00),
    ]

    /// The named hue of a hue value 0…1 (both ends included). Values outside 0…1 wrap around the colour
    /// wheel first, except 1 itself, which is red; a NaN hue is red, the seed's fallback.
    public static func namedHue(at hue: Double) -> SpectralHue {
        guard hue.isFinite else { return .red }
        let location = (0...1).contains(hue) ? hue : hue.wrappedUnit
        return segments.first { location > $0.begin && location <= $0.end }?.hue ?? .red
    }

    /// The segment of a named hue.
    public static func segment(of hue: SpectralHue) -> Segment { segments[hue.rawValue] }
}

extension SpectralHue {
    /// The pure colour at this hue's position on the ribbon (full saturation and brightness).
    public var color: HSVColor { HSVColor(hue: Spectrum.segment(of: self).position, saturation: 1, value: 1) }
}
