// The common case of compositing coverage — non-zero fills painted over or added, in packed 8-bit pixels —
// as a sweep along each row's cells, stepping over what no edge touched.


/// A row of cells with what the accumulator knows of where its edges are: the first and last cell touched,
/// and which blocks of cells were.
struct TouchedRow {
    let cells: UnsafeMutablePointer<Float>
    let blocks: UnsafeMutablePointer<UInt64>
    let first: Int
    let last: Int
    let width: Int
    /// Cells a block of `blocks`, as a power of two.
    let blockShift: Int

    /// The common case's row — non-zero, painted over or added — in one tight loop: edge cells one by one,
    /// the runs between them whole (four pixels at a time for one colour).
    @inline(__always)
    func sweep<Blend: PackedBlend, Paint: RowPaint, Recorder: CoverageRecorder>(
        into pixels: UnsafeMutablePointer<UInt32>, _ blend: Blend.Type, paint: Paint, recorder: inout Recorder
    ) {
        let line = cells
        var sum: Float = 0
        var column = first
        let end = min(last, width - 1)  // cells past the last pixel hold edges clamped to the right side
        while column <= end {
            let cell = line[column]
            if cell != 0, let constant = paint.constant, column &+ 3 < width {
                // Four cells at once: their sums one after another, as below, then the pixels blended together.
                // Those past the last edge are zero: their pixels take the coverage the run after it gives them.
                let one = sum + cell, second = one + line[column &+ 1]
                let third = second + line[column &+ 2], fourth = third + line[column &+ 3]
                UnsafeMutableRawPointer(line + column).storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
                // (Coverage of 1/512 or less rounds to 0 or 1, which leaves a pixel as it is, as skipping it does.)
                let sums = SIMD4<Float>(one, second, third, fourth)
                var magnitudes = sums.replacing(with: -sums, where: sums .< 0)
                magnitudes.replace(with: 1, where: magnitudes .> 1)
                let coverages = PackedPixel.coverages(magnitudes)
                recorder.four(column, coverages: coverages)
                Blend.four(pixels + column, source: constant, coverages: coverages)
                sum = fourth
                column &+= 4
                continue
            }
            if cell != 0 {
                sum += cell
                line[column] = 0
                let amount = min(abs(sum), 1)
                if amount > 1.0 / 512 {
                    let coverage = PackedPixel.coverage(amount)
                    recorder.pixel(column, coverage: coverage)
                    pixels[column] = Blend.one(pixels[column], source: PackedPixel.scale(paint.color(at: column), by: coverage))
                }
                column &+= 1
                continue
            }
            let next = nextNonzero(from: column &+ 1, through: end)
            Self.paintRun(pixels, from: column, count: next &- column, sum: sum, Blend.self, paint: paint, recorder: &recorder)
            column = next
        }
        let tail = max(column, end &+ 1)
        // Past the last edge the coverage stays as it is.
        Self.paintRun(pixels, from: tail, count: width &- tail, sum: sum, Blend.self, paint: paint, recorder: &recorder)
        for spare in max(width, first)...(width &+ 1) where spare <= last { line[spare] = 0 }
    }

    /// `count` pixels from `start` at the coverage of the running sum `sum`: whole for one colour.
    @inline(__always)
    private static func paintRun<Blend: PackedBlend, Paint: RowPaint, Recorder: CoverageRecorder>(
        _ pixels: UnsafeMutablePointer<UInt32>, from start: Int, count: Int, sum: Float, _ blend: Blend.Type, paint: Paint,
        recorder: inout Recorder
    ) {
        let amount = min(abs(sum), 1)
        guard amount > 1.0 / 512, count > 0 else { return }
        let coverage = PackedPixel.coverage(amount)
        if let constant = paint.constant {
            recorder.run(start, count: count, coverage: coverage)
            Blend.run(pixels + start, count: count, source: PackedPixel.scale(constant, by: coverage))
        } else {
            for x in start..<(start &+ count) {
                recorder.pixel(x, coverage: coverage)
                pixels[x] = Blend.one(pixels[x], source: PackedPixel.scale(paint.color(at: x), by: coverage))
            }
        }
    }

    /// The first column from `start` up to `end` whose cell is not zero, or `end + 1`. Blocks no edge
    /// touched are stepped over without reading their cells; touched ones are read eight cells at a time,
    /// from wherever the search stands (into the next block, or past `end`: the row's cells are all zero or
    /// edges, so the first nonzero found is the answer or lies beyond `end`). A call of its own, never inlined:
    /// inlined, the sweep's loop runs out of registers and spills its running sum and constants at every cell
    /// (10–15 % slower, measured).
    @inline(never)
    func nextNonzero(from start: Int, through end: Int) -> Int {
        var x = start
        let rowCells = width + 2
        while x <= end {
            // Shifts that mask their amount (one instruction each: `blockShift` is 3 or 6, a bit's place 0…63).
            let block = x &>> blockShift
            if blocks[block &>> 6] & (1 &<< UInt64(block & 63)) == 0 {
                guard let touched = nextTouchedBlock(after: block) else { return end + 1 }
                x = touched &<< blockShift
                continue
            }
            guard x + 8 <= rowCells else {
                // The row's last few cells, one at a time.
                while x <= end, cells[x] == 0 { x += 1 }
                return x
            }
            // A cell is zero exactly when its bits are (an accumulated sum is never -0), so the first nonzero
            // of eight is found by its lowest set bit, two cells to a word.
            let group = UnsafeRawPointer(cells + x)
            if group.loadUnaligned(as: SIMD8<UInt32>.self) == SIMD8() { x += 8; continue }
            for pair in 0..<4 {
                let bits = group.loadUnaligned(fromByteOffset: 8 * pair, as: UInt64.self)
                if bits != 0 { return min(x + 2 * pair + (bits.trailingZeroBitCount >> 5), end + 1) }
            }
        }
        return end + 1
    }

    /// The first touched block after `block`, if any.
    @inline(__always)
    private func nextTouchedBlock(after block: Int) -> Int? {
        var candidate = block &+ 1
        let lastWord = last &>> (blockShift &+ 6)
        while candidate &>> 6 <= lastWord {
            let word = blocks[candidate &>> 6] &>> UInt64(candidate & 63)
            if word != 0 { return candidate &+ word.trailingZeroBitCount }
            candidate = (candidate | 63) &+ 1
        }
        return nil
    }
}

/// Where a row's colours come from in the packed path: one colour, or a gradient pixel by pixel.
protocol RowPaint {
    /// The colour when it is the same everywhere (runs are then painted four pixels at a time).
    var constant: UInt32? { get }
    /// The packed colour of the row's pixel `x` (counted from the region's left).
    func color(at x: Int) -> UInt32
}

struct SolidRow: RowPaint {
    let source: PackedPixel
    var constant: UInt32? { source.value }
    @inline(__always) func color(at x: Int) -> UInt32 { source.value }
}

struct GradientRow: RowPaint {
    let paint: PaintSampler
    let left: Int
    let y: Int
    /// A linear gradient's place at the row's first pixel and its step a pixel: one multiply-add a pixel
    /// instead of mapping each pixel's centre back through the transform.
    let steps: (start: Double, step: Double)?

    init(paint: PaintSampler, left: Int, y: Int) {
        self.paint = paint
        self.left = left
        self.y = y
        steps = paint.linearSteps(y: y).map { ($0.start + Double(left) * $0.step, $0.step) }
    }

    var constant: UInt32? { nil }
    @inline(__always) func color(at x: Int) -> UInt32 {
        guard let steps else { return paint.packedColor(x: left + x, y: y) }
        return paint.packedColor(along: steps.start + Double(x) * steps.step)
    }
}
