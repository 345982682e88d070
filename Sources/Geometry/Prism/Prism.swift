/// The prism's outline, traced from its bottom left corner to the bottom right, up to the top and back.
public struct Prism: Shape, Hashable {
    public init() {}

    public func path(in rect: Rect) -> Path {
        let prism = PrismPoints(in: rect)
        return Path { $0.addLines([prism.bottomLeft, prism.bottomRight, prism.top], close: true) }
    }
}
