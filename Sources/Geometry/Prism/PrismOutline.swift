/// The whole prism drawing of seed 004 as one outline — the prism, the beam, the dispersion and the six
/// rainbow slices — for a lumi to take as its form (drawn in the lumi's colour, stroked). Its four
/// parameters are the drawing's (`PrismParameters`); drawn partially (`Path.trimmed`), it traces itself as
/// the cover's animation does.
public struct PrismOutline: Shape, Hashable {
    public var parameters: PrismParameters

    public init(parameters: PrismParameters = .cover) {
        self.parameters = parameters
    }

    public func path(in rect: Rect) -> Path {
        var outline = Path()
        for element in DarkSide(parameters: parameters).elements(in: rect) { outline.addPath(element.path) }
        return outline
    }
}
