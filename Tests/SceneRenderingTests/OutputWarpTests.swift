import Geometry
import Raster
import SceneRendering
import StageOutputs
import Testing

/// A mapped output drawn offline: a corner-pin lights its quadrilateral and nothing else, two blended outputs
/// add up to an even picture across their overlap, a mask is black, the brightness dims.
@Suite struct OutputWarpTests {
    private let white = Bitmap(width: 64, height: 36, color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 1))

    private func red(_ picture: Bitmap, _ x: Int, _ y: Int) -> Int { Int(picture.pixels[(y * picture.width + x) * 4]) }

    @Test func aCornerPinLightsItsQuadrilateralAndNothingOutsideIt() {
        var output = StageOutput(name: "Wall")
        output.corners = [OutputPoint(0.2, 0.1), OutputPoint(0.9, 0.2), OutputPoint(0.8, 0.9), OutputPoint(0.1, 0.8)]
        let (width, height) = (320, 180)
        let picture = OutputWarp(output, width: width, height: height, source: (64, 36)).warp(white)
        let quad = output.corners.map { OutputPoint($0.x * Double(width), $0.y * Double(height)) }
        // Signed distance of a pixel's centre from each edge, inwards positive (the quad turns clockwise on screen).
        func distanceInside(_ x: Double, _ y: Double) -> Double {
            (0..<4).map { i in
                let a = quad[i], b = quad[(i + 1) % 4]
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                return ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / length
            }.min()!
        }
        var checked = (inside: 0, outside: 0)
        for y in 0..<height {
            for x in 0..<width {
                let distance = distanceInside(Double(x) + 0.5, Double(y) + 0.5)
                if distance > 1.5 { #expect(red(picture, x, y) == 255); checked.inside += 1 }
                if distance < -1.5 { #expect(red(picture, x, y) == 0); checked.outside += 1 }
            }
        }
        #expect(checked.inside > 10_000 && checked.outside > 10_000)
    }

    @Test func twoBlendedOutputsAddUpToAnEvenPictureAcrossTheirOverlap() {
        // Left shows 0…0.6 of the stage, Right 0.4…1: 20 % of the stage overlaps, a third of each slice's width.
        var left = StageOutput(name: "Left"), right = StageOutput(name: "Right")
        left.slice = OutputRect(x: 0, y: 0, width: 0.6, height: 1)
        right.slice = OutputRect(x: 0.4, y: 0, width: 0.6, height: 1)
        left.blend = OutputBlend(right: 1 / 3, gamma: 1)
        right.blend = OutputBlend(left: 1 / 3, gamma: 1)
        let width = 600
        let leftPicture = OutputWarp(left, width: width, height: 10, source: (64, 36)).warp(white)
        let rightPicture = OutputWarp(right, width: width, height: 10, source: (64, 36)).warp(white)
        // The stage column s lands at x = s / 0.6 on Left and (s − 0.4) / 0.6 on Right.
        for step in 0...40 {
            let stage = 0.4 + 0.2 * (Double(step) + 0.5) / 41
            let onLeft = Int(stage / 0.6 * Double(width)), onRight = Int((stage - 0.4) / 0.6 * Double(width))
            let sum = red(leftPicture, onLeft, 5) + red(rightPicture, onRight, 5)
            #expect(abs(sum - 255) <= 255 / 25, "stage \(stage): \(sum)")
        }
    }

    @Test func aMaskIsBlackAndTheBrightnessDims() {
        var output = StageOutput(name: "Pillar")
        output.mask = [OutputPoint(0.4, 0), OutputPoint(0.6, 0), OutputPoint(0.6, 1), OutputPoint(0.4, 1)]
        output.brightness = 0.5
        let picture = OutputWarp(output, width: 100, height: 50, source: (64, 36)).warp(white)
        #expect(red(picture, 50, 25) == 0 && red(picture, 10, 25) == 128 && red(picture, 90, 25) == 128)
    }
}
