extension Bitmap {
    /// The size of the picture as planar Y′CbCr 4:2:0 (`yuv420p`): a luma byte a pixel, then the two
    /// chroma planes at half the width and height (rounded up).
    public var yuv420Size: Int { Self.yuv420Size(width: width, height: height) }

    /// The size of a `width × height` picture as planar Y′CbCr 4:2:0.
    public static func yuv420Size(width: Int, height: Int) -> Int {
        width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }

    /// Writes the picture into `planes` (resized to `yuv420Size`) as video takes it: Y′CbCr 4:2:0 with the
    /// BT.709 matrix in limited range (Y′ 16…235, Cb and Cr 16…240), each chroma sample from the mean of its
    /// 2×2 pixels, the premultiplied colours over black (video has no alpha). Integer arithmetic with 16
    /// fractional bits (each value within half a step of the exact one); sixteen pixels of two rows at a
    /// time in SIMD, the odd ends one block at a time.
    ///
    /// Converting here rather than in ffmpeg sends it 1.5 bytes a pixel instead of 4 and spares its scaler,
    /// which runs on one thread beside the encoder's.
    public func yuv420(into planes: inout [UInt8]) {
        let size = yuv420Size
        if planes.count != size { planes = [UInt8](repeating: 0, count: size) }
        planes.withUnsafeMutableBufferPointer { target in convert(rows: 0..<height, top: 0, pictureHeight: height, into: target) }
    }

    /// Writes this bitmap, the rows of a `pictureHeight`-tall picture from row `top` (even), into that
    /// picture's planes (`yuv420Size(width:height:)` bytes at `planes`), as `yuv420(into:)` writes a whole
    /// picture: so that bands of one picture drawn apart — each by a thread of its own — are converted into
    /// one set of planes, each into its own rows.
    public func yuv420(into planes: UnsafeMutableBufferPointer<UInt8>, asRowsFrom top: Int, ofHeight pictureHeight: Int) {
        guard top >= 0, top % 2 == 0, top + height <= pictureHeight,
              planes.count >= Self.yuv420Size(width: width, height: pictureHeight) else { return }
        convert(rows: top..<(top + height), top: top, pictureHeight: pictureHeight, into: planes)
    }

    /// The conversion of the picture's `rows`, this bitmap holding its rows from `top`.
    private func convert(rows: Range<Int>, top sourceTop: Int, pictureHeight: Int, into target: UnsafeMutableBufferPointer<UInt8>) {
        guard width > 0, !rows.isEmpty, let luma = target.baseAddress else { return }
        let chromaWidth = (width + 1) / 2, chromaHeight = (pictureHeight + 1) / 2
        let width = width
        pixels.withUnsafeBytes { source in
            let planes = YUVPlanes(
                rgba: source.baseAddress!, sourceTop: sourceTop, luma: luma, width: width, height: pictureHeight, chromaWidth: chromaWidth,
                chromaSize: chromaWidth * chromaHeight)
            for chromaRow in (rows.lowerBound / 2)..<((rows.upperBound + 1) / 2) {
                let top = 2 * chromaRow, bottom = min(top + 1, pictureHeight - 1)
                var column = 0
                if bottom == top + 1 {
                    while column + 16 <= width {
                        planes.convertSixteen(top: top, column: column)
                        column += 16
                    }
                }
                while column < width {
                    planes.convertBlock(top: top, bottom: bottom, column: column)
                    column += 2
                }
            }
        }
    }
}

/// The source and the three planes of one conversion, and the arithmetic of `Bitmap.yuv420(into:)`.
private struct YUVPlanes {
    let rgba: UnsafeRawPointer
    /// The picture's row that `rgba`'s first row is.
    let sourceTop: Int
    let luma: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, chromaWidth: Int, chromaSize: Int

    var blue: UnsafeMutablePointer<UInt8> { luma + width * height }
    var red: UnsafeMutablePointer<UInt8> { luma + width * height + chromaSize }

    @inline(__always) static func luma(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (11_966 * r + 40_254 * g + 4_064 * b + 32_768) >> 16 + 16)
    }

    /// Chroma from the sums of four pixels' channels.
    @inline(__always) static func blueDifference(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (-6_596 * r - 22_189 * g + 28_785 * b + 131_072) >> 18 + 128)
    }

    @inline(__always) static func redDifference(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (28_785 * r - 26_146 * g - 2_639 * b + 131_072) >> 18 + 128)
    }

    /// One chroma sample and the (up to) four luma samples under it, at even `column`.
    func convertBlock(top: Int, bottom: Int, column: Int) {
        let right = min(column + 1, width - 1)
        var r = 0, g = 0, b = 0
        for index in [top * width + column, top * width + right, bottom * width + column, bottom * width + right] {
            let pixel = rgba + (index - sourceTop * width) * 4
            let pr = Int(pixel.load(as: UInt8.self)), pg = Int(pixel.load(fromByteOffset: 1, as: UInt8.self))
            let pb = Int(pixel.load(fromByteOffset: 2, as: UInt8.self))
            luma[index] = Self.luma(pr, pg, pb)
            r += pr
            g += pg
            b += pb
        }
        let chroma = top / 2 * chromaWidth + column / 2
        blue[chroma] = Self.blueDifference(r, g, b)
        red[chroma] = Self.redDifference(r, g, b)
    }

    /// Sixteen pixels of rows `top` and `top + 1` from `column`, and the eight chroma samples under them.
    @inline(__always) func convertSixteen(top: Int, column: Int) {
        let upper = (rgba + ((top - sourceTop) * width + column) * 4).loadUnaligned(as: SIMD16<UInt32>.self)
        let lower = (rgba + ((top + 1 - sourceTop) * width + column) * 4).loadUnaligned(as: SIMD16<UInt32>.self)
        let mask = SIMD16<UInt32>(repeating: 0xFF)
        let upperRed = upper & mask, upperGreen = upper &>> 8 & mask, upperBlue = upper &>> 16 & mask
        let lowerRed = lower & mask, lowerGreen = lower &>> 8 & mask, lowerBlue = lower &>> 16 & mask
        storeLuma(upperRed, upperGreen, upperBlue, at: top * width + column)
        storeLuma(lowerRed, lowerGreen, lowerBlue, at: (top + 1) * width + column)
        let r = Self.blockSums(upperRed, lowerRed), g = Self.blockSums(upperGreen, lowerGreen), b = Self.blockSums(upperBlue, lowerBlue)
        let cb = (-6_596 &* r &- 22_189 &* g &+ 28_785 &* b &+ 131_072) &>> 18 &+ 128
        let cr = (28_785 &* r &- 26_146 &* g &- 2_639 &* b &+ 131_072) &>> 18 &+ 128
        let chroma = top / 2 * chromaWidth + column / 2
        // Both narrowed at once, sixteen lanes wide (eight-lane narrowing is not inlined).
        let both = SIMD16<UInt8>(truncatingIfNeeded: SIMD16<UInt32>(
            lowHalf: unsafeBitCast(cb, to: SIMD8<UInt32>.self), highHalf: unsafeBitCast(cr, to: SIMD8<UInt32>.self)))
        UnsafeMutableRawPointer(blue + chroma).storeBytes(of: both.lowHalf, as: SIMD8<UInt8>.self)
        UnsafeMutableRawPointer(red + chroma).storeBytes(of: both.highHalf, as: SIMD8<UInt8>.self)
    }

    @inline(__always) private func storeLuma(_ r: SIMD16<UInt32>, _ g: SIMD16<UInt32>, _ b: SIMD16<UInt32>, at index: Int) {
        let y = (11_966 &* r &+ 40_254 &* g &+ 4_064 &* b &+ 32_768) &>> 16 &+ 16
        UnsafeMutableRawPointer(luma + index).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: y), as: SIMD16<UInt8>.self)
    }

    /// The sums of each 2×2 block's channel, from the channel in two rows.
    @inline(__always) private static func blockSums(_ upper: SIMD16<UInt32>, _ lower: SIMD16<UInt32>) -> SIMD8<Int32> {
        SIMD8<Int32>(truncatingIfNeeded: upper.evenHalf &+ upper.oddHalf &+ lower.evenHalf &+ lower.oddHalf)
    }
}
