/// The colour controls' state: a hue selection and a purity selection, each a centre and a range. It is
/// played — a pulse or a lumi's oscillators move through its ranges — rather than being one colour.
public struct ColorSelection: Hashable, Sendable, Codable {
    public var hue: RibbonSelection
    public var purity: RibbonSelection

    public init(hue: RibbonSelection, purity: RibbonSelection) {
        self.hue = hue
        self.purity = purity
    }

    /// A single colour: the hue at `hue` and the purity at `purity`, no ranges.
    public init(hue: Double, purity: Double = Purity.pure) throws(InstrumentError) {
        self.init(hue: try RibbonSelection(center: hue), purity: try RibbonSelection(center: purity))
    }

    init(uncheckedHue hue: Double, hueRange: Double = 0, purity: Double = Purity.pure, purityRange: Double = 0) {
        self.init(
            hue: RibbonSelection(uncheckedCenter: hue, range: hueRange),
            purity: RibbonSelection(uncheckedCenter: purity, range: purityRange))
    }

    /// The colour at positions 0…1 through the hue range and the purity range.
    public func color(huePosition: Double, purityPosition: Double) -> HSVColor {
        let (saturation, brightness) = Purity.saturationAndBrightness(at: purity.value(at: purityPosition))
        return HSVColor(hue: hue.value(at: huePosition), saturation: saturation, value: brightness)
    }

    /// The colour at the centres of both ranges.
    public var centerColor: HSVColor { color(huePosition: 0.5, purityPosition: 0.5) }
}
