/// How the packed path composites a colour onto pixels: painting over or adding light. A type, not a flag
/// passed along, so that the sweep is compiled once for each, with no test of the mode in its loops (each type's
/// `additive` is a constant the compiler folds away).
protocol PackedBlend {
    /// Whether light is added (min(255, s + d)) rather than painted over (s + d·(255 − αs)/255).
    static var additive: Bool { get }
}

extension PackedBlend {
    /// One pixel and a source already scaled by its coverage.
    @inline(__always) static func one(_ destination: UInt32, source: UInt32) -> UInt32 {
        additive ? PackedPixel.add(destination, source: source) : PackedPixel.over(destination, source: source)
    }

    /// `count` pixels, each with `source` (already scaled).
    @inline(__always) static func run(_ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32) {
        if additive { PackedPixel.add(pixels, count: count, source: source) } else { PackedPixel.over(pixels, count: count, source: source) }
    }

    /// Four neighbouring pixels, `source` at a coverage each (0…256).
    @inline(__always)
    static func four(_ pixels: UnsafeMutablePointer<UInt32>, source: UInt32, coverages: (UInt16, UInt16, UInt16, UInt16)) {
        PackedPixel.blend(pixels, source: source, coverages: coverages, additive: additive)
    }
}

/// Source over: s + d·(255 − αs)/255.
enum PaintOver: PackedBlend {
    @inline(__always) static var additive: Bool { false }
}

/// Light added: min(255, s + d).
enum AddLight: PackedBlend {
    @inline(__always) static var additive: Bool { true }
}
