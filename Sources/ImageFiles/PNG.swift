import CZlib
import Raster

/// PNG files: written from a bitmap (RGB when every pixel is opaque, RGBA otherwise; deflate by zlib) and
/// read back (8-bit RGB or RGBA, not interlaced — what this encoder writes, and what most tools do).
public enum PNG {
    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The PNG bytes of `bitmap`. `compression` is zlib's level, 1 (fast) … 9 (small).
    public static func encode(_ bitmap: Bitmap, compression: Int32 = 6) throws(ImageFileError) -> [UInt8] {
        let opaque = isOpaque(bitmap)
        let channels = opaque ? 3 : 4
        let rowBytes = bitmap.width * channels
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * bitmap.height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<bitmap.height {
            unpremultiply(bitmap, row: y, channels: channels, into: &current)
            filterRow(current, previous: previous, channels: channels, into: &raw, at: y * (rowBytes + 1))
            swap(&previous, &current)
        }
        var png = signature
        var header: [UInt8] = []
        header += bigEndian(UInt32(bitmap.width)) + bigEndian(UInt32(bitmap.height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try deflate(raw, level: compression), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Reads a PNG written by `encode` (or any 8-bit RGB/RGBA, non-interlaced PNG).
    public static func decode(_ bytes: [UInt8]) throws(ImageFileError) -> Bitmap {
        guard bytes.count > 8, Array(bytes.prefix(8)) == signature else { throw ImageFileError(.malformed, "not a PNG file") }
        var offset = 8
        var width = 0, height = 0, channels = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(readBigEndian(bytes, offset))
            guard length >= 0, offset + 12 + length <= bytes.count else { throw ImageFileError(.malformed, "the PNG file is truncated") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR":
                guard data.count == 13 else { throw ImageFileError(.malformed, "the PNG header is malformed") }
                width = Int(readBigEndian(data, 0))
                height = Int(readBigEndian(data, 4))
                guard data[8] == 8, data[12] == 0, data[11] == 0, data[10] == 0 else {
                    throw ImageFileError(.malformed, "only 8-bit, non-interlaced PNG files are read")
                }
                switch data[9] {
                case 2: channels = 3
                case 6: channels = 4
                default: throw ImageFileError(.malformed, "only RGB and RGBA PNG files are read")
                }
                guard (1...Bitmap.maximumSide).contains(width), (1...Bitmap.maximumSide).contains(height) else {
                    throw ImageFileError(.malformed, "the PNG is \(width)×\(height); sides of 1 to \(Bitmap.maximumSide) are read")
                }
            case "IDAT": compressed += data
            case "IEND": offset = bytes.count
            default: break
            }
            offset += 12 + length
        }
        guard channels > 0 else { throw ImageFileError(.malformed, "the PNG file has no header") }
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

    private static func isOpaque(_ bitmap: Bitmap) -> Bool {
        var index = 3
        while index < bitmap.pixels.count {
            if bitmap.pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }

    /// One row of straight (not premultiplied) colour.
    private static func unpremultiply(_ bitmap: Bitmap, row y: Int, channels: Int, into row: inout [UInt8]) {
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for x in 0..<bitmap.width {
                let index = (y * bitmap.width + x) * 4
                let alpha = Int(pixels[index + 3])
                for channel in 0..<3 {
                    let value = Int(pixels[index + channel])
                    row[x * channels + channel] = alpha == 255 || alpha == 0 ? UInt8(value) : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
                }
                if channels == 4 { row[x * channels + 3] = UInt8(alpha) }
            }
        }
    }

    /// Writes the row with whichever of the filters None, Sub, Up and Paeth gives the smallest sum of
    /// absolute differences (the usual heuristic for deflate).
    private static func filterRow(_ row: [UInt8], previous: [UInt8], channels: Int, into raw: inout [UInt8], at start: Int) {
        var best: (filter: UInt8, score: Int) = (0, row.reduce(0) { $0 + Int(Int8(bitPattern: $1).magnitude) })
        for filter: UInt8 in 1...4 where filter != 3 {
            var score = 0
            for index in row.indices {
                score += Int(Int8(bitPattern: filtered(row, previous, index, channels, filter)).magnitude)
                if score >= best.score { break }
            }
            if score < best.score { best = (filter, score) }
        }
        raw[start] = best.filter
        for index in row.indices { raw[start + 1 + index] = filtered(row, previous, index, channels, best.filter) }
    }

    @inline(__always)
    private static func filtered(_ row: [UInt8], _ previous: [UInt8], _ index: Int, _ channels: Int, _ filter: UInt8) -> UInt8 {
        let left = index >= channels ? row[index - channels] : 0
        let up = previous[index]
        let upLeft = index >= channels ? previous[index - channels] : 0
        switch filter {
        case 1: return row[index] &- left
        case 2: return row[index] &- up
        case 4: return row[index] &- paeth(left, up, upLeft)
        default: return row[index]
        }
    }

    private static func unfilter(_ row: inout [UInt8], filter: UInt8, previous: [UInt8], channels: Int) throws(ImageFileError) {
        for index in row.indices {
            let left = index >= channels ? row[index - channels] : 0
            let up = previous[index]
            let upLeft = index >= channels ? previous[index - channels] : 0
            switch filter {
            case 0: break
            case 1: row[index] = row[index] &+ left
            case 2: row[index] = row[index] &+ up
            case 3: row[index] = row[index] &+ UInt8((Int(left) + Int(up)) / 2)
            case 4: row[index] = row[index] &+ paeth(left, up, upLeft)
            default: throw ImageFileError(.malformed, "the PNG file has an unknown row filter \(filter)")
            }
        }
    }

    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        var crc = crc32(0, nil, 0)
        typeBytes.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) }
        data.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) }
        png += bigEndian(UInt32(crc))
    }

    private static func deflate(_ data: [UInt8], level: Int32) throws(ImageFileError) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), min(max(level, 1), 9))
            }
        }
        guard status == Z_OK else { throw ImageFileError(.notWritten, "zlib could not compress the picture (error \(status))") }
        return Array(output.prefix(Int(size)))
    }

    private static func inflate(_ data: [UInt8], expected: Int) throws(ImageFileError) -> [UInt8] {
        var size = uLongf(expected)
        var output = [UInt8](repeating: 0, count: expected)
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in uncompress(out.baseAddress, &size, input.baseAddress, uLong(input.count)) }
        }
        guard status == Z_OK, Int(size) == expected else { throw ImageFileError(.malformed, "the PNG file's image data is damaged") }
        return output
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func readBigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
