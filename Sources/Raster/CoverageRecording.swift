import Geometry

/// What fills painted, pixel by pixel, to be painted again with other solid colours without working the
/// coverage out again: a lumi and its trail stamp are one shape in one place, painted on two layers. A fill
/// recorded and replayed with a colour paints exactly what filling the same path with that colour paints.
///
/// Kept as one word an operation: a row begins (the pixel of its cell 0), one pixel at a coverage, four
/// neighbouring pixels at a coverage each, or a run of pixels at one coverage (coverages 0…256).
public struct CoverageRecording: Sendable {
    fileprivate var words: [UInt64] = []

    /// One recorded fill: its words, and the bitmap it was painted on, which a replay must match.
    public struct Entry: Sendable {
        fileprivate let words: Range<Int>
        fileprivate let width: Int
        fileprivate let height: Int
        fileprivate let rowOffset: Int
    }

    public init() {}

    /// Forgets every fill recorded, keeping the memory for the next.
    public mutating func removeAll() { words.removeAll(keepingCapacity: true) }

    fileprivate static let rowKind: UInt64 = 0, pixelKind: UInt64 = 1, fourKind: UInt64 = 2, runKind: UInt64 = 3
}

/// Told what a fill paints, row by row, as it paints it.
protocol CoverageRecorder {
    /// A row begins; its cell 0 is the bitmap's pixel `index`.
    mutating func beginRow(at index: Int)
    /// Pixel `x` of the row (counted from its cell 0) painted at `coverage` (0…256).
    mutating func pixel(_ x: Int, coverage: UInt32)
    /// Pixels `x…x+3` painted, each at its own coverage.
    mutating func four(_ x: Int, coverages: (UInt16, UInt16, UInt16, UInt16))
    /// `count` pixels from `x` painted at `coverage`.
    mutating func run(_ x: Int, count: Int, coverage: UInt32)
}

/// A fill no one records: every call compiles away.
struct NoRecorder: CoverageRecorder {
    @inline(__always) mutating func beginRow(at index: Int) {}
    @inline(__always) mutating func pixel(_ x: Int, coverage: UInt32) {}
    @inline(__always) mutating func four(_ x: Int, coverages: (UInt16, UInt16, UInt16, UInt16)) {}
    @inline(__always) mutating func run(_ x: Int, count: Int, coverage: UInt32) {}
}

/// Records into a `CoverageRecording`'s words. Columns and counts take 16 bits (canvases up to 65,535
/// pixels wide), coverages 9, a row's pixel index 48.
private struct WordRecorder: CoverageRecorder {
    var words: [UInt64]

    @inline(__always) mutating func beginRow(at index: Int) {
        words.append(CoverageRecording.rowKind << 62 | UInt64(truncatingIfNeeded: index))
    }

    @inline(__always) mutating func pixel(_ x: Int, coverage: UInt32) {
        words.append(CoverageRecording.pixelKind << 62 | UInt64(coverage) << 16 | UInt64(truncatingIfNeeded: x))
    }

    @inline(__always) mutating func four(_ x: Int, coverages: (UInt16, UInt16, UInt16, UInt16)) {
        let packed = UInt64(coverages.0) | UInt64(coverages.1) << 9 | UInt64(coverages.2) << 18 | UInt64(coverages.3) << 27
        words.append(CoverageRecording.fourKind << 62 | packed << 16 | UInt64(truncatingIfNeeded: x))
    }

    @inline(__always) mutating func run(_ x: Int, count: Int, coverage: UInt32) {
        words.append(
            CoverageRecording.runKind << 62 | UInt64(coverage) << 32 | UInt64(truncatingIfNeeded: count) << 16
                | UInt64(truncatingIfNeeded: x))
    }
}

extension RasterCanvas {
    /// Fills a placed path as `fill(_:paint:rule:composite:opacity:)` does, non-zero, and records what it
    /// painted in `recording`. Nil when that cannot be recorded — a paint that is not one colour, a blend
    /// other than painting over or adding, a clip off whole pixels, a canvas over 65,535 pixels wide —: the
    /// path is filled all the same.
    public mutating func fill(
        _ placed: PlacedPath, paint: Paint, composite: CompositeOperator = .sourceOver, opacity: Double = 1,
        recordingInto recording: inout CoverageRecording
    ) -> CoverageRecording.Entry? {
        let sampler = PaintSampler(paint, transform: transform, opacity: opacity)
        let painting = ShapePainting(sampler, rule: .nonZero, composite: composite, clip: clip, left: 0)
        guard painting.isRecordable, bitmap.width <= Int(UInt16.max) else {
            fill(placed, paint: paint, composite: composite, opacity: opacity)
            return nil
        }
        var recorder = WordRecorder(words: [])
        swap(&recorder.words, &recording.words)
        let start = recorder.words.count
        fill(placed, sampler, rule: .nonZero, composite: composite, recorder: &recorder)
        swap(&recorder.words, &recording.words)
        return CoverageRecording.Entry(
            words: start..<recording.words.count, width: bitmap.width, height: bitmap.height, rowOffset: rowOffset)
    }

    /// Paints what the recorded fill `entry` painted, now with `paint`, exactly as filling its path with
    /// `paint` would (under the clip it was recorded with). False, painting nothing, when `paint` is not one
    /// colour, `composite` neither paints over nor adds, this canvas's bitmap is not the size and rows of the
    /// one recorded on, or the recording no longer holds the entry's words.
    public mutating func replay(
        _ entry: CoverageRecording.Entry, of recording: CoverageRecording, paint: Paint,
        composite: CompositeOperator = .sourceOver, opacity: Double = 1
    ) -> Bool {
        let sampler = PaintSampler(paint, transform: transform, opacity: opacity)
        guard sampler.isSolid, composite == .sourceOver || composite == .additive,
              entry.width == bitmap.width, entry.height == bitmap.height, entry.rowOffset == rowOffset,
              entry.words.upperBound <= recording.words.count
        else { return false }
        let source = PackedPixel(sampler).value, additive = composite == .additive
        let pixelCount = bitmap.width * bitmap.height
        return recording.words.withUnsafeBufferPointer { words in
            // An entry kept after its recording was emptied and filled again (on a larger canvas, say) reads
            // words it did not record: refused whole, before a pixel is painted, when any reaches outside.
            guard Self.staysInside(pixelCount, words[entry.words]) else { return false }
            bitmap.pixels.withUnsafeMutableBytes { bytes in
                let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                if additive {
                    Self.replay(words[entry.words], into: pixels, source: source, AddLight.self)
                } else {
                    Self.replay(words[entry.words], into: pixels, source: source, PaintOver.self)
                }
            }
            return true
        }
    }

    /// Whether every word paints within the first `pixelCount` pixels.
    private static func staysInside(_ pixelCount: Int, _ words: Slice<UnsafeBufferPointer<UInt64>>) -> Bool {
        var rowStart = 0
        for bits in words {
            let word = RecordedWord(bits)
            if word.kind == CoverageRecording.rowKind {
                rowStart = word.rowStart
            } else if rowStart + word.x + word.pixels > pixelCount {
                return false
            }
        }
        return true
    }

    /// Paints the recorded words with `source`, as the sweep that recorded them painted.
    private static func replay<Blend: PackedBlend>(
        _ words: Slice<UnsafeBufferPointer<UInt64>>, into pixels: UnsafeMutablePointer<UInt32>, source: UInt32, _ blend: Blend.Type
    ) {
        var row = pixels
        for bits in words {
            let word = RecordedWord(bits)
            let x = word.x
            switch word.kind {
            case CoverageRecording.rowKind:
                row = pixels + word.rowStart
            case CoverageRecording.pixelKind:
                row[x] = Blend.one(row[x], source: PackedPixel.scale(source, by: word.coverage))
            case CoverageRecording.fourKind:
                Blend.four(row + x, source: source, coverages: word.fourCoverages)
            default:
                Blend.run(row + x, count: word.pixels, source: PackedPixel.scale(source, by: word.coverage))
            }
        }
    }
}

/// One recorded word read back, as `WordRecorder` writes it.
private struct RecordedWord {
    let bits: UInt64

    init(_ bits: UInt64) { self.bits = bits }

    var kind: UInt64 { bits >> 62 }
    /// The row's first pixel in the bitmap (a row word).
    var rowStart: Int { Int(truncatingIfNeeded: bits & 0xFFFF_FFFF_FFFF) }
    /// The first pixel painted, from the row's cell 0.
    var x: Int { Int(truncatingIfNeeded: bits & 0xFFFF) }
    /// How many pixels it paints: one, four, or a run's count.
    var pixels: Int {
        switch kind {
        case CoverageRecording.pixelKind: 1
        case CoverageRecording.fourKind: 4
        default: Int(truncatingIfNeeded: (bits >> 16) & 0xFFFF)
        }
    }
    /// A pixel's or a run's coverage (0…256).
    var coverage: UInt32 {
        UInt32(truncatingIfNeeded: kind == CoverageRecording.pixelKind ? (bits >> 16) & 0x1FF : (bits >> 32) & 0x1FF)
    }
    /// The four pixels' coverages.
    var fourCoverages: (UInt16, UInt16, UInt16, UInt16) {
        func coverage(_ shift: UInt64) -> UInt16 { UInt16(truncatingIfNeeded: (bits >> shift) & 0x1FF) }
        return (coverage(16), coverage(25), coverage(34), coverage(43))
    }
}
