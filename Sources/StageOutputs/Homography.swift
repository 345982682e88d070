/// A plane projective transform (a 3×3 matrix, row-major, the last entry 1 after normalising): how a
/// corner-pinned slice lands in its window. Made from the four corners the unit square's corners go to.
public struct Homography: Hashable, Sendable {
    /// The matrix, row-major: (x, y) goes to ((m0 x + m1 y + m2) / w, (m3 x + m4 y + m5) / w) with
    /// w = m6 x + m7 y + m8.
    public let m: [Double]

    public init(_ m: [Double]) { self.m = m }

    /// The transform taking (0, 0), (1, 0), (1, 1), (0, 1) to `corners` in turn (Heckbert's square-to-quad
    /// mapping); nil when they make no quadrilateral (three on a line, or fewer than four).
    public init?(unitSquareTo corners: [OutputPoint]) {
        guard corners.count == 4 else { return nil }
        let (p0, p1, p2, p3) = (corners[0], corners[1], corners[2], corners[3])
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
        let determinant = dx1 * dy2 - dx2 * dy1
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        let g = (sx * dy2 - dx2 * sy) / determinant
        let h = (dx1 * sy - sx * dy1) / determinant
        m = [
            p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
            p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y,
            g, h, 1,
        ]
    }

    /// Where `point` goes; nil where it goes to infinity (w = 0: never inside a convex quad's square).
    public func apply(_ point: OutputPoint) -> OutputPoint? {
        let w = m[6] * point.x + m[7] * point.y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return OutputPoint((m[0] * point.x + m[1] * point.y + m[2]) / w, (m[3] * point.x + m[4] * point.y + m[5]) / w)
    }

    /// The transform back (the adjugate, scaled so that its last entry is 1 when it can be); nil when singular.
    public var inverse: Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[2] * a[7] - a[1] * a[8], c2 = a[1] * a[5] - a[2] * a[4]
        let c3 = a[5] * a[6] - a[3] * a[8], c4 = a[0] * a[8] - a[2] * a[6], c5 = a[2] * a[3] - a[0] * a[5]
        let c6 = a[3] * a[7] - a[4] * a[6], c7 = a[1] * a[6] - a[0] * a[7], c8 = a[0] * a[4] - a[1] * a[3]
        let determinant = a[0] * c0 + a[1] * c3 + a[2] * c6
        guard determinant.isFinite, abs(determinant) > 1e-15 else { return nil }
        let scale = abs(c8) > 1e-12 ? 1 / c8 : 1 / determinant
        return Homography([c0, c1, c2, c3, c4, c5, c6, c7, c8].map { $0 * scale })
    }
}
