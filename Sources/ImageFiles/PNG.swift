import CZlib
import Raster

/// PNG files written from a bitmap (RGB when every pixel is opaque, RGBA otherwise; deflate by zlib). The
/// instrument reads no PNG; the tests' decoder is `PNGDecoder` in TestSupport.
public enum PNG {
    public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

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

    /// The Paeth predictor of PNG's row filter 4 (the test decoder's too).
    @inline(__always)
    public static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
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

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
