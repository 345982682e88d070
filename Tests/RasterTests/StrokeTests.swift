import Foundation
import Geometry
import Raster
import Testing
import TestSupport

@Suite("Strokes")
struct StrokeTests {
    let line = Path {
        $0.move(to: Point(x: 10, y: 10))
        $0.addLine(to: Point(x: 20, y: 10))
    }

    func covered(_ style: StrokeStyle, path: Path? = nil) -> Bitmap {
        var canvas = RasterCanvas(width: 32, height: 32)
        canvas.stroke(path ?? line, style: style, paint: .solid(.white))
        return canvas.bitmap
    }

    @Test func buttCapsEndAtTheEnds() {
        let bitmap = covered(StrokeStyle(width: 2, cap: .butt))
        #expect(bitmap[10, 9].alpha == 1 && bitmap[19, 10].alpha == 1)
        #expect(bitmap[9, 9].alpha == 0 && bitmap[20, 10].alpha == 0 && bitmap[15, 8].alpha == 0 && bitmap[15, 11].alpha == 0)
    }

    @Test func squareCapsReachHalfAWidthFurther() {
        let bitmap = covered(StrokeStyle(width: 2, cap: .square))
        #expect(bitmap[9, 9].alpha == 1 && bitmap[20, 10].alpha == 1)
        #expect(bitmap[8, 9].alpha == 0 && bitmap[21, 10].alpha == 0)
    }

    @Test func roundCapsAreHalfDiscs() {
        let bitmap = covered(StrokeStyle(width: 4, cap: .round))
        #expect(bitmap[9, 9].alpha > 0.99)  // inside the cap's half disc
        #expect(bitmap[8, 9].alpha > 0.5 && bitmap[8, 9].alpha < 1)  // on its curve
        #expect(bitmap[7, 7].alpha < 0.2)  // beyond its curve
    }

    @Test func aStrokesAreaIsItsLengthTimesItsWidth() {
        var bitmap = covered(StrokeStyle(width: 3, cap: .butt))
        var total = 0.0
        for y in 0..<32 { for x in 0..<32 { total += bitmap[x, y].alpha } }
        #expect(abs(total - 30) < 0.1)
        // A closed square's stroke with miter joins is the band between two squares.
        let square = Path { $0.addRect(Rect(x: 8, y: 8, width: 16, height: 16)) }
        bitmap = covered(StrokeStyle(width: 2, join: .miter), path: square)
        total = 0
        for y in 0..<32 { for x in 0..<32 { total += bitmap[x, y].alpha } }
        #expect(abs(total - (18 * 18 - 14 * 14)) < 0.5)
        #expect(bitmap[7, 7].alpha == 1)  // the mitred corner
        bitmap = covered(StrokeStyle(width: 2, join: .bevel), path: square)
        #expect(bitmap[7, 7].alpha < 0.6)  // the bevel cuts the corner
    }

    @Test func degenerateStrokesDrawNothingOrADot() {
        #expect(covered(StrokeStyle(width: 0)) == Bitmap(width: 32, height: 32))
        #expect(covered(StrokeStyle(width: .nan)) == Bitmap(width: 32, height: 32))
        let dot = Path { $0.move(to: Point(x: 16, y: 16)); $0.addLine(to: Point(x: 16, y: 16)) }
        #expect(covered(StrokeStyle(width: 4, cap: .butt), path: dot) == Bitmap(width: 32, height: 32))
        #expect(covered(StrokeStyle(width: 4, cap: .round), path: dot)[16, 16].alpha == 1)
    }
}
