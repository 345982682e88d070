import Geometry

/// A colour as hue, saturation and value (brightness), each 0…1: the model Image Performer thinks in.
/// Hue 0 and hue 1 are the same red.
public struct HSVColor: Hashable, Sendable, Codable {
    public var hue: Double
    public var saturation: Double
    public var value: Double

    public init(hue: Double, saturation: Double, value: Double) {
        self.hue = hue
        self.saturation = saturation
        self.value = value
    }

    /// The colour in red, green and blue (alpha 1). Hue wraps; saturation and value are clamped to 0…1.
    public var rgb: RGBAColor {
        let (red, green, blue) = HSVColor.components(hue: hue, saturation: saturation, value: value)
        return RGBAColor(red: red, green: green, blue: blue)
    }

    /// The hexcone conversion, without allocation, for the per-lumi hot path.
    @inline(__always)
    public static func components(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
        let s = saturation.clamped(to: 0...1), v = value.clamped(to: 0...1)
        let h = hue.wrappedUnit * 6
        let sector = Int(h)
        let f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// The colour of the given red, green and blue (alpha is ignored). A grey has hue 0.
    public init(_ color: RGBAColor) {
        let red = color.red.clamped(to: 0...1), green = color.green.clamped(to: 0...1)
        let blue = color.blue.clamped(to: 0...1)
        let maximum = max(red, green, blue), minimum = min(red, green, blue)
        let chroma = maximum - minimum
        var hue = 0.0
        if chroma > 0 {
            if maximum == red {
                hue = ((green - blue) / chroma) / 6
            } else if maximum == green {
                hue = ((blue - red) / chroma + 2) / 6
            } else {
                hue = ((red - green) / chroma + 4) / 6
            }
        }
        self.init(hue: hue.wrappedUnit, saturation: maximum > 0 ? chroma / maximum : 0, value: maximum)
    }
}
