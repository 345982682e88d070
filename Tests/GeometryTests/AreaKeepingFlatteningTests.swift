import Foundation
import Geometry
import Testing
import TestSupport

/// Flattening for filling: fewer points than flattening within the tolerance, moved out from the curve so that
/// the polygon keeps the area within it.
@Suite("Flattening that keeps the area")
struct AreaKeepingFlatteningTests {
    /// The polylines `appendFlattened` gives, split at their ends.
    static func polylines(of path: Path, tolerance: Double, keepingArea: Bool) -> [[Point]] {
        var points: [Point] = [], ends: [Int] = []
        path.appendFlattened(tolerance: tolerance, to: &points, ends: &ends, keepingArea: keepingArea)
        var start = 0
        return ends.map { end in
            defer { start = end }
            return Array(points[start..<end])
        }
    }

    static func area(_ polylines: [[Point]]) -> Double {
        polylines.reduce(0) { $0 + Polyline(points: $1, isClosed: true).signedArea }
    }

    @Test(arguments: [1.0, 2, 3, 6, 20, 100, 500])
    func aCircleKeepsItsAreaAndStaysWithinTheTolerance(radius: Double) throws {
        let centre = Point(x: 7, y: -3)
        let path = Circle().path(in: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        let kept = Self.polylines(of: path, tolerance: 0.1, keepingArea: true)
        let plain = Self.polylines(of: path, tolerance: 0.1, keepingArea: false)
        try #require(kept.count == 1)
        let circle = Double.pi * radius * radius
        // Within 0.3 % (0.04 % from 3 px on), where the finer flattening that drew it before lost 0.3–1.1 % below 10 px.
        #expect(abs(abs(Self.area(kept)) - circle) <= (radius < 3 ? 0.003 : 0.0005) * circle)
        #expect(kept[0].count <= plain[0].count)
        let points = kept[0]
        for (index, point) in points.enumerated() {
            let next = points[(index + 1) % points.count]
            // A point moved out, a chord's middle inside: both within the tolerance (and the curve's own 0.03 %).
            #expect(abs(point.distance(to: centre) - radius) <= 0.1 + 3e-4 * radius)
            #expect(abs(point.interpolated(to: next, fraction: 0.5).distance(to: centre) - radius) <= 0.1 + 3e-4 * radius)
        }
    }

    @Test func aSmallCircleIsCutIntoFarFewerPiecesThanTheFinerFlatteningThatKeptItsArea() {
        let path = Circle().path(in: Rect(x: 0, y: 0, width: 6, height: 6))
        let kept = Self.polylines(of: path, tolerance: 0.1, keepingArea: true)
        let fine = Self.polylines(of: path, tolerance: 0.01, keepingArea: false)
        #expect(kept[0].count * 3 <= fine[0].count)
        #expect(abs(abs(Self.area(kept)) - 9 * Double.pi) < abs(abs(Self.area(fine)) - 9 * Double.pi))
    }

    /// Every sample shape (curves, lines, holes, open paths) at sizes from 8 to 400 px: the same subpaths, the area of a
    /// very fine flattening within 0.3 % (and a hundredth of a pixel), every point within the tolerance of it.
    @Test(arguments: [8.0, 40, 400])
    func everySampleShapeKeepsItsAreaAndItsOutline(scale: Double) {
        for path in SamplePaths.all {
            let scaled = path.applying(.scale(x: scale, y: scale))
            let kept = Self.polylines(of: scaled, tolerance: 0.1, keepingArea: true)
            let plain = Self.polylines(of: scaled, tolerance: 0.1, keepingArea: false)
            let fine = Self.polylines(of: scaled, tolerance: 0.002, keepingArea: false)
            #expect(kept.count == plain.count)
            let fineArea = Self.area(fine)
            #expect(abs(Self.area(kept) - fineArea) <= 0.003 * abs(fineArea) + 0.01, "\(path.elements)")
            let outline = fine.flatMap { line in zip(line, line.dropFirst() + line.prefix(1)).map { ($0, $1) } }
            for point in kept.joined() {
                let nearest = outline.lazy.map { Self.distance(from: point, toSegment: $0) }.min() ?? 0
                #expect(nearest <= 0.1 + 0.002, "\(point) in \(path.elements)")
            }
        }
    }

    @Test func aCurveOfNoLengthAndOneThatStopsGiveFinitePoints() {
        let still = Path {
            $0.move(to: Point(x: 2, y: 2))
            $0.addCurve(to: Point(x: 2, y: 2), control1: Point(x: 2, y: 2), control2: Point(x: 2, y: 2))
            $0.addCurve(to: Point(x: 9, y: 2), control1: Point(x: 2, y: 2), control2: Point(x: 9, y: 2))
            $0.closeSubpath()
        }
        for line in Self.polylines(of: still, tolerance: 0.1, keepingArea: true) {
            #expect(line.allSatisfy { $0.isFinite })
        }
    }

    static func distance(from point: Point, toSegment segment: (Point, Point)) -> Double {
        let (a, b) = segment
        let along = b - a
        let lengthSquared = along.x * along.x + along.y * along.y
        guard lengthSquared > 0 else { return point.distance(to: a) }
        let fraction = min(max(((point.x - a.x) * along.x + (point.y - a.y) * along.y) / lengthSquared, 0), 1)
        return point.distance(to: a + along * fraction)
    }
}

