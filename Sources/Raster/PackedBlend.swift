/// How the packed path composites a colour onto pixels: painting over or adding light. A type, not a flag, so
/// that the sweep is compiled once for each, with no test of the mode in its loops.
protocol PackedBlend {
    /// One pixel and a source already scaled by its coverage.
    static func one(_ destination: UInt32, source: UInt32) -> UInt32
    /// `count` pixels, each with `source` (already scaled).
    static func run(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32)
    /// Four neighbouring pixels, `source` at a coverage each (0…256).
    static func four(_ pixels: UnsafeMutablePointer<UInt32>, source: UInt32, coverages: (UInt16, UInt16, UInt16, UInt16))
}

/// Source over: s + d·(255 − αs)/255.
enum PaintOver: PackedBlend {
    @inline(__always) static func one(_ destination: UInt32, source: UInt32) -> UInt32 {
        PackedPixel.over(destination, source: source)
    }
    @inline(__always) static func run(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32) {
        PackedPixel.over(pixels, count: count, source: source)
    }
    @inline(__always)
    static func four(_ pixels: UnsafeMutablePointer<UInt32>, source: UInt32, coverages: (UInt16, UInt16, UInt16, UInt16)) {
        PackedPixel.blend(pixels, source: source, coverages: coverages, additive: false)
    }
}

/// Light added: min(255, s + d).
enum AddLight: PackedBlend {
    @inline(__always) static func one(_ destination: UInt32, source: UInt32) -> UInt32 {
        PackedPixel.add(destination, source: source)
    }
    @inline(__always) static func run(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32) {
        PackedPixel.add(pixels, count: count, source: source)
    }
    @inline(__always)
    static func four(_ pixels: UnsafeMutablePointer<UInt32>, source: UInt32, coverages: (UInt16, UInt16, UInt16, UInt16)) {
        PackedPixel.blend(pixels, source: source, coverages: coverages, additive: true)
    }
}
