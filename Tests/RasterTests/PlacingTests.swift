import Geometry
import Testing

@testable import Raster

/// How a canvas flattens the shapes it fills: the smallest keeping their area, in fewer pieces; the rest as before.
@Suite("Placing shapes")
struct PlacingTests {
    static func circle(_ radius: Double) -> Path {
        Circle().path(in: Rect(x: 50 - radius, y: 40 - radius, width: 2 * radius, height: 2 * radius))
    }

    /// The points the finer flattening (within `tolerance(forSize:)`) gives, as filling placed them before.
    static func finer(_ path: Path, on canvas: RasterCanvas, size: Double) -> [Point] {
        var points: [Point] = [], ends: [Int] = []
        path.appendFlattened(tolerance: canvas.tolerance(forSize: size), to: &points, ends: &ends)
        return points
    }

    @Test(arguments: [1.0, 2, 3, 5, 8])
    func theSmallestCirclesArePlacedInFewerPointsKeepingTheirArea(radius: Double) throws {
        let canvas = RasterCanvas(width: 100, height: 80)
        let placed = try #require(canvas.place(Self.circle(radius)))
        let finer = Self.finer(Self.circle(radius), on: canvas, size: 2 * radius)
        #expect(placed.points.count < finer.count)
        let circle = Double.pi * radius * radius
        let area = abs(Polyline(points: placed.points, isClosed: true).signedArea)
        // Within 0.2 % of the circle (0.04 % from 3 px on); the finer flattening kept it within 0.5 %.
        #expect(abs(area - circle) <= 0.002 * circle)
        #expect(abs(area - circle) < abs(abs(Polyline(points: finer, isClosed: true).signedArea) - circle))
    }

    @Test(arguments: [9.0, 20, 60, 400])
    func everyOtherShapeIsPlacedAsBefore(radius: Double) throws {
        let canvas = RasterCanvas(width: 100, height: 80)
        for path in [Self.circle(radius), Star(points: 5, innerRadius: 0.4).path(in: Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius))] {
            let placed = try #require(canvas.place(path))
            #expect(placed.points == Self.finer(path, on: canvas, size: 2 * radius))
        }
    }

    @Test func aSmallShapesEdgesMoveByAtMostTheShiftAllowed() {
        let canvas = RasterCanvas(width: 100, height: 80)
        for size in stride(from: 0.5, through: 40, by: 0.5) {
            guard let kept = canvas.areaKeepingTolerance(forSize: size) else {
                #expect(size > 16, "\(size) px is flattened finer, not keeping its area")
                continue
            }
            #expect(kept + canvas.tolerance(forSize: size) <= RasterCanvas.areaKeepingShift + 1e-12)
            #expect(size < 17)
        }
    }
}
