import Foundation
import Geometry
import Testing
import TestSupport

@Suite("Shapes")
struct ShapeTests {
    let rect = Rect(x: 0, y: 0, width: 2, height: 2)

    @Test(arguments: [3, 4, 5, 6, 12])
    func regularPolygonVerticesLieOnTheCircleWithTheFirstAtTheTop(sides: Int) {
        let points = RegularPolygon(sides: sides).path(in: rect).flattened(tolerance: 0.01)[0].points
        #expect(points.count == sides)
        for point in points { #expect(approximately(point.distance(to: rect.center), 1, within: 1e-12)) }
        #expect(approximately(points[0], Point(x: 1, y: 0), within: 1e-12))
    }

    @Test func polygonsHaveAtLeastThreeSides() {
        #expect(RegularPolygon(sides: -4).sides == 3)
    }

    @Test func starAlternatesBetweenTheOuterAndInnerRadius() {
        let points = Star(points: 5, innerRadius: 0.4).path(in: rect).flattened(tolerance: 0.01)[0].points
        #expect(points.count == 10)
        for (index, point) in points.enumerated() {
            #expect(approximately(point.distance(to: rect.center), index.isMultiple(of: 2) ? 1 : 0.4, within: 1e-12))
        }
    }

    @Test func starAndRingClampTheirRatios() {
        #expect(Star(points: 5, innerRadius: .nan).innerRadius == 0.5)
        #expect(Star(points: 5, innerRadius: 7).innerRadius == 1)
        #expect(Ring(innerRadius: -1).innerRadius == 0)
    }

    @Test func ringHasAHoleWoundTheOtherWay() {
        let subpaths = Ring(innerRadius: 0.5).path(in: rect).subpaths
        #expect(subpaths.count == 2)
        func signedArea(_ polyline: Polyline) -> Double {
            zip(polyline.points, polyline.points.dropFirst() + [polyline.points[0]])
                .reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2
        }
        let rings = Ring(innerRadius: 0.5).path(in: rect).flattened(tolerance: 1e-4)
        let outer = signedArea(rings[0]), inner = signedArea(rings[1])
        #expect(outer * inner < 0)
        #expect(abs(abs(outer) - .pi) < 1e-3)
        #expect(abs(abs(inner) - .pi / 4) < 1e-3)
    }

    @Test func lineRunsAcrossTheMiddle() throws {
        let bounds = try #require(LineShape().path(in: rect).bounds)
        #expect(bounds == Rect(x: 0, y: 1, width: 2, height: 0))
    }

    @Test(arguments: [(3, 3), (4, 4), (5, 5), (6, 6)])
    func roseHasItsPetals(petals: Int, expected: Int) {
        // Count the tips: points at the full radius.
        let points = Rose(petals: petals, samplesPerPetal: 64).path(in: rect).flattened(tolerance: 0.01)[0].points
        let tips = points.filter { $0.distance(to: rect.center) > 0.9999 }
        #expect(tips.count == expected)
        for point in points { #expect(point.distance(to: rect.center) <= 1 + 1e-12) }
    }

    @Test func everyShapeFitsItsRectangle() throws {
        let shapes: [any Shape] = [
            Ellipse(), Circle(), RegularPolygon(sides: 5), Star(points: 7, innerRadius: 0.3), Ring(innerRadius: 0.7),
            LineShape(), Rose(petals: 5),
        ]
        let frame = Rect(x: -3, y: 4, width: 10, height: 6)
        for shape in shapes {
            let bounds = try #require(shape.path(in: frame).bounds)
            #expect(bounds.minX >= frame.minX - 1e-9 && bounds.maxX <= frame.maxX + 1e-9)
            #expect(bounds.minY >= frame.minY - 1e-9 && bounds.maxY <= frame.maxY + 1e-9)
        }
    }
}
