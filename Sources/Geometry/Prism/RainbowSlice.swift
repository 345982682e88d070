/// One coloured band of the rainbow: a quadrilateral from the prism's right side to the drawing's right
/// edge. Band `index` of `count` divides both the dispersion's stretch of the prism and the rainbow's
/// stretch of the edge into equal parts. `reach` (0…1) extends it from the prism towards the edge.
public struct RainbowSlice: Shape, Hashable {
    public var parameters: PrismParameters
    public var index: Int
    public var count: Int
    public var reach: Double

    public init(parameters: PrismParameters, index: Int, count: Int = 6, reach: Double = 1) {
        self.parameters = parameters
        self.count = max(1, count)
        self.index = min(max(0, index), self.count - 1)
        self.reach = reach
    }

    public func path(in rect: Rect) -> Path {
        let prism = PrismPoints(in: rect)
        let leftStep = parameters.dispersionSize / Double(count)
        let topLeftFraction = parameters.prismFraction - parameters.dispersionSize / 2 + Double(index) * leftStep
        let rightStep = parameters.rainbowSize / Double(count)
        let topRightFraction = parameters.lightFraction - parameters.rainbowSize / 2 + Double(index) * rightStep

        let topLeft = prism.onRightSide(topLeftFraction)
        let bottomLeft = prism.onRightSide(topLeftFraction + leftStep)
        let topRight = Point(x: rect.maxX, y: rect.minY + rect.height * topRightFraction)
        let bottomRight = Point(x: rect.maxX, y: rect.minY + rect.height * (topRightFraction + rightStep))
        return Path {
            $0.addLines([
                topLeft,
                topLeft.interpolated(to: topRight, fraction: reach),
                bottomLeft.interpolated(to: bottomRight, fraction: reach),
                bottomLeft,
            ], close: true)
        }
    }
}
