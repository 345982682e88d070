/// The beam of white light: from the left edge at the light fraction to where it strikes the prism.
public struct Beam: Shape, Hashable {
    public var parameters: PrismParameters

    public init(parameters: PrismParameters) {
        self.parameters = parameters
    }

    public func path(in rect: Rect) -> Path {
        let prism = PrismPoints(in: rect)
        return Path {
            $0.move(to: Point(x: rect.minX, y: rect.minY + rect.height * parameters.lightFraction))
            $0.addLine(to: prism.onLeftSide(parameters.prismFraction))
        }
    }
}
