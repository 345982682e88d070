import Testing

@testable import Raster

/// The packed integer blends the sweep uses: four pixels at once, and runs of any length sixteen at a time
/// (in 16-byte groups, and in the 32-byte kernels where the processor has them), must give what one at a time
/// gives.
@Suite("Packed pixels")
struct PackedPixelTests {
    /// Seeded random packed colours.
    struct Colors {
        var state: UInt64 = 17

        mutating func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 32)
        }

        /// A premultiplied colour: no channel above its alpha.
        mutating func premultiplied() -> UInt32 {
            let alpha = next() & 0xFF
            let channels = (0..<3).map { _ in alpha == 0 ? 0 : next() % (alpha + 1) }
            return channels[0] | channels[1] << 8 | channels[2] << 16 | alpha << 24
        }
    }

    /// The kernels a run can go through here: the 16-byte groups always, the 32-byte ones where the processor
    /// runs them.
    static let kernels = [false] + (PackedPixel.hasWideKernels ? [true] : [])

    @Test(arguments: [false, true], kernels)
    func runsOfEveryLengthAreBlendedAsEachPixelAlone(additive: Bool, wide: Bool) {
        var colors = Colors()
        for count in 0...70 {
            for _ in 0..<40 {
                let source = colors.premultiplied()
                let destination = (0..<count).map { _ in colors.premultiplied() }
                var together = destination
                together.withUnsafeMutableBufferPointer { pixels in
                    guard let base = pixels.baseAddress else { return }
                    if additive {
                        PackedPixel.add(base, count: count, source: source, wide: wide)
                    } else {
                        PackedPixel.over(base, count: count, source: source, wide: wide)
                    }
                }
                let alone = destination.map { additive ? PackedPixel.add($0, source: source) : PackedPixel.over($0, source: source) }
                #expect(together == alone, "\(count) pixels, source \(source)")
                if together != alone { return }
                guard additive else { continue }
                // Added into another buffer (a layer added to a picture), which already holds other pixels.
                var target = (0..<count).map { _ in colors.premultiplied() }
                destination.withUnsafeBufferPointer { addend in
                    target.withUnsafeMutableBufferPointer { into in
                        guard let from = addend.baseAddress, let to = into.baseAddress else { return }
                        PackedPixel.add(source, to: from, count: count, into: to, wide: wide)
                    }
                }
                #expect(target == alone, "\(count) pixels added into another buffer, source \(source)")
                if target != alone { return }
            }
        }
    }

    @Test(arguments: [false, true])
    func fourPixelsBlendedAtOnceAreEachBlendedAlone(additive: Bool) {
        var colors = Colors()
        func next() -> UInt32 { colors.next() }
        func premultiplied() -> UInt32 { colors.premultiplied() }
        for _ in 0..<20_000 {
            let source = premultiplied()
            let destination = (0..<4).map { _ in premultiplied() }
            let coverages = (0..<4).map { _ in UInt16(next() % 257) }
            var together = destination
            together.withUnsafeMutableBufferPointer { pixels in
                PackedPixel.blend(pixels.baseAddress!, source: source,
                                  coverages: (coverages[0], coverages[1], coverages[2], coverages[3]), additive: additive)
            }
            let alone = zip(destination, coverages).map { pixel, coverage in
                let scaled = PackedPixel.scale(source, by: UInt32(coverage))
                return additive ? PackedPixel.add(pixel, source: scaled) : PackedPixel.over(pixel, source: scaled)
            }
            #expect(together == alone, "source \(source), coverages \(coverages)")
            if together != alone { return }
        }
    }
}
