import Foundation
import Geometry
import PropertyBased
import Testing
import TestSupport

@Suite("Paths")
struct PathTests {
    @Test func circleBoundsAreExact() throws {
        let bounds = try #require(Circle().path(in: Rect(x: 10, y: 20, width: 8, height: 8)).bounds)
        #expect(approximately(bounds.minX, 10, within: 1e-12))
        #expect(approximately(bounds.maxX, 18, within: 1e-12))
        #expect(approximately(bounds.minY, 20, within: 1e-12))
        #expect(approximately(bounds.maxY, 28, within: 1e-12))
    }

    @Test func curveBoundsIncludeTheBulgeNotTheControlPoints() throws {
        let path = Path {
            $0.move(to: Point(x: 0, y: 0))
            $0.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 10))
        }
        let bounds = try #require(path.bounds)
        #expect(approximately(bounds.maxY, 5, within: 1e-12))  // the curve's peak is half way to its control point
        #expect(bounds.minY == 0)
    }

    @Test func emptyPathHasNoBoundsAndNoLength() {
        #expect(Path().bounds == nil)
        #expect(Path().length() == 0)
        #expect(Path().trimmed(from: 0, to: 0.5).isEmpty)
    }

    @Test func lengthsOfKnownShapes() {
        let square = Path { $0.addRect(Rect(x: 0, y: 0, width: 2, height: 3)) }
        #expect(approximately(square.length(), 10, within: 1e-12))
        // Four cubic Béziers follow a circle within 0.03 %, so its length is π·d within that.
        let circle = Circle().path(in: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(abs(circle.length() - .pi * 100) / (.pi * 100) < 3e-4)
    }

    @Test func flatteningStaysWithinTolerance() {
        let radius = 50.0
        let circle = Circle().path(in: Rect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius))
        for tolerance in [1.0, 0.25, 0.01] {
            let polyline = circle.flattened(tolerance: tolerance)[0]
            #expect(polyline.isClosed)
            // The cubic approximation itself is within 0.03 % of the radius.
            for point in polyline.points { #expect(abs(point.length - radius) <= tolerance + radius * 3e-4) }
            // Midpoints of the chords too: that is where flattening departs most from the curve.
            for (a, b) in zip(polyline.points, polyline.points.dropFirst() + [polyline.points[0]]) {
                let middle = a.interpolated(to: b, fraction: 0.5)
                #expect(abs(middle.length - radius) <= tolerance + radius * 3e-4)
            }
        }
    }

    /// A whole turn (every circle and ellipse) takes its sines and cosines from a table: the very points
    /// working them out for each quarter gives, to the last bit, both ways round, at any centre and radii.
    @Test func aWholeTurnIsTheArcItsTrigonometryGives() {
        var random = SeededGenerator(seed: 4)
        for _ in 0..<50 {
            let center = Point(x: Double.random(in: -500...500, using: &random), y: Double.random(in: -500...500, using: &random))
            let radii = Size(width: Double.random(in: 0.1...300, using: &random), height: Double.random(in: 0.1...300, using: &random))
            for sweep in [2 * Double.pi, -2 * .pi] {
                let path = Path { $0.addArc(center: center, radii: radii, startAngle: 0, endAngle: sweep) }
                func at(_ angle: Double) -> Point { Point(x: center.x + radii.width * cos(angle), y: center.y + radii.height * sin(angle)) }
                let step = sweep / 4, k = 4.0 / 3.0 * tan(step / 4)
                var expected: [Path.Element] = [.move(at(0))]
                for piece in 0..<4 {
                    let a0 = Double(piece) * step, a1 = a0 + step
                    let p0 = at(a0), p3 = at(a1)
                    expected.append(.curve(
                        to: p3,
                        control1: Point(x: p0.x - k * radii.width * sin(a0), y: p0.y + k * radii.height * cos(a0)),
                        control2: Point(x: p3.x + k * radii.width * sin(a1), y: p3.y - k * radii.height * cos(a1))))
                }
                #expect(path.elements == expected)
            }
        }
    }

    /// Seeded element lists in any order a decoded path may hold (a line before any move, a close with nothing
    /// open, moves one after another, a subpath that ends where it began): one list of points gives the points of
    /// the polylines of more than one point, one after another, and where each ends.
    @Test func flatteningIntoOneListGivesEveryPolylinesPoints() throws {
        var random = SeededGenerator(seed: 47)
        func point() -> Point {
            // Mostly a small grid, so points repeat (a subpath closing on its start, a line of no length).
            Bool.random(using: &random)
                ? Point(x: Double(Int.random(in: 0...2, using: &random)), y: Double(Int.random(in: 0...2, using: &random)))
                : Point(x: Double.random(in: -50...50, using: &random), y: Double.random(in: -50...50, using: &random))
        }
        for _ in 0..<400 {
            let elements: [Path.Element] = (0..<Int.random(in: 0...14, using: &random)).map { _ in
                switch Int.random(in: 0..<5, using: &random) {
                case 0: .move(point())
                case 1: .line(point())
                case 2: .quadCurve(to: point(), control: point())
                case 3: .curve(to: point(), control1: point(), control2: point())
                default: .closeSubpath
                }
            }
            let path = try Self.path(of: elements)
            for tolerance in [0.01, 0.5] {
                var points: [Point] = [], ends: [Int] = []
                path.appendFlattened(tolerance: tolerance, to: &points, ends: &ends)
                let polylines = path.flattened(tolerance: tolerance).filter { $0.points.count > 1 }
                let expectedEnds = polylines.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.points.count) }
                #expect(points == polylines.flatMap(\.points), "\(elements)")
                #expect(ends == expectedEnds, "\(elements)")
            }
        }
    }

    /// A path holding exactly `elements`, as decoding one may give (the builder would tidy some of them away).
    static func path(of elements: [Path.Element]) throws -> Path {
        var fields = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Path())) as? [String: Any])
        fields["elements"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(elements))
        let path = try JSONDecoder().decode(Path.self, from: JSONSerialization.data(withJSONObject: fields))
        try #require(path.elements == elements)
        return path
    }

    @Test func trimmingTheWholePathKeepsItAndAnEmptySpanGivesNothing() {
        for path in SamplePaths.all {
            #expect(path.trimmed(from: 0, to: 1) == path)
            #expect(path.trimmed(from: 0.4, to: 0.4).isEmpty)
            #expect(path.trimmed(from: 0.7, to: 0.2).isEmpty)
            #expect(path.trimmed(from: .nan, to: 1).isEmpty)
        }
    }

    @Test func aTrimmedPathsLengthIsTheFractionAsked() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0..<SamplePaths.all.count), Gen.double(in: 0...1), Gen.double(in: 0...1)
        ) { index, a, b in
            let path = SamplePaths.all[index]
            let (from, to) = (min(a, b), max(a, b))
            let total = path.length()
            let trimmed = path.trimmed(from: from, to: to).length()
            #expect(abs(trimmed - (to - from) * total) <= 1e-3 * total + 1e-9)
        }
    }

    @Test func trimmingFromTheStartTracesThePathInOrder() throws {
        let triangle = Prism().path(in: Rect(x: 0, y: 0, width: 300, height: 300))
        let third = triangle.trimmed(from: 0, to: 1.0 / 3)
        // The prism is traced from its bottom left corner along the bottom first.
        let bounds = try #require(third.bounds)
        #expect(approximately(bounds.height, 0, within: 1e-9))
        #expect(approximately(bounds.minX, 100, within: 1e-6))
        #expect(approximately(bounds.maxX, 200, within: 1e-6))
    }

    @Test func transformsMoveEveryPoint() throws {
        let square = Path { $0.addRect(Rect(x: 0, y: 0, width: 1, height: 1)) }
        let moved = square.applying(AffineTransform.scale(x: 2, y: 3).concatenating(.translation(x: 10, y: 20)))
        let bounds = try #require(moved.bounds)
        #expect(bounds == Rect(x: 10, y: 20, width: 2, height: 3))
        #expect(approximately(moved.length(), 10, within: 1e-12))
    }

    @Test func arcsWithNonFiniteAnglesAreIgnored() {
        var path = Path()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .nan)
        path.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1)
        #expect(path.isEmpty)
    }

    @Test func subpathsCloseWithALineBack() {
        let path = Path { $0.addLines([Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3)], close: true) }
        let subpath = path.subpaths[0]
        #expect(subpath.isClosed)
        #expect(subpath.segments.count == 3)
        #expect(approximately(path.length(), 12, within: 1e-12))
    }
}
