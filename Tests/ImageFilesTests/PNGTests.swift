import Foundation
import Geometry
import ImageFiles
import Raster
import Testing
import TestSupport

@Suite("PNG files")
struct PNGTests {
    func picture(opaque: Bool) -> Bitmap {
        var canvas = RasterCanvas(width: 37, height: 23, background: opaque ? .black : .clear)
        canvas.fill(Circle().path(in: Rect(x: 3, y: 2, width: 18, height: 18)), paint: .solid(RGBAColor(red: 1, green: 0.5, blue: 0.2, alpha: 0.7)))
        canvas.fill(Path { $0.addRect(Rect(x: 20, y: 5, width: 15, height: 10)) }, paint: .linearGradient(
            start: Point(x: 20, y: 0), end: Point(x: 35, y: 0), stops: [.init(offset: 0, color: .white), .init(offset: 1, color: RGBAColor(red: 0, green: 0, blue: 1))]))
        return canvas.bitmap
    }

    @Test(arguments: [true, false])
    func aPictureRoundTrips(opaque: Bool) throws {
        let bitmap = picture(opaque: opaque)
        let bytes = try PNG.encode(bitmap)
        #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(bytes[25] == (opaque ? 2 : 6))  // colour type: RGB when opaque
        let decoded = try PNGDecoder.decode(bytes)
        #expect(decoded.width == bitmap.width && decoded.height == bitmap.height)
        // Straight alpha in the file costs at most one step of rounding per channel.
        for index in bitmap.pixels.indices { #expect(abs(Int(decoded.pixels[index]) - Int(bitmap.pixels[index])) <= 1) }
        if opaque { #expect(decoded == bitmap) }
    }

    @Test func damagedFilesAreRefusedWithAReason() throws {
        let bytes = try PNG.encode(picture(opaque: true))
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode([]) }
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(Array("not a png at all".utf8)) }
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(Array(bytes.prefix(bytes.count / 2))) }
        var corrupted = bytes
        for index in 60..<min(90, corrupted.count) { corrupted[index] ^= 0x5A }
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(corrupted) }
    }

    @Test func filesAreWrittenWholeOrNotAtAll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("picture.png")
        try AtomicFile.write(try PNG.encode(picture(opaque: true)), to: target)
        try AtomicFile.write(try PNG.encode(picture(opaque: false)), to: target)  // replaces it
        #expect(try PNGDecoder.decode(Array(Data(contentsOf: target))).width == 37)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["picture.png"])
        #expect(throws: ImageFileError.self) {
            try AtomicFile.write([1, 2, 3], to: folder.appendingPathComponent("missing/picture.png"))
        }
    }
}
