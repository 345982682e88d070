import Dispatch
import Foundation
import Raster

/// Exports frames in stages on threads of their own, each a few frames ahead of the next: one draws them,
/// one may convert them (to PNG for files), and the caller writes them. A stage waiting on the one after it —
/// ffmpeg not reading while its encoder threads are busy — leaves the stages before it free to run on, so
/// the cores stay busy. Frames are delivered in order.
public enum FramePipeline {
    /// How many frames may wait between two stages.
    public static let depth = 2

    /// The most frames drawn by `render` that are alive at once: one being drawn, `depth` waiting, one being
    /// converted or written. A renderer that reuses its frame buffers needs this many.
    public static let framesInFlight = depth + 2

    /// Three stages: `render` on a thread of its own, `convert` on `converters` threads (frame i on thread
    /// i mod `converters`, each frame converted alone, so the frames come out in order), `consume` on the caller's.
    public static func run<Drawn: Sendable, Converted: Sendable>(
        count: Int, render: @escaping @Sendable (Int) -> Drawn, convert: @escaping @Sendable (Drawn) -> Converted,
        converters: Int = 1, consume: (Int, Converted) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let lanes = max(1, min(converters, count))
        let drawn = FrameHandoff<Drawn>(capacity: depth)
        let toConvert = (0..<lanes).map { _ in FrameHandoff<Drawn>(capacity: 1) }
        let converted = (0..<lanes).map { _ in FrameHandoff<Converted>(capacity: depth) }
        let stages = DispatchGroup()
        let everything = [drawn] + toConvert
        draw(count, with: render, into: drawn, group: stages)
        // Deals the drawn frames out to the converters in turn.
        DispatchQueue(label: "imager.deal").async(group: stages) {
            var index = 0
            while let frame = drawn.take(), toConvert[index % lanes].put(frame) { index += 1 }
            drawn.cancel()  // stops the drawing when the converters were stopped early
            toConvert.forEach { $0.finish() }
        }
        for lane in 0..<lanes {
            DispatchQueue(label: "imager.convert").async(group: stages) {
                while let frame = toConvert[lane].take() {
                    guard converted[lane].put(convert(frame)) else { break }
                }
                toConvert[lane].cancel()
                converted[lane].finish()
            }
        }
        // However this ends — done, or a write failed — the stages are stopped and waited for.
        defer {
            everything.forEach { $0.cancel() }
            converted.forEach { $0.cancel() }
            stages.wait()
        }
        var index = 0
        while let value = converted[index % lanes].take() {
            try consume(index, value)
            index += 1
        }
    }

    /// Two stages: `render` on a thread of its own, `consume` on the caller's.
    public static func run<Drawn: Sendable>(
        count: Int, render: @escaping @Sendable (Int) -> Drawn, consume: (Int, Drawn) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let drawn = FrameHandoff<Drawn>(capacity: depth)
        let stages = DispatchGroup()
        draw(count, with: render, into: drawn, group: stages)
        defer {
            drawn.cancel()
            stages.wait()
        }
        try deliver(drawn, to: consume)
    }

    /// The first stage: frames 0..<count drawn in order on a thread of its own, until `output` is cancelled.
    private static func draw<Drawn>(
        _ count: Int, with render: @escaping @Sendable (Int) -> Drawn, into output: FrameHandoff<Drawn>, group: DispatchGroup
    ) {
        DispatchQueue(label: "imager.render").async(group: group) {
            for index in 0..<count {
                guard output.put(render(index)) else { break }
            }
            output.finish()
        }
    }

    /// The last stage, on the caller's thread: each frame handed to `consume` with its index, in order.
    private static func deliver<Value>(_ input: FrameHandoff<Value>, to consume: (Int, Value) throws -> Void) throws {
        var index = 0
        while let value = input.take() {
            try consume(index, value)
            index += 1
        }
    }
}

/// A bounded first-in first-out hand-off of values from one thread to another. `put` waits while it is full
/// and `take` while it is empty; once cancelled, both return at once and what was waiting is dropped.
final class FrameHandoff<Value: Sendable>: @unchecked Sendable {
    // Safe to send: every field is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var values: [Value] = []
    private let capacity: Int
    private var finished = false
    private var cancelled = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Hands `value` on, after waiting for room; false when cancelled (the value is dropped).
    func put(_ value: Value) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while values.count >= capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        values.append(value)
        condition.broadcast()
        return true
    }

    /// The next value, after waiting for one; nil once the producer has finished and all are taken, or
    /// when cancelled.
    func take() -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while values.isEmpty, !finished, !cancelled { condition.wait() }
        guard !cancelled, !values.isEmpty else { return nil }
        let value = values.removeFirst()
        condition.broadcast()
        return value
    }

    /// The producer puts no more.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops both sides: waiting values are dropped, and `put` and `take` return at once from now on.
    func cancel() {
        condition.lock()
        cancelled = true
        values.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
