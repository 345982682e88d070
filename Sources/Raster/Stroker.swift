import Foundation
import Geometry

/// Turns a stroked path into the outline it paints: a rectangle for every segment of the flattened line,
/// and a piece for every join and cap, each wound the same way, so that filling the union with the
/// non-zero rule paints the stroke.
struct Stroker {
    let style: StrokeStyle
    /// How far flattened curves (of the path, and of round joins and caps) may stray, in path units.
    let tolerance: Double

    func outline(of path: Path) -> Path {
        var outline = Path()
        let half = style.width / 2
        guard half > 0, half.isFinite else { return outline }
        for polyline in path.flattened(tolerance: tolerance) {
            var points = polyline.points
            // Drop repeated points: they have no direction.
            points = points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
            if polyline.isClosed, points.count > 1, points.first == points.last { points.removeLast() }
            guard points.count > 1 else {
                if let point = points.first { addDot(at: point, half: half, to: &outline) }
                continue
            }
            let closed = polyline.isClosed && points.count > 2
            let segmentCount = closed ? points.count : points.count - 1
            for index in 0..<segmentCount {
                let a = points[index], b = points[(index + 1) % points.count]
                let n = normal(from: a, to: b, length: half)
                addPolygon([a + n, b + n, b - n, a - n], to: &outline)
            }
            let joints = closed ? Array(0..<points.count) : Array(1..<(points.count - 1))
            for index in joints {
                let previous = points[(index - 1 + points.count) % points.count]
                let next = points[(index + 1) % points.count]
                addJoin(at: points[index], from: previous, to: next, half: half, to: &outline)
            }
            if !closed {
                addCap(at: points[0], awayFrom: points[1], half: half, to: &outline)
                addCap(at: points[points.count - 1], awayFrom: points[points.count - 2], half: half, to: &outline)
            }
        }
        return outline
    }

    private func normal(from a: Point, to b: Point, length: Double) -> Point {
        let d = b - a
        let l = d.length
        return l > 0 ? Point(x: -d.y / l * length, y: d.x / l * length) : .zero
    }

    private func addJoin(at p: Point, from previous: Point, to next: Point, half: Double, to outline: inout Path) {
        let n0 = normal(from: previous, to: p, length: half), n1 = normal(from: p, to: next, length: half)
        let turn = (p.x - previous.x) * (next.y - p.y) - (p.y - previous.y) * (next.x - p.x)
        guard turn != 0 else { return }
        // The outer side of the corner is opposite to the turn.
        let sign: Double = turn > 0 ? -1 : 1
        let outer0 = p + n0 * sign, outer1 = p + n1 * sign
        switch style.join {
        case .round:
            addCircle(at: p, radius: half, to: &outline)
        case .bevel:
            addPolygon([p, outer0, outer1], to: &outline)
        case .miter:
            // The miter tip lies along the bisector of the two outer normals.
            let bisector = (n0 + n1) * sign
            let cosHalfAngle = (n0.x * n1.x + n0.y * n1.y) / (half * half)
            let lengthRatio = (2 / (1 + cosHalfAngle)).squareRoot()  // miter length over half-width
            if cosHalfAngle > -1, lengthRatio <= style.miterLimit, bisector.length > 0 {
                let tip = p + bisector * (half * lengthRatio / bisector.length)
                addPolygon([p, outer0, tip, outer1], to: &outline)
            } else {
                addPolygon([p, outer0, outer1], to: &outline)
            }
        }
    }

    private func addCap(at end: Point, awayFrom inner: Point, half: Double, to outline: inout Path) {
        switch style.cap {
        case .butt: break
        case .round: addCircle(at: end, radius: half, to: &outline)
        case .square:
            let n = normal(from: inner, to: end, length: half)
            let out = Point(x: n.y, y: -n.x)  // along the line, away from it
            addPolygon([end + n, end + n + out, end - n + out, end - n], to: &outline)
        }
    }

    private func addDot(at point: Point, half: Double, to outline: inout Path) {
        switch style.cap {
        case .butt: break
        case .round: addCircle(at: point, radius: half, to: &outline)
        case .square:
            addPolygon([
                point + Point(x: -half, y: -half), point + Point(x: half, y: -half),
                point + Point(x: half, y: half), point + Point(x: -half, y: half),
            ], to: &outline)
        }
    }

    private func addCircle(at center: Point, radius: Double, to outline: inout Path) {
        // Enough sides that the polygon is within the tolerance of the circle.
        let sides = Int(min(max((Double.pi / acos(max(-1, min(1, 1 - tolerance / radius)))).rounded(.up), 8), 256))
        addPolygon((0..<sides).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(sides)
            return center + Point(x: cos(angle) * radius, y: sin(angle) * radius)
        }, to: &outline)
    }

    /// Adds a closed polygon wound positively (counter-clockwise in a y-up sense), reversing it if need be.
    private func addPolygon(_ points: [Point], to outline: inout Path) {
        var area = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0 else { return }
        outline.addLines(area > 0 ? points : points.reversed(), close: true)
    }
}
