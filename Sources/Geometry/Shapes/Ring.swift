/// An annulus: the rectangle's ellipse with a hole of `innerRadius` (0…1) of its size. The hole runs the
/// other way round, so the ring fills correctly under both the non-zero and the even-odd rule.
public struct Ring: Shape, Hashable {
    public var innerRadius: Double

    public init(innerRadius: Double) {
        self.innerRadius = innerRadius.isFinite ? min(max(innerRadius, 0), 1) : 0.5
    }

    public func path(in rect: Rect) -> Path {
        let inner = Rect(
            x: rect.midX - rect.width * innerRadius / 2, y: rect.midY - rect.height * innerRadius / 2,
            width: rect.width * innerRadius, height: rect.height * innerRadius)
        return Path {
            $0.addEllipse(in: rect)
            if innerRadius > 0 { $0.addEllipse(in: inner, clockwise: false) }
        }
    }
}
