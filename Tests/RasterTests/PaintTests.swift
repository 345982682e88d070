import Foundation
import Geometry
import Raster
import Testing
import TestSupport

@Suite("Paints and compositing")
struct PaintTests {
    let square = Path { $0.addRect(Rect(x: 0, y: 0, width: 256, height: 4)) }

    @Test func linearGradientsHitTheirEndColours() {
        var canvas = RasterCanvas(width: 256, height: 4)
        canvas.fill(square, paint: .linearGradient(
            start: Point(x: 0, y: 0), end: Point(x: 256, y: 0),
            stops: [.init(offset: 0, color: RGBAColor(red: 1, green: 0, blue: 0)), .init(offset: 1, color: RGBAColor(red: 0, green: 0, blue: 1))]))
        let first = canvas.bitmap.color(x: 0, y: 1), last = canvas.bitmap.color(x: 255, y: 1)
        #expect(first.red > 0.99 && first.blue < 0.01)
        #expect(last.blue > 0.99 && last.red < 0.01)
        let middle = canvas.bitmap.color(x: 128, y: 1)
        #expect(abs(middle.red - 0.5) < 0.01 && abs(middle.blue - 0.5) < 0.01)
    }

    @Test func aSlantedLinearGradientUnderATransformIsTrueAtEveryPixel() {
        // A shape that starts away from the picture's left edge, under a rotation and a scale: each pixel inside
        // is the grey at its centre's place along the gradient, mapped back through the transform.
        var canvas = RasterCanvas(width: 64, height: 48, background: .black)
        let transform = AffineTransform.rotation(0.4).concatenating(.scale(x: 1.5, y: 1.5)).concatenating(.translation(x: 20, y: 2))
        canvas.transform = transform
        let start = Point(x: 2, y: 3), end = Point(x: 30, y: 17)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 32, height: 24)) }, paint: .linearGradient(
            start: start, end: end, stops: [.init(offset: 0, color: .white), .init(offset: 1, color: .black)]))
        let inverse = try! #require(transform.inverted)
        var checked = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                // Only pixels wholly inside the rectangle (their corners are within 0.9 px of the centre).
                guard p.x > 1.2, p.x < 30.8, p.y > 1.2, p.y < 22.8 else { continue }
                let axis = end - start
                let t = min(max(((p.x - start.x) * axis.x + (p.y - start.y) * axis.y) / (axis.x * axis.x + axis.y * axis.y), 0), 1)
                #expect(abs(canvas.bitmap[x, y].red - (1 - t)) <= 1.5 / 255, "(\(x), \(y))")
                checked += 1
            }
        }
        #expect(checked > 600)
    }

    @Test func gradientsKeepTheirEndColoursBeyondTheirStops() {
        var canvas = RasterCanvas(width: 256, height: 4)
        canvas.fill(square, paint: .linearGradient(
            start: Point(x: 100, y: 0), end: Point(x: 150, y: 0),
            stops: [.init(offset: 0, color: .white), .init(offset: 1, color: .black)]))
        #expect(canvas.bitmap.color(x: 10, y: 0) == .white)
        #expect(canvas.bitmap.color(x: 200, y: 0) == .black)
    }

    @Test func radialGradientsRunFromTheCentreOut() {
        var canvas = RasterCanvas(width: 101, height: 101)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 101, height: 101)) }, paint: .radialGradient(
            center: Point(x: 50.5, y: 50.5), radius: 50, stops: [.init(offset: 0, color: .white), .init(offset: 1, color: .black)]))
        #expect(canvas.bitmap.color(x: 50, y: 50).red > 0.99)
        #expect(canvas.bitmap.color(x: 0, y: 50).red < 0.01)
        #expect(abs(canvas.bitmap.color(x: 75, y: 50).red - 0.5) < 0.02)
    }

    /// Source s and destination d, premultiplied, and what each mode must give.
    static let cases: [(CompositeOperator, @Sendable (Double, Double, Double) -> Double)] = [
        (.sourceOver, { s, d, sa in s + d * (1 - sa) }),
        (.additive, { s, d, _ in min(1, s + d) }),
        (.screen, { s, d, _ in s + d - s * d }),
    ]

    @Test func compositingModesFollowTheirFormulas() {
        let destination = RGBAColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        let source = RGBAColor(red: 0.8, green: 0.4, blue: 0.1, alpha: 0.5)
        let s = PremultipliedColor(source), d = PremultipliedColor(destination)
        for (mode, formula) in Self.cases {
            var canvas = RasterCanvas(width: 4, height: 4, background: destination)
            canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 4, height: 4)) }, paint: .solid(source), composite: mode)
            let out = canvas.bitmap[1, 1]
            #expect(abs(out.red - formula(s.red, d.red, s.alpha)) <= 1.0 / 255, "\(mode) red")
            #expect(abs(out.green - formula(s.green, d.green, s.alpha)) <= 1.0 / 255, "\(mode) green")
            #expect(abs(out.blue - formula(s.blue, d.blue, s.alpha)) <= 1.0 / 255, "\(mode) blue")
        }
        // Multiply over a half-transparent destination.
        let under = PremultipliedColor(RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        var canvas = RasterCanvas(width: 2, height: 2, background: RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 2, height: 2)) }, paint: .solid(source), composite: .multiply)
        let expected = s.red * under.red + s.red * (1 - under.alpha) + under.red * (1 - s.alpha)
        #expect(abs(canvas.bitmap[0, 0].red - expected) <= 1.0 / 255)
        #expect(abs(canvas.bitmap[0, 0].alpha - (s.alpha + under.alpha - s.alpha * under.alpha)) <= 1.0 / 255)
    }

    @Test func opacityScalesThePaint() {
        var canvas = RasterCanvas(width: 4, height: 4)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 4, height: 4)) }, paint: .solid(.white), opacity: 0.25)
        #expect(abs(canvas.bitmap[2, 2].alpha - 0.25) <= 1.0 / 255)
        canvas.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: 4, height: 4)) }, paint: .solid(.white), opacity: .nan)
        #expect(abs(canvas.bitmap[2, 2].alpha - 0.25) <= 1.0 / 255)
    }

    @Test func fadingABitmapScalesEveryChannel() {
        var bitmap = Bitmap(width: 2, height: 2, color: RGBAColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        bitmap.fade(by: 0.5)
        #expect(abs(bitmap[1, 1].red - 0.5) <= 1.0 / 255 && abs(bitmap[1, 1].alpha - 0.5) <= 1.0 / 255)
        bitmap.fade(by: 0)
        #expect(bitmap == Bitmap(width: 2, height: 2))
    }
}
