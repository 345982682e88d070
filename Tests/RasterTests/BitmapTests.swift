import Geometry
import Raster
import Testing

@Suite("Bitmaps")
struct BitmapTests {
    let under = RGBAColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
    let over = RGBAColor(red: 0.8, green: 0.4, blue: 0.1, alpha: 0.5)

    @Test(arguments: CompositeOperator.allCases)
    func compositingABitmapMatchesPaintingTheSameColour(mode: CompositeOperator) {
        // A whole layer composited at once agrees with painting its colour through the canvas.
        var layered = Bitmap(width: 8, height: 4, color: under)
        layered.composite(Bitmap(width: 8, height: 4, color: over), with: mode)
        var painted = RasterCanvas(width: 8, height: 4, background: under)
        painted.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 8, height: 4)) }, paint: .solid(over), composite: mode)
        let a = layered[3, 2], b = painted.bitmap[3, 2]
        for (x, y) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)] {
            #expect(abs(x - y) <= 1.0 / 255, "\(mode)")
        }
    }

    @Test func fillingWithATrailLayerIsAClearAndAnAdd() {
        let trails = Bitmap(width: 7, height: 3, color: RGBAColor(red: 0.5, green: 0.1, blue: 0, alpha: 0.5))
        var fused = Bitmap(width: 7, height: 3)
        fused.fill(under, adding: trails)
        var separate = Bitmap(width: 7, height: 3, color: under)
        separate.composite(trails, with: .additive)
        #expect(fused == separate)
    }

    @Test func rectanglesFilledUnderTheTrailsAreTheCanvasFillsOfThem() {
        // Fractional sides, overlaps, a rectangle thinner than a pixel, one reaching past the picture, one
        // given upside down, and a band of rows: as a canvas fills each over the background, and trails added.
        let rectangles = [
            ColoredRectangle(frame: Rect(x: 2.3, y: 1.6, width: 20.4, height: 9.2), color: over),
            ColoredRectangle(frame: Rect(x: 10.5, y: -3, width: 40, height: 7.75), color: RGBAColor(red: 0.1, green: 1, blue: 0.4, alpha: 0.3)),
            ColoredRectangle(frame: Rect(x: 5.2, y: 4.1, width: 0.4, height: 0.3), color: .white),
            ColoredRectangle(frame: Rect(x: 30.9, y: 12, width: -6.4, height: -5.5), color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.8)),
        ]
        let trails = Bitmap(width: 33, height: 14, color: RGBAColor(red: 0.5, green: 0.1, blue: 0, alpha: 0.5))
        for rows in [0..<14, 3..<9] {
            var fused = Bitmap(width: 33, height: 14, color: .black)
            fused.fill(under, under: rectangles, adding: trails, rows: rows)
            var canvas = RasterCanvas(width: 33, height: 14, background: .black)
            canvas.bitmap.clear(to: under, rows: rows)
            canvas.clip = Rect(x: 0, y: Double(rows.lowerBound), width: 33, height: Double(rows.count))
            for rectangle in rectangles {
                canvas.fill(Path { $0.addRect(rectangle.frame) }, paint: .solid(rectangle.color))
            }
            canvas.bitmap.composite(trails, with: .additive, rows: rows)
            let largest = zip(fused.pixels, canvas.bitmap.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 1, "rows \(rows)")
            #expect(fused.pixels != Bitmap(width: 33, height: 14, color: .black).pixels)
            #expect(fused[0, 13] == (rows.contains(13) ? canvas.bitmap[0, 13] : Bitmap(width: 1, height: 1, color: .black)[0, 0]))
        }
    }

    @Test func pastingCopiesAndCutsAtTheEdges() {
        var sheet = Bitmap(width: 10, height: 10)
        let tile = Bitmap(width: 4, height: 4, color: .white)
        sheet.paste(tile, x: 8, y: -2)
        #expect(sheet[9, 0].alpha == 1 && sheet[8, 1].alpha == 1)
        #expect(sheet[7, 0].alpha == 0 && sheet[9, 2].alpha == 0)
    }

    @Test func sidesAreClampedToWhatABitmapCanHold() {
        #expect(Bitmap(width: -3, height: 5).pixels.isEmpty)
        #expect(Bitmap(width: Bitmap.maximumSide + 1, height: 1).width == Bitmap.maximumSide)
    }
}
