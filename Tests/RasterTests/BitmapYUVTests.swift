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

    @Test(arguments: [[0..<23], [0..<6, 6..<14, 14..<23], [0..<2, 2..<10, 10..<16, 16..<22, 22..<23]])
    func bandsConvertedApartIntoOnePicturesPlanesAreTheWholeConverted(bands: [Range<Int>]) {
        // Each band a bitmap of its own, as the scene renderer draws them, converted into its rows of the planes.
        var state: UInt64 = 1
        var whole = Bitmap(width: 37, height: 23)
        whole.pixels = (0..<(37 * 23 * 4)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var planes = [UInt8](repeating: 0, count: Bitmap.yuv420Size(width: 37, height: 23))
        planes.withUnsafeMutableBufferPointer { target in
            for rows in bands {
                var band = Bitmap(width: 37, height: rows.count)
                band.paste(whole, x: 0, y: -rows.lowerBound)
                band.yuv420(into: target, asRowsFrom: rows.lowerBound, ofHeight: 23)
            }
        }
        #expect(planes == self.planes(of: whole))
    }

    @Test func aBandFromAnOddRowOrPastThePictureIsNotWritten() {
        var planes = [UInt8](repeating: 7, count: Bitmap.yuv420Size(width: 8, height: 8))
        planes.withUnsafeMutableBufferPointer { target in
            Bitmap(width: 8, height: 2, color: .white).yuv420(into: target, asRowsFrom: 3, ofHeight: 8)
            Bitmap(width: 8, height: 4, color: .white).yuv420(into: target, asRowsFrom: 6, ofHeight: 8)
        }
        #expect(planes.allSatisfy { $0 == 7 })
    }

    @Test func anEmptyBitmapHasNoPlanes() {
        #expect(planes(of: Bitmap(width: 0, height: 0)).isEmpty)
    }
}
