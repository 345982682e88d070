extension Path {
    /// One drawing instruction of a path.
    public enum Element: Hashable, Sendable, Codable {
        case move(Point)
        case line(Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath

        func applying(_ t: AffineTransform) -> Element {
            switch self {
            case .move(let p): .move(t.apply(to: p))
            case .line(let p): .line(t.apply(to: p))
            case .quadCurve(let p, let c): .quadCurve(to: t.apply(to: p), control: t.apply(to: c))
            case .curve(let p, let c1, let c2):
                .curve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .closeSubpath: .closeSubpath
            }
        }
    }
}
