import CDeflate
import CZlib
import Raster

/// PNG files written from a bitmap (RGB when every pixel is opaque, RGBA otherwise; deflated by libdeflate, which
/// compresses a whole buffer at once several times faster than zlib, to a file as small; zlib for the CRCs). The
/// instrument reads no PNG; the tests' decoder is `PNGDecoder` in TestSupport.
public enum PNG {
    public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The PNG bytes of `bitmap`. `compression` is the deflate level, 1 (fast) … 12 (small).
    public static func encode(_ bitmap: Bitmap, compression: Int32 = 6) throws(ImageFileError) -> [UInt8] {
        let opaque = isOpaque(bitmap)
        let channels = opaque ? 3 : 4
        let rowBytes = bitmap.width * channels
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * bitmap.height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var candidates = [UInt8](repeating: 0, count: 3 * rowBytes)
        for y in 0..<bitmap.height {
            unpremultiply(bitmap, row: y, channels: channels, into: &current)
            filterRow(current, previous: previous, channels: channels, into: &raw, at: y * (rowBytes + 1), candidates: &candidates)
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
    /// absolute differences (the usual heuristic for deflate; on a tie the first of them). The four are worked
    /// out in one pass over the row, each into scratch of its own, and the one chosen is copied.
    private static func filterRow(
        _ row: [UInt8], previous: [UInt8], channels: Int, into raw: inout [UInt8], at start: Int, candidates: inout [UInt8]
    ) {
        let count = row.count
        precondition(candidates.count >= 3 * count && previous.count == count && raw.count >= start + 1 + count)
        var sums = SIMD4<Int>()  // None, Sub, Up, Paeth
        candidates.withUnsafeMutableBufferPointer { scratch in
            let sub = scratch.baseAddress!, up = sub + count, paethed = up + count
            row.withUnsafeBufferPointer { row in
                previous.withUnsafeBufferPointer { previous in
                    @inline(__always) func cost(_ byte: UInt8) -> Int { Int(Int8(bitPattern: byte).magnitude) }
                    @inline(__always) func filterOne(_ index: Int) {
                        let value = row[index], above = previous[index]
                        let left = index >= channels ? row[index - channels] : 0
                        let upLeft = index >= channels ? previous[index - channels] : 0
                        let s = value &- left, u = value &- above, p = value &- paeth(left, above, upLeft)
                        sub[index] = s
                        up[index] = u
                        paethed[index] = p
                        sums &+= SIMD4(cost(value), cost(s), cost(u), cost(p))
                    }
                    for index in 0..<count { filterOne(index) }
                }
            }
        }
        var chosen = 0
        for candidate in 1..<4 where sums[candidate] < sums[chosen] { chosen = candidate }
        raw[start] = UInt8(chosen == 3 ? 4 : chosen)
        let from = chosen == 0 ? row[...] : candidates[((chosen - 1) * count)..<(chosen * count)]
        raw.replaceSubrange((start + 1)..<(start + 1 + count), with: from)
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
        guard let compressor = libdeflate_alloc_compressor(min(max(level, 1), 12)) else {
            throw ImageFileError(.notWritten, "libdeflate could not make a compressor (out of memory)")
        }
        defer { libdeflate_free_compressor(compressor) }
        var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, data.count))
        let size = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        // The bound is never too small, so nothing is refused; should it be, say so rather than write a broken file.
        guard size > 0 else { throw ImageFileError(.notWritten, "libdeflate could not compress the picture") }
        output.removeLast(output.count - size)
        return output
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

