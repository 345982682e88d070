import CZlib
import ImageFiles
import Raster

/// Reads PNG files back into bitmaps, for tests that compare what was written with what was meant: 8-bit
/// RGB or RGBA, not interlaced — what `PNG.encode` writes, and what most tools do.
public enum PNGDecoder {
    /// Reads a PNG written by `PNG.encode` (or any 8-bit RGB/RGBA, non-interlaced PNG).
    public static func decode(_ bytes: [UInt8]) throws(PNGDecodingError) -> Bitmap {
        guard bytes.count > 8, Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw PNGDecodingError("not a PNG file") }
        var offset = 8
        var width = 0, height = 0, channels = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(readBigEndian(bytes, offset))
            guard length >= 0, offset + 12 + length <= bytes.count else { throw PNGDecodingError("the PNG file is truncated") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR":
                guard data.count == 13 else { throw PNGDecodingError("the PNG header is malformed") }
                width = Int(readBigEndian(data, 0))
                height = Int(readBigEndian(data, 4))
                guard data[8] == 8, data[12] == 0, data[11] == 0, data[10] == 0 else {
                    throw PNGDecodingError("only 8-bit, non-interlaced PNG files are read")
                }
                switch data[9] {
                case 2: channels = 3
                case 6: channels = 4
                default: throw PNGDecodingError("only RGB and RGBA PNG files are read")
                }
                guard (1...Bitmap.maximumSide).contains(width), (1...Bitmap.maximumSide).contains(height) else {
                    throw PNGDecodingError("the PNG is \(width)×\(height); sides of 1 to \(Bitmap.maximumSide) are read")
                }
            case "IDAT": compressed += data
            case "IEND": offset = bytes.count
            default: break
            }
            offset += 12 + length
        }
        guard channels > 0 else { throw PNGDecodingError("the PNG file has no header") }
        let rowBytes = width * channels
        let raw = try inflate(compressed, expected: (rowBytes + 1) * height)
        var bitmap = Bitmap(width: width, height: height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            var row = Array(raw[(start + 1)..<(start + 1 + rowBytes)])
            try unfilter(&row, filter: raw[start], previous: previous, channels: channels)
            for x in 0..<width {
                let alpha = channels == 4 ? Int(row[x * channels + 3]) : 255
                for channel in 0..<3 {
                    bitmap.pixels[(y * width + x) * 4 + channel] = UInt8((Int(row[x * channels + channel]) * alpha + 127) / 255)
                }
                bitmap.pixels[(y * width + x) * 4 + 3] = UInt8(alpha)
            }
            previous = row
        }
        return bitmap
    }

    private static func unfilter(_ row: inout [UInt8], filter: UInt8, previous: [UInt8], channels: Int) throws(PNGDecodingError) {
        for index in row.indices {
            let left = index >= channels ? row[index - channels] : 0
            let up = previous[index]
            let upLeft = index >= channels ? previous[index - channels] : 0
            switch filter {
            case 0: break
            case 1: row[index] = row[index] &+ left
            case 2: row[index] = row[index] &+ up
            case 3: row[index] = row[index] &+ UInt8((Int(left) + Int(up)) / 2)
            case 4: row[index] = row[index] &+ PNG.paeth(left, up, upLeft)
            default: throw PNGDecodingError("the PNG file has an unknown row filter \(filter)")
            }
        }
    }

    private static func inflate(_ data: [UInt8], expected: Int) throws(PNGDecodingError) -> [UInt8] {
        var size = uLongf(expected)
        var output = [UInt8](repeating: 0, count: expected)
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in uncompress(out.baseAddress, &size, input.baseAddress, uLong(input.count)) }
        }
        guard status == Z_OK, Int(size) == expected else { throw PNGDecodingError("the PNG file's image data is damaged") }
        return output
    }

    private static func readBigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

/// A file the decoder cannot read: not a PNG, damaged, or of a kind it does not read.
public struct PNGDecodingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
