import Foundation

/// One drawn piece of a path with its start point made explicit: a line, a quadratic or a cubic curve.
public enum PathSegment: Hashable, Sendable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    public var start: Point {
        switch self {
        case .line(let p0, _), .quad(let p0, _, _), .cubic(let p0, _, _, _): p0
        }
    }

    public var end: Point {
        switch self {
        case .line(_, let p1): p1
        case .quad(_, _, let p2): p2
        case .cubic(_, _, _, let p3): p3
        }
    }

    /// The point at curve parameter `t` (0…1).
    public func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let p0, let p1):
            return p0.interpolated(to: p1, fraction: t)
        case .quad(let p0, let p1, let p2):
            return p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t)
        case .cubic(let p0, let p1, let p2, let p3):
            return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
        }
    }

    /// The two halves of the segment cut at parameter `t` (de Casteljau).
    public func split(at t: Double) -> (PathSegment, PathSegment) {
        switch self {
        case .line(let p0, let p1):
            let m = p0.interpolated(to: p1, fraction: t)
            return (.line(p0, m), .line(m, p1))
        case .quad(let p0, let p1, let p2):
            let a = p0.interpolated(to: p1, fraction: t), b = p1.interpolated(to: p2, fraction: t)
            let m = a.interpolated(to: b, fraction: t)
            return (.quad(p0, a, m), .quad(m, b, p2))
        case .cubic(let p0, let p1, let p2, let p3):
            let a = p0.interpolated(to: p1, fraction: t), b = p1.interpolated(to: p2, fraction: t)
            let c = p2.interpolated(to: p3, fraction: t)
            let ab = a.interpolated(to: b, fraction: t), bc = b.interpolated(to: c, fraction: t)
            let m = ab.interpolated(to: bc, fraction: t)
            return (.cubic(p0, a, ab, m), .cubic(m, bc, c, p3))
        }
    }

    /// The part of the segment between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    public func subsegment(from t0: Double, to t1: Double) -> PathSegment {
        var piece = self
        if t1 < 1 { piece = piece.split(at: t1).0 }
        if t0 > 0 { piece = piece.split(at: t1 > 0 ? t0 / t1 : 0).1 }
        return piece
    }

    /// How many straight pieces of equal parameter step keep every point within `tolerance` of the curve.
    ///
    /// Uniform subdivision of a curve whose second derivative is bounded by M deviates at most M/(8n²), so
    /// n = ⌈√(M / 8·tolerance)⌉; capped so that a hostile curve cannot ask for unbounded work.
    public func flatteningSteps(tolerance: Double) -> Int {
        let bound: Double
        switch self {
        case .line: return 1
        case .quad(let p0, let p1, let p2):
            bound = 2 * (p0 - p1 * 2 + p2).length
        case .cubic(let p0, let p1, let p2, let p3):
            bound = 6 * max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        }
        let steps = (bound / (8 * max(tolerance, 1e-9))).squareRoot().rounded(.up)
        guard steps.isFinite else { return 1 }
        return Int(min(max(steps, 1), 4096))
    }

    /// How many pieces of equal parameter step `appendFlattenedKeepingArea` cuts the curve into: every point
    /// then lies within `tolerance` of it (moved out by at most M/(12n²), the chords' middles M/(24n²) inside),
    /// at least two for a curve, so that even a dot is more than a chord.
    public func areaKeepingSteps(tolerance: Double) -> Int {
        if case .line = self { return 1 }
        let steps = flatteningSteps(tolerance: 1.5 * tolerance)
        return max(steps, 2)
    }

    /// Appends points along the curve after the start point (already added by the caller, which this moves too),
    /// each moved out from the curve so that the polygon keeps the area under it: a chord cuts off about ⅔ of its
    /// sagitta times its length, and every point moved out by ⅔ of the sagitta — h²/12 times the curve's second
    /// derivative across it, for a parameter step h — gives that area back, to within O(h⁴). A curve may then
    /// be cut into fewer pieces (at 0.1 px, a circle 6 px across is 12, where flattening within 0.01 px took 44 and
    /// lost 0.3 % of its area: 0.04 % now).
    /// The start and the end are moved by half their offset, so that where two curves meet, their point moves by
    /// the mean of both (a line's is none). Returns how far the end was moved. Lines append their end unmoved.
    @discardableResult
    public func appendFlattenedKeepingArea(to points: inout [Point], tolerance: Double) -> Point {
        if case .line = self {
            points.append(end)
            return .zero
        }
        let steps = areaKeepingSteps(tolerance: tolerance)
        let step = 1 / Double(steps)
        points[points.count - 1] += areaKeepingOffset(at: 0, step: step) * 0.5
        for index in 1..<steps {
            let t = Double(index) * step
            points.append(point(at: t) + areaKeepingOffset(at: t, step: step))
        }
        let endOffset = areaKeepingOffset(at: 1, step: step) * 0.5
        points.append(end + endOffset)
        return endOffset
    }

    /// −h²/12 times the part of the curve's second derivative at `t` across its direction there: out from the
    /// curve's bend, by ⅔ of the sagitta of a chord of parameter step `step`. None where the curve stops (a cusp).
    private func areaKeepingOffset(at t: Double, step: Double) -> Point {
        let (velocity, acceleration) = derivatives(at: t)
        let speedSquared = velocity.x * velocity.x + velocity.y * velocity.y
        guard speedSquared > 0, speedSquared.isFinite else { return .zero }
        let along = (acceleration.x * velocity.x + acceleration.y * velocity.y) / speedSquared
        let across = acceleration - velocity * along
        return across * (-step * step / 12)
    }

    /// The first and second derivatives by the parameter at `t`.
    private func derivatives(at t: Double) -> (Point, Point) {
        let u = 1 - t
        switch self {
        case .line(let p0, let p1):
            return (p1 - p0, .zero)
        case .quad(let p0, let p1, let p2):
            return ((p1 - p0) * (2 * u) + (p2 - p1) * (2 * t), (p0 - p1 * 2 + p2) * 2)
        case .cubic(let p0, let p1, let p2, let p3):
            let velocity = (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
            let acceleration = (p0 - p1 * 2 + p2) * (6 * u) + (p1 - p2 * 2 + p3) * (6 * t)
            return (velocity, acceleration)
        }
    }

    /// Appends the flattened points after the start point (which the caller has already added).
    public func appendFlattened(to points: inout [Point], tolerance: Double) {
        let steps = flatteningSteps(tolerance: tolerance)
        for step in 1..<steps { points.append(point(at: Double(step) / Double(steps))) }
        points.append(end)
    }

    /// The arc length, within `tolerance`.
    public func length(tolerance: Double = Path.defaultTolerance) -> Double {
        if case .line(let p0, let p1) = self { return p0.distance(to: p1) }
        var total = 0.0
        var previous = start
        let steps = flatteningSteps(tolerance: tolerance)
        for step in 1...steps {
            let next = step == steps ? end : point(at: Double(step) / Double(steps))
            total += previous.distance(to: next)
            previous = next
        }
        return total
    }

    /// The curve parameter at which the arc length from the start reaches `distance`.
    public func parameter(atLength distance: Double, tolerance: Double = Path.defaultTolerance) -> Double {
        if distance <= 0 { return 0 }
        if case .line(let p0, let p1) = self {
            let total = p0.distance(to: p1)
            return total > 0 ? min(distance / total, 1) : 1
        }
        let steps = flatteningSteps(tolerance: tolerance)
        var travelled = 0.0
        var previous = start
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let next = step == steps ? end : point(at: t)
            let piece = previous.distance(to: next)
            if travelled + piece >= distance {
                let within = piece > 0 ? (distance - travelled) / piece : 0
                return (Double(step - 1) + within) / Double(steps)
            }
            travelled += piece
            previous = next
        }
        return 1
    }

    /// The segment's extreme points: its ends and, for curves, the points where the tangent is axis-parallel.
    func extremePoints() -> [Point] {
        var parameters: [Double] = []
        switch self {
        case .line: break
        case .quad(let p0, let p1, let p2):
            for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
                let denominator = a - 2 * b + c
                if denominator != 0 { parameters.append((a - b) / denominator) }
            }
        case .cubic(let p0, let p1, let p2, let p3):
            for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
                // The derivative divided by 3 is a quadratic q0·u² + 2·q1·u·t + q2·t² in Bernstein form.
                let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
                if abs(qa) < 1e-12 {
                    if qb != 0 { parameters.append(-qc / qb) }
                } else {
                    let discriminant = qb * qb - 4 * qa * qc
                    if discriminant >= 0 {
                        let root = discriminant.squareRoot()
                        parameters.append((-qb + root) / (2 * qa))
                        parameters.append((-qb - root) / (2 * qa))
                    }
                }
            }
        }
        return [start, end] + parameters.filter { $0 > 0 && $0 < 1 }.map { point(at: $0) }
    }
}
