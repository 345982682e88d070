/// The ellipse inscribed in the rectangle (a circle when the rectangle is square).
public struct Ellipse: Shape, Hashable {
    public init() {}

    public func path(in rect: Rect) -> Path {
        Path { $0.addEllipse(in: rect) }
    }
}

/// The largest circle centred in the rectangle.
public struct Circle: Shape, Hashable {
    public init() {}

    public func path(in rect: Rect) -> Path {
        let side = min(rect.width, rect.height)
        return Ellipse().path(in: Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
}
