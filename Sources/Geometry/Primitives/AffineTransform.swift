import Foundation

/// An affine map of the plane: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (the layout of SVG and canvas).
public struct AffineTransform: Hashable, Sendable, Codable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians (clockwise on screen, where y points down).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cosine = cos(angle), sine = sin(angle)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Scale by (`sx`, `sy`), then rotate by `angle`, then translate to `position`: the placement of a form.
    public static func placement(position: Point, angle: Double, sx: Double, sy: Double) -> AffineTransform {
        let cosine = cos(angle), sine = sin(angle)
        return AffineTransform(
            a: cosine * sx, b: sine * sx, c: -sine * sy, d: cosine * sy, tx: position.x, ty: position.y)
    }

    /// The same placement with the angle in turns (1 = a full turn), computed without the C library.
    @inlinable @inline(__always)
    public static func placement(position: Point, turns: Double, sx: Double, sy: Double) -> AffineTransform {
        let cosine = Turns.cos(turns), sine = Turns.sin(turns)
        return AffineTransform(
            a: cosine * sx, b: sine * sx, c: -sine * sy, d: cosine * sy, tx: position.x, ty: position.y)
    }

    /// The transform that applies `self` first and then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The determinant: the factor by which the transform scales areas.
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or nil when the transform collapses the plane.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
