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
