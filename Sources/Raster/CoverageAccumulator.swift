import CRasterBuiltins
import Geometry
import Synchronization

/// Exact-area anti-aliasing: how much of each pixel a polygon covers, by signed-area accumulation.
///
/// Every edge adds, to each pixel cell it passes, the signed area between itself and the cell's right side
/// (and the rest of its height to the next cell); a running sum along a row then gives each pixel's
/// winding-weighted coverage. The result is the exact area of the pixel inside the polygon wherever edges
/// do not overlap within one pixel, for any number of subpaths, in time proportional to the outline's
/// length plus the region's area. The region is the shape's bounding box, not the whole picture.
struct CoverageAccumulator {
    private(set) var originX = 0, originY = 0, width = 0, height = 0
    private var storage = CellStorage(capacity: 0, rows: 0, blockWords: 0)

    /// Row length in cells: two spare columns take edges clamped to the right side.
    var stride: Int { width + 2 }

    /// The `stride × height` cells of the region, row by row. Zero between shapes: whoever reads them
    /// clears them as it goes.
    var cells: UnsafeMutablePointer<Float> { storage.pointer }

    /// For each row, the first and last cell any edge touched (first > last when none did): outside
    /// them a row's coverage is constant, so a reader need not look there.
    var touchedFirst: UnsafeMutablePointer<Int32> { storage.touchedFirst }
    var touchedLast: UnsafeMutablePointer<Int32> { storage.touchedLast }

    /// For each row, `blockWords` words with a bit for every block of `blockSize` cells that an edge
    /// touched: a reader skips the rest, where every cell is zero, without looking at them.
    var touchedBlocks: UnsafeMutablePointer<UInt64> { storage.touchedBlocks }
    private(set) var blockWords = 1
    /// Cells a block, as a power of two: 64 for a narrow region (a small shape's row is one block, read eight
    /// cells at a time), 8 for a wider one, where reading the empty cells between a row's edges would cost more
    /// than stepping over their blocks (from about 48 px across: circles of radius 24–64 draw 3–13 % faster
    /// than with blocks of 64 up to 256 px, those of radius 8 2.6 % slower).
    private(set) var blockShift = 6
    var blockSize: Int { 1 << blockShift }
    /// The widest region (in cells) given blocks of 64.
    static var narrowWidth: Int { 32 }

    /// Starts a new region of `width × height` pixels whose top left pixel is (x, y).
    mutating func reset(x: Int, y: Int, width: Int, height: Int) {
        originX = x
        originY = y
        self.width = width
        self.height = height
        let count = (width + 2) * height
        blockShift = width <= Self.narrowWidth ? 6 : 3
        blockWords = (width + 2 + 64 * blockSize - 1) / (64 * blockSize)
        let words = blockWords * height
        // A copy of a canvas shares its scratch cells until one of them draws: then it takes its own.
        let moreCells = storage.capacity < count, moreRows = storage.rowCapacity < height
        let moreWords = storage.blockWordCapacity < words
        if moreCells || moreRows || moreWords || !isKnownUniquelyReferenced(&storage) {
            // Each dimension grows on its own, by doubling, only when it must.
            storage = CellStorage(
                capacity: moreCells ? max(count, 2 * storage.capacity) : storage.capacity,
                rows: moreRows ? max(height, 2 * storage.rowCapacity) : storage.rowCapacity,
                blockWords: moreWords ? max(words, 2 * storage.blockWordCapacity) : storage.blockWordCapacity)
        }
        touchedFirst.update(repeating: Int32.max, count: height)
        touchedLast.update(repeating: -1, count: height)
        touchedBlocks.update(repeating: 0, count: words)
    }

    /// Adds the edge from `p0` to `p1` (device coordinates). The parts left or right of the region count
    /// as vertical edges along its sides, which leaves the coverage inside it exact.
    @inline(__always)
    func addEdge(from p0: Point, to p1: Point) {
        let x0 = Float(p0.x - Double(originX)), y0 = Float(p0.y - Double(originY))
        let x1 = Float(p1.x - Double(originX)), y1 = Float(p1.y - Double(originY))
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        if y0 < y1 { clipAndAccumulate(x0, y0, x1, y1, direction: 1) } else { clipAndAccumulate(x1, y1, x0, y0, direction: -1) }
    }

    /// `y0 < y1`: clips to the region's rows, and splits at its sides.
    @inline(__always)
    private func clipAndAccumulate(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, direction: Float) {
        let h = Float(height), w = Float(width)
        guard y1 > 0, y0 < h else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var ax = x0, ay = y0, bx = x1, by = y1
        if ay < 0 { ax -= ay * dxdy; ay = 0 }
        if by > h { bx -= (by - h) * dxdy; by = h }
        guard by > ay else { return }
        if ax >= 0, ax <= w, bx >= 0, bx <= w {
            accumulate(ax, ay, bx, by, dxdy: dxdy, direction: direction)
            return
        }
        splitAtSides(ax, ay, bx, by, dxdy: dxdy, w: w, direction: direction)
    }

    /// The rare edge that leaves the region sideways: the parts outside become vertical edges on its sides.
    private func splitAtSides(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float, dxdy: Float, w: Float, direction: Float) {
        func crossing(_ side: Float) -> Float? {
            (ax - side) * (bx - side) < 0 ? ay + (side - ax) / (bx - ax) * (by - ay) : nil
        }
        func x(at y: Float) -> Float { y >= by ? bx : ax + (y - ay) * dxdy }
        var first = crossing(0) ?? by, second = crossing(w) ?? by
        if first > second { swap(&first, &second) }
        var startY = ay
        for end in [first, second, by] where end > startY {
            let startX = min(max(x(at: startY), 0), w), endX = min(max(x(at: end), 0), w)
            accumulate(startX, startY, endX, end, dxdy: (endX - startX) / (end - startY), direction: direction)
            startY = end
        }
    }

    /// Marks the blocks of cells `first...last` of `row` as touched.
    @inline(__always)
    private func markBlocks(row: Int, from first: Int, through last: Int) {
        // Shifts that mask their amount (one instruction each: `blockShift` is 3 or 6, a bit's place 0…63).
        let words = touchedBlocks + row &* blockWords
        var block = first &>> blockShift
        let lastBlock = last &>> blockShift
        while block <= lastBlock {
            words[block &>> 6] |= 1 &<< UInt64(block & 63)
            block &+= 1
        }
    }

    /// The core: an edge with 0 ≤ x ≤ width and 0 ≤ y0 < y1 ≤ height, winding `direction`.
    @inline(__always)
    private func accumulate(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, dxdy: Float, direction: Float) {
        // An edge a hair high and wide has an infinite slope: it covers nothing. Any other keeps x within the
        // region (give or take rounding), so the conversions below need no checks, and the cells' indices
        // (within the region, far from overflowing) are worked out without overflow checks.
        guard dxdy.isFinite else { return }
        let a = cells, stride = self.stride
        var x = x0
        var row = Int(imager_truncate(y0))
        var top = y0
        while top < y1 {
            let bottom = min(Float(row &+ 1), y1)
            let dy = bottom - top
            let xNext = x + dxdy * dy
            let d = dy * direction
            let (left, right) = x < xNext ? (x, xNext) : (xNext, x)
            // Both are ≥ 0 here, so truncation is the floor.
            let li = Int(imager_truncate(left))
            let leftFloor = Float(li)
            var ri = Int(imager_truncate(right))
            if Float(ri) < right { ri &+= 1 }
            let line = a + row &* stride
            let lastTouched = max(ri, li &+ 1)
            touchedFirst[row] = min(touchedFirst[row], Int32(truncatingIfNeeded: li))
            touchedLast[row] = max(touchedLast[row], Int32(truncatingIfNeeded: lastTouched))
            markBlocks(row: row, from: li, through: lastTouched)
            if ri <= li &+ 1 {
                // Within one cell: the area right of the edge's mid x goes to this cell, the rest on.
                let middle = 0.5 * (x + xNext) - leftFloor
                line[li] += d - d * middle
                line[li &+ 1] += d * middle
            } else {
                // Across several cells: a triangle in the first, trapezoids between, a triangle in the last.
                let s = 1 / (right - left)
                let leftFraction = left - leftFloor
                let a0 = 0.5 * s * (1 - leftFraction) * (1 - leftFraction)
                let rightFraction = right - Float(ri) + 1
                let am = 0.5 * s * rightFraction * rightFraction
                line[li] += d * a0
                if ri == li &+ 2 {
                    line[li &+ 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - leftFraction)
                    line[li &+ 1] += d * (a1 - a0)
                    var xi = li &+ 2
                    while xi < ri &- 1 {
                        line[xi] += d * s
                        xi &+= 1
                    }
                    let a2 = a1 + Float(ri &- li &- 3) * s
                    line[ri &- 1] += d * (1 - a2 - am)
                }
                line[ri] += d * am
            }
            x = xNext
            top = bottom
            row &+= 1
        }
    }
}

/// Scratch cells owned by one accumulator, zero whenever no shape is being drawn.
// Safe to send: an accumulator writes its cells only after `isKnownUniquelyReferenced` has told it that it
// is their only owner, so no two threads ever write one storage.
final class CellStorage: @unchecked Sendable {
    private let buffers: ScratchBuffers

    var pointer: UnsafeMutablePointer<Float> { buffers.cells }
    var capacity: Int { buffers.cellCapacity }
    var touchedFirst: UnsafeMutablePointer<Int32> { buffers.touchedFirst }
    var touchedLast: UnsafeMutablePointer<Int32> { buffers.touchedLast }
    var rowCapacity: Int { buffers.rowCapacity }
    var touchedBlocks: UnsafeMutablePointer<UInt64> { buffers.touchedBlocks }
    var blockWordCapacity: Int { buffers.blockWordCapacity }

    /// Storage for at least `capacity` cells, `rows` rows and `blockWords` words of touched blocks: recycled
    /// from an earlier canvas (already zero) when one is free, as each new picture would otherwise pay for
    /// zeroing megabytes of cells again.
    init(capacity: Int, rows: Int, blockWords: Int) {
        buffers = ScratchBuffers.recycled(cells: capacity, rows: rows, blockWords: blockWords)
            ?? ScratchBuffers(cells: capacity, rows: rows, blockWords: blockWords)
    }

    deinit { buffers.recycle() }
}

/// The raw memory of a `CellStorage`, and a small pool of it for reuse.
struct ScratchBuffers: @unchecked Sendable {
    // Safe to send: the pool hands each buffer to one storage at a time, under its lock.
    let cells: UnsafeMutablePointer<Float>
    let cellCapacity: Int
    let touchedFirst: UnsafeMutablePointer<Int32>
    let touchedLast: UnsafeMutablePointer<Int32>
    let rowCapacity: Int
    let touchedBlocks: UnsafeMutablePointer<UInt64>
    let blockWordCapacity: Int

    init(cells count: Int, rows: Int, blockWords: Int) {
        cellCapacity = max(count, 1)
        rowCapacity = max(rows, 1)
        cells = .allocate(capacity: cellCapacity)
        cells.initialize(repeating: 0, count: cellCapacity)
        touchedFirst = .allocate(capacity: rowCapacity)
        touchedFirst.initialize(repeating: Int32.max, count: rowCapacity)
        touchedLast = .allocate(capacity: rowCapacity)
        touchedLast.initialize(repeating: -1, count: rowCapacity)
        blockWordCapacity = max(blockWords, 1)
        touchedBlocks = .allocate(capacity: blockWordCapacity)
        touchedBlocks.initialize(repeating: 0, count: blockWordCapacity)
    }

    /// The pool keeps at most this many buffers, of at most this many cells in all (256 MB).
    private static let poolLimit = 4
    private static let poolCellLimit = 64 << 20
    private static let pool = Mutex<[ScratchBuffers]>([])

    static func recycled(cells count: Int, rows: Int, blockWords: Int) -> ScratchBuffers? {
        pool.withLock { free in
            // The smallest that is big enough, so the large ones stay for large shapes.
            guard let index = free.lastIndex(where: {
                $0.cellCapacity >= count && $0.rowCapacity >= rows && $0.blockWordCapacity >= blockWords
            }) else { return nil }
            return free.remove(at: index)
        }
    }

    /// Gives the buffer back to the pool, which keeps the largest few and frees the rest.
    func recycle() {
        let evicted = Self.pool.withLock { free -> [ScratchBuffers] in
            free.append(self)
            free.sort { $0.cellCapacity > $1.cellCapacity }
            var evicted: [ScratchBuffers] = []
            while free.count > Self.poolLimit || free.reduce(0, { $0 + $1.cellCapacity }) > Self.poolCellLimit {
                evicted.append(free.removeLast())
            }
            return evicted
        }
        for buffers in evicted {
            buffers.cells.deallocate()
            buffers.touchedFirst.deallocate()
            buffers.touchedLast.deallocate()
            buffers.touchedBlocks.deallocate()
        }
    }
}
