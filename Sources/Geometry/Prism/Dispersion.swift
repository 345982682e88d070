/// The light spreading inside the prism: a triangle from the beam's point of entry to a stretch of the right
/// side of size `dispersionSize`, centred at the same fraction. `spread` (0…1) grows it from the entry point,
/// for the animated drawing.
public struct Dispersion: Shape, Hashable {
    public var parameters: PrismParameters
    public var spread: Double

    public init(parameters: PrismParameters, spread: Double = 1) {
        self.parameters = parameters
        self.spread = spread
    }

    public func path(in rect: Rect) -> Path {
        let prism = PrismPoints(in: rect)
        let left = prism.onLeftSide(parameters.prismFraction)
        let topRight = prism.onRightSide(parameters.prismFraction - parameters.dispersionSize / 2)
        let bottomRight = prism.onRightSide(parameters.prismFraction + parameters.dispersionSize / 2)
        return Path {
            $0.addLines([
                left,
                left.interpolated(to: topRight, fraction: spread),
                left.interpolated(to: bottomRight, fraction: spread),
            ], close: true)
        }
    }
}
