import CRasterBuiltins

/// A premultiplied colour as one 32-bit pixel (R, G, B, A bytes in memory order), painted over or added to
/// runs of pixels in integer arithmetic, four pixels at a time.
struct PackedPixel {
    let value: UInt32

    /// A paint's solid colour.
    init(_ paint: PaintSampler) {
        self.init(red: paint.red, green: paint.green, blue: paint.blue, alpha: paint.alpha)
    }

    /// A colour, packed as a solid paint of it is.
    init(_ color: PremultipliedColor) {
        self.init(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
    }

    private init(red: Float, green: Float, blue: Float, alpha: Float) {
        func byte(_ channel: Float) -> UInt32 { UInt32(min(max(channel, 0), 1) * 255 + 0.5) }
        value = byte(red) | byte(green) << 8 | byte(blue) << 16 | byte(alpha) << 24
    }

    /// A coverage of 0…1 as the 0…256 that `scale` takes, rounded to nearest: without Swift's range check, as
    /// the rasterizer converts several a pixel (a coverage that is not a number gives a pixel value, never a
    /// trap or an index).
    @inline(__always)
    static func coverage(_ amount: Float) -> UInt32 { UInt32(truncatingIfNeeded: imager_truncate(amount * 256 + 0.5)) }

    /// Four coverages of 0…1 at once, as `coverage` gives each.
    @inline(__always)
    static func coverages(_ amounts: SIMD4<Float>) -> (UInt16, UInt16, UInt16, UInt16) {
        let c = imager_truncate4(amounts * 256 + 0.5)
        return (UInt16(truncatingIfNeeded: c[0]), UInt16(truncatingIfNeeded: c[1]), UInt16(truncatingIfNeeded: c[2]),
                UInt16(truncatingIfNeeded: c[3]))
    }

    /// This colour at `coverage` (0…256): every channel times coverage/256.
    @inline(__always)
    func scaled(by coverage: UInt32) -> UInt32 { Self.scale(value, by: coverage) }

    /// A packed colour at `coverage` (0…256): every channel times coverage/256.
    @inline(__always)
    static func scale(_ value: UInt32, by coverage: UInt32) -> UInt32 {
        guard coverage < 256 else { return value }
        let redBlue = (((value & 0x00FF_00FF) &* coverage) >> 8) & 0x00FF_00FF
        let greenAlpha = ((value >> 8) & 0x00FF_00FF) &* coverage & 0xFF00_FF00
        return redBlue | greenAlpha
    }

    /// Whether this processor runs the 32-byte kernels (AVX2, in CRasterBuiltins): runs of at least `wideRun`
    /// pixels go to them, with the same results. Asked once a run: the answer is read from memory set at start.
    @inline(__always)
    static var hasWideKernels: Bool { imager_avx2() != 0 }

    /// The shortest run the 32-byte kernels take (below it their setup costs more than they save).
    static var wideRun: Int { 16 }

    /// One pixel: s + d·(255 − αs)/255, two channels at a time.
    @inline(__always)
    static func over(_ destination: UInt32, source: UInt32) -> UInt32 {
        let keep = 255 - (source >> 24)
        var redBlue = (destination & 0x00FF_00FF) &* keep &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var greenAlpha = ((destination >> 8) & 0x00FF_00FF) &* keep &+ 0x0080_0080
        greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return source &+ (redBlue | greenAlpha)
    }

    /// One pixel: min(255, s + d) in each channel, the four channels at once in one 32-bit word.
    @inline(__always)
    static func add(_ destination: UInt32, source: UInt32) -> UInt32 {
        let high: UInt32 = 0x8080_8080
        // Each byte's sum without carries between bytes, and the carry out of each byte.
        let sum = ((destination & ~high) &+ (source & ~high)) ^ ((destination ^ source) & high)
        let carry = ((destination & source) | ((destination | source) & ~sum)) & high
        return sum | ((carry >> 7) &* 0xFF)
    }

    /// Four neighbouring pixels, each at a coverage of its own (0…256): `scale` and then `over` or `add`,
    /// pixel by pixel, with the same results, two pixels at a time in SIMD.
    @inline(__always)
    static func blend(
        _ pixels: UnsafeMutablePointer<UInt32>, source: UInt32, coverages: (UInt16, UInt16, UInt16, UInt16), additive: Bool
    ) {
        let raw = UnsafeMutableRawPointer(pixels)
        let destination = raw.loadUnaligned(as: SIMD16<UInt8>.self)
        let color = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(repeating: source), to: SIMD8<UInt8>.self))
        let alpha = UInt16(truncatingIfNeeded: source >> 24)
        @inline(__always) func blendTwo(_ d: SIMD8<UInt8>, _ first: UInt16, _ second: UInt16) -> SIMD8<UInt8> {
            let coverage = SIMD8<UInt16>(first, first, first, first, second, second, second, second)
            let scaled = (color &* coverage) &>> 8
            if additive { return SIMD8<UInt8>(truncatingIfNeeded: scaled) }
            let t = SIMD8<UInt16>(truncatingIfNeeded: d) &* (255 &- ((alpha &* coverage) &>> 8)) &+ 128
            return SIMD8<UInt8>(truncatingIfNeeded: ((t &+ (t &>> 8)) &>> 8) &+ scaled)
        }
        let low = blendTwo(destination.lowHalf, coverages.0, coverages.1)
        let high = blendTwo(destination.highHalf, coverages.2, coverages.3)
        var result = SIMD16<UInt8>(lowHalf: low, highHalf: high)
        if additive {
            result &+= destination
            result.replace(with: 255, where: result .< destination)
        }
        raw.storeBytes(of: result, as: SIMD16<UInt8>.self)
    }

    /// d ← s + d·(255 − αs)/255 over `count` pixels: sixteen at a time (four 16-byte groups in flight), the
    /// red and blue bytes of each pixel in one 16-bit lane each and green and alpha in another, so no byte is
    /// widened or packed again; a long run in the 32-byte kernel when `wide` (the processor has it).
    @inline(__always)
    static func over(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, wide: Bool = hasWideKernels) {
        if source >> 24 == 255 {
            // Opaque: what was there does not show through.
            pixels.update(repeating: source, count: count)
            return
        }
        if wide, count >= wideRun {
            imager_over_run_avx2(pixels, count, source)
            return
        }
        let keep = SIMD8<UInt16>(repeating: UInt16(255 - (source >> 24)))
        let sourceBytes = SIMD4<UInt32>(repeating: source)
        @inline(__always) func blend(_ d: SIMD4<UInt32>) -> SIMD4<UInt32> {
            let lanes = unsafeBitCast(d, to: SIMD8<UInt16>.self)
            let low = fade(lanes & 0x00FF, by: keep), high = fade(lanes &>> 8, by: keep)
            let faded = unsafeBitCast(low | (high &<< 8), to: SIMD16<UInt8>.self)
            return unsafeBitCast(faded &+ unsafeBitCast(sourceBytes, to: SIMD16<UInt8>.self), to: SIMD4<UInt32>.self)
        }
        spans(pixels, count: count, blend, single: { over($0, source: source) })
    }

    /// Each 16-bit lane (a byte's value) times `keep`/255, rounded to nearest: (t + t/256)/256 with t = v·keep + 128.
    @inline(__always)
    private static func fade(_ value: SIMD8<UInt16>, by keep: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = value &* keep &+ 128
        // (t·257) >> 16 is (t + t/256)/256 exactly (t ≤ 65,153): one high multiply where a shift, an add and a
        // shift would be.
        return SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16)
    }

    /// d ← min(255, s + d) over `count` pixels.
    @inline(__always)
    static func add(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, wide: Bool = hasWideKernels) {
        add(source, to: pixels, count: count, into: pixels, wide: wide)
    }

    /// target ← min(255, color + addend), pixel by pixel over `count` pixels (`target` may be `addend`); a long
    /// run in the 32-byte kernel when `wide`.
    @inline(__always)
    static func add(
        _ color: UInt32, to addend: UnsafePointer<UInt32>, count: Int, into target: UnsafeMutablePointer<UInt32>,
        wide: Bool = hasWideKernels
    ) {
        if wide, count >= wideRun {
            imager_add_run_avx2(addend, target, count, color)
            return
        }
        let colors = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD16<UInt8>.self)
        var from = UnsafeRawPointer(addend), to = UnsafeMutableRawPointer(target)
        @inline(__always) func addGroup(_ offset: Int) {
            let d = from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
            let sum = d &+ colors
            to.storeBytes(of: sum.replacing(with: 255, where: sum .< d), toByteOffset: offset, as: SIMD16<UInt8>.self)
        }
        guard count >= 4 else {
            for index in 0..<count { target[index] = add(addend[index], source: color) }
            return
        }
        // The last four pixels, worked out before any is written: stored after the rest, over the few the groups
        // of four already gave the same values, in place of a pixel-by-pixel tail.
        let lastFour = 4 * (count - 4)
        let last = from.loadUnaligned(fromByteOffset: lastFour, as: SIMD16<UInt8>.self) &+ colors
        let lastSum = last.replacing(with: 255, where: last .< from.loadUnaligned(fromByteOffset: lastFour, as: SIMD16<UInt8>.self))
        var left = count
        while left >= 16 {
            addGroup(0); addGroup(16); addGroup(32); addGroup(48)
            from += 64; to += 64; left -= 16
        }
        while left >= 4 {
            addGroup(0)
            from += 16; to += 16; left -= 4
        }
        UnsafeMutableRawPointer(target).storeBytes(of: lastSum, toByteOffset: lastFour, as: SIMD16<UInt8>.self)
    }

    /// Replaces each of `count` pixels by `blend` of it, sixteen at a time in four groups, then four at a time;
    /// the last few one by one with `single`.
    @inline(__always)
    private static func spans(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, _ blend: (SIMD4<UInt32>) -> SIMD4<UInt32>, single: (UInt32) -> UInt32
    ) {
        var raw = UnsafeMutableRawPointer(pixels)
        @inline(__always) func group(_ offset: Int) {
            raw.storeBytes(of: blend(raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)), toByteOffset: offset, as: SIMD4<UInt32>.self)
        }
        guard count >= 4 else {
            for index in 0..<count { pixels[index] = single(pixels[index]) }
            return
        }
        // The last four pixels, worked out before any is written (as `add` does).
        let lastFour = 4 * (count - 4)
        let last = blend(raw.loadUnaligned(fromByteOffset: lastFour, as: SIMD4<UInt32>.self))
        var left = count
        while left >= 16 {
            group(0); group(16); group(32); group(48)
            raw += 64; left -= 16
        }
        while left >= 4 {
            group(0)
            raw += 16; left -= 4
        }
        UnsafeMutableRawPointer(pixels).storeBytes(of: last, toByteOffset: lastFour, as: SIMD4<UInt32>.self)
    }
}
