import Geometry
import Testing

@testable import Raster

/// Frames as video takes them: BT.709 limited-range Y′CbCr 4:2:0.
@Suite("Y′CbCr 4:2:0")
struct BitmapYUVTests {
    func planes(of bitmap: Bitmap) -> [UInt8] {
        var planes: [UInt8] = []
        bitmap.yuv420(into: &planes)
        return planes
    }

    @Test(arguments: [
        (RGBAColor.white, [UInt8(235), 128, 128]), (RGBAColor.black, [16, 128, 128]),
        (RGBAColor(red: 1, green: 0, blue: 0), [63, 102, 240]), (RGBAColor(red: 0, green: 1, blue: 0), [173, 42, 26]),
        (RGBAColor(red: 0, green: 0, blue: 1), [32, 240, 118]),
    ])
    func primariesLandOnTheirBT709Values(color: RGBAColor, expected: [UInt8]) {
        let result = planes(of: Bitmap(width: 4, height: 2, color: color))
        #expect(result.count == 4 * 2 + 2 * 2 * 1)
        #expect(result[0..<8].allSatisfy { $0 == expected[0] })
        for (plane, value) in [(8..<10, expected[1]), (10..<12, expected[2])] {
            #expect(result[plane].allSatisfy { abs(Int($0) - Int(value)) <= 1 }, "\(color): \(Array(result[plane])) vs \(value)")
        }
    }

    @Test func chromaIsTheMeanOfItsBlockAndOddSidesRoundUp() {
        var bitmap = Bitmap(width: 3, height: 3, color: .black)
        // The top-left block: two white pixels and two black ones — a mid grey, no colour.
        bitmap.pixels.replaceSubrange(0..<8, with: [255, 255, 255, 255, 255, 255, 255, 255])
        let result = planes(of: bitmap)
        #expect(bitmap.yuv420Size == 9 + 2 * 4)
        #expect(result.count == 17)
        #expect(result[0] == 235 && result[1] == 235 && result[2] == 16)
        #expect(result[9] == 128 && result[13] == 128)  // grey has no chroma
    }

    @Test(arguments: [[0..<23], [0..<5, 5..<6, 6..<14, 14..<23], [0..<2, 2..<9, 9..<16, 16..<22, 22..<23]])
    func rowsConvertedBandByBandAsTheyAreDrawnEndAsTheWholeConverted(bands: [Range<Int>]) {
        // Each band is converted as soon as it is drawn, while the rows below it still hold what was there.
        func noise(_ seed: UInt64) -> [UInt8] {
            var state = seed
            return (0..<(37 * 23 * 4)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        var final = Bitmap(width: 37, height: 23), drawing = Bitmap(width: 37, height: 23)
        final.pixels = noise(1)
        drawing.pixels = noise(2)
        var planes: [UInt8] = []
        for band in bands {
            drawing.pixels.replaceSubrange(band.lowerBound * 37 * 4..<band.upperBound * 37 * 4,
                                           with: final.pixels[band.lowerBound * 37 * 4..<band.upperBound * 37 * 4])
            drawing.yuv420(rows: band, into: &planes)
        }
        #expect(planes == self.planes(of: final))
    }

    @Test func anEmptyBitmapHasNoPlanes() {
        #expect(planes(of: Bitmap(width: 0, height: 0)).isEmpty)
    }
}
