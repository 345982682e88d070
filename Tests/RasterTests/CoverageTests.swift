import Foundation
import Geometry
import PropertyBased
import Raster
import Testing
import TestSupport

@Suite("Coverage")
struct CoverageTests {
    static let white = Paint.solid(.white)

    func alpha(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Double { bitmap[x, y].alpha }

    @Test func aPixelHalfCoveredByAnEdgeIsHalfPainted() {
        for offset in [0.5, 0.25, 0.75] {
            var canvas = RasterCanvas(width: 20, height: 10)
            canvas.fill(Path { $0.addRect(Rect(x: 2, y: 2, width: 8 + offset, height: 6)) }, paint: Self.white)
            #expect(abs(alpha(canvas.bitmap, 10, 4) - offset) <= 0.01)
            // Every channel, not just alpha: premultiplied white at half coverage is half grey.
            let pixel = canvas.bitmap[10, 4]
            #expect(abs(pixel.red - offset) <= 0.01 && abs(pixel.green - offset) <= 0.01 && abs(pixel.blue - offset) <= 0.01)
            #expect(alpha(canvas.bitmap, 9, 4) == 1)
            #expect(alpha(canvas.bitmap, 11, 4) == 0)
        }
        // A diagonal edge through a pixel's corners covers half of it.
        var canvas = RasterCanvas(width: 10, height: 10)
        canvas.fill(Path { $0.addLines([Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], close: true) }, paint: Self.white)
        #expect(abs(alpha(canvas.bitmap, 4, 4) - 0.5) <= 0.01)
    }

    @Test func partlyCoveredPixelsBlendEveryChannelWithWhatIsBeneath() {
        // Over an opaque blue, half a pixel of opaque red is half red and half blue, for each mode's path.
        for composite in [CompositeOperator.sourceOver, .additive] {
            var canvas = RasterCanvas(width: 4, height: 4, background: RGBAColor(red: 0, green: 0, blue: 1))
            canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 1.5, height: 4)) }, paint: .solid(RGBAColor(red: 1, green: 0, blue: 0)), composite: composite)
            let pixel = canvas.bitmap[1, 2]
            #expect(abs(pixel.red - 0.5) <= 0.01, "\(composite)")
            #expect(abs(pixel.blue - (composite == .sourceOver ? 0.5 : 1)) <= 0.01, "\(composite)")
            #expect(pixel.alpha == 1)
        }
    }

    @Test func additiveEdgesSaturateEachChannelOnItsOwn() {
        // Half a pixel of (255, 60, 10) added to (200, 100, 250): red and blue stop at 255, green adds.
        let under = RGBAColor(red: 200.0 / 255, green: 100.0 / 255, blue: 250.0 / 255)
        var canvas = RasterCanvas(width: 4, height: 4, background: under)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 1.5, height: 4)) },
                    paint: .solid(RGBAColor(red: 1, green: 60.0 / 255, blue: 10.0 / 255)), composite: .additive)
        let edge = canvas.bitmap[1, 2], inside = canvas.bitmap[0, 2]
        #expect(edge.red == 1 && edge.blue == 1 && edge.alpha == 1)
        #expect(abs(edge.green * 255 - 130) <= 1)
        #expect(inside.red == 1 && inside.blue == 1 && abs(inside.green * 255 - 160) <= 1)
        #expect(canvas.bitmap[2, 2] == PremultipliedColor(under))
    }

    @Test func anAxisAlignedSquareHasExactEdges() {
        var canvas = RasterCanvas(width: 16, height: 16)
        canvas.fill(Path { $0.addRect(Rect(x: 3, y: 4, width: 7, height: 5)) }, paint: Self.white)
        for y in 0..<16 {
            for x in 0..<16 {
                let inside = (3..<10).contains(x) && (4..<9).contains(y)
                #expect(alpha(canvas.bitmap, x, y) == (inside ? 1 : 0), "pixel \(x), \(y)")
            }
        }
    }

    @Test(arguments: [3.0, 10.5, 40.25, 150.0])
    func aCirclesCoverageSumsToItsArea(radius: Double) {
        let side = Int(2 * radius + 8)
        var canvas = RasterCanvas(width: side, height: side)
        let center = Double(side) / 2 + 0.3
        canvas.fill(Circle().path(in: Rect(x: center - radius, y: center - radius, width: 2 * radius, height: 2 * radius)), paint: Self.white)
        var total = 0.0
        for y in 0..<side { for x in 0..<side { total += alpha(canvas.bitmap, x, y) } }
        #expect(abs(total - .pi * radius * radius) / (.pi * radius * radius) < 0.005)
    }

    @Test func shapesPartlyOutsideTheBitmapAreCutCleanly() {
        var canvas = RasterCanvas(width: 10, height: 10)
        canvas.fill(Path { $0.addRect(Rect(x: -5, y: -3, width: 9.5, height: 20)) }, paint: Self.white)
        #expect(alpha(canvas.bitmap, 0, 0) == 1 && alpha(canvas.bitmap, 3, 9) == 1)
        #expect(abs(alpha(canvas.bitmap, 4, 5) - 0.5) <= 0.01)
        #expect(alpha(canvas.bitmap, 5, 5) == 0)
        // Entirely outside: nothing, and no trap.
        canvas.fill(Path { $0.addRect(Rect(x: 20, y: 20, width: 5, height: 5)) }, paint: Self.white)
        canvas.fill(Path { $0.addRect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)) }, paint: .solid(.black))
        #expect(canvas.bitmap[5, 5] == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1))
    }

    @Test func evenOddLeavesTheHoleAndNonZeroFillsIt() {
        let nested = Path {
            $0.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
            $0.addRect(Rect(x: 3, y: 3, width: 4, height: 4))  // wound the same way
        }
        var evenOdd = RasterCanvas(width: 10, height: 10)
        evenOdd.fill(nested, paint: Self.white, rule: .evenOdd)
        #expect(alpha(evenOdd.bitmap, 5, 5) == 0 && alpha(evenOdd.bitmap, 1, 1) == 1)
        var nonZero = RasterCanvas(width: 10, height: 10)
        nonZero.fill(nested, paint: Self.white, rule: .nonZero)
        #expect(alpha(nonZero.bitmap, 5, 5) == 1)
        // A ring's hole is wound the other way: empty under both rules.
        var ring = RasterCanvas(width: 20, height: 20)
        ring.fill(Ring(innerRadius: 0.5).path(in: Rect(x: 0, y: 0, width: 20, height: 20)), paint: Self.white)
        #expect(alpha(ring.bitmap, 10, 10) == 0 && alpha(ring.bitmap, 10, 2) == 1)
    }

    @Test func theTransformMovesAndScalesWhatIsDrawn() {
        var canvas = RasterCanvas(width: 20, height: 20)
        canvas.transform = AffineTransform.scale(x: 4, y: 2).concatenating(.translation(x: 2, y: 3))
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 2, height: 3)) }, paint: Self.white)
        #expect(alpha(canvas.bitmap, 2, 3) == 1 && alpha(canvas.bitmap, 9, 8) == 1)
        #expect(alpha(canvas.bitmap, 10, 8) == 0 && alpha(canvas.bitmap, 9, 9) == 0 && alpha(canvas.bitmap, 1, 3) == 0)
    }

    @Test func theClipRectangleBoundsTheDrawingWithPartialEdges() {
        var canvas = RasterCanvas(width: 10, height: 10)
        canvas.clip = Rect(x: 2, y: 2, width: 4.5, height: 3)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 10, height: 10)) }, paint: Self.white)
        #expect(alpha(canvas.bitmap, 1, 3) == 0 && alpha(canvas.bitmap, 2, 2) == 1 && alpha(canvas.bitmap, 5, 4) == 1)
        #expect(abs(alpha(canvas.bitmap, 6, 3) - 0.5) <= 0.01)
        #expect(alpha(canvas.bitmap, 3, 5) == 0)
    }

    @Test func nonFiniteAndDegeneratePathsDrawNothing() {
        var canvas = RasterCanvas(width: 8, height: 8)
        canvas.fill(Path { $0.addLines([Point(x: .nan, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)], close: true) }, paint: Self.white)
        canvas.fill(Path { $0.addLines([Point(x: 1, y: 1), Point(x: 5, y: 1)], close: true) }, paint: Self.white)
        canvas.transform = .scale(x: 0, y: 0)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 8, height: 8)) }, paint: Self.white)
        #expect(canvas.bitmap == Bitmap(width: 8, height: 8))
    }

    /// An edge a hair high (1e-40 px, a subnormal float) and 100 px wide has a slope beyond any float: it
    /// covers nothing and is passed over (its column once overflowed to infinity, and converting it trapped).
    /// The rest of the triangle is drawn: its area, 500 px, within a pixel.
    @Test func anEdgeOfInfiniteSlopeIsPassedOverAndTheRestDrawn() {
        for (composite, top) in [(CompositeOperator.sourceOver, 0.0), (.additive, 3.0)] {
            var canvas = RasterCanvas(width: 120, height: 20)
            let corners = [Point(x: 0, y: top), Point(x: 100, y: top + 1e-40), Point(x: 0, y: top + 10)]
            canvas.fill(Path { $0.addLines(corners, close: true) }, paint: Self.white, composite: composite)
            var area = 0.0
            for y in 0..<20 { for x in 0..<120 { area += alpha(canvas.bitmap, x, y) } }
            #expect(abs(area - 500) <= 1, "\(composite)")
        }
    }

    /// A shape reaching beyond any integer (1e19 px), one wholly that far off, and a clip that far off never trap
    /// (they did, converting the shape's box to whole pixels): the part of the first on the canvas is drawn.
    @Test func shapesAndClipsFarOffAreDrawnWhereTheyMeetTheCanvas() {
        var canvas = RasterCanvas(width: 20, height: 10)
        canvas.fill(Path { $0.addLines([Point(x: 0, y: 0), Point(x: 1e19, y: 5), Point(x: 0, y: 10)], close: true) }, paint: Self.white)
        // Within 20 px of its left side the wedge is the whole height, but for a hair at the top and the bottom.
        #expect(alpha(canvas.bitmap, 10, 5) == 1 && alpha(canvas.bitmap, 19, 1) == 1 && alpha(canvas.bitmap, 0, 8) == 1)
        var far = RasterCanvas(width: 20, height: 10)
        far.fill(Path { $0.addRect(Rect(x: 1e300, y: -1e300, width: 1e300, height: 1e300)) }, paint: Self.white)
        far.fill(Path { $0.addRect(Rect(x: -3e19, y: 2, width: 1e19, height: 4)) }, paint: Self.white)
        far.clip = Rect(x: 2e19, y: 0, width: 5, height: 5)
        far.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 20, height: 10)) }, paint: Self.white)
        #expect(far.bitmap == Bitmap(width: 20, height: 10))
    }

    @Test func randomPolygonsNeverCoverMoreThanTheirBoundsOrOutsideTheBitmap() async {
        await propertyCheck(count: 100, input: Gen.double(in: -10...40).array(of: 6...16)) { coordinates in
            var points: [Point] = []
            for index in stride(from: 0, to: coordinates.count - 1, by: 2) {
                points.append(Point(x: coordinates[index], y: coordinates[index + 1]))
            }
            var canvas = RasterCanvas(width: 30, height: 30)
            let path = Path { $0.addLines(points, close: true) }
            canvas.fill(path, paint: Self.white, rule: .evenOdd)
            canvas.fill(path, paint: Self.white, rule: .nonZero, composite: .additive, opacity: 0.5)
            guard let bounds = path.bounds else { return }
            for y in 0..<30 {
                for x in 0..<30 where Double(x) >= bounds.maxX || Double(x + 1) <= bounds.minX
                    || Double(y) >= bounds.maxY || Double(y + 1) <= bounds.minY {
                    #expect(alpha(canvas.bitmap, x, y) == 0)
                }
            }
        }
    }
}
