import Foundation

/// The envelopes the performance's followers read: one per (source, attack, release), brought up to date
/// each time sound is heard, and falling to rest at their release on the performance's clock when it is not
/// (an input unplugged, stalled, or let go). Part of the state, so a replay of the log follows the sound
/// exactly as it was followed live.
///
/// Their number is bounded whatever clients send: at most `shapesPerSource` shapes of each source; a
/// follower asking for another shares the one nearest to it (in attack and release, on a log scale).
struct SoundEnvelopes: Hashable, Sendable {
    /// What makes two followers read the same envelope.
    struct Shape: Hashable, Sendable, Codable {
        var source: SoundSource
        var attack: Double
        var release: Double
    }

    /// How long a hearing holds its values before they fall (three hops of the analysis): frames drawn
    /// between two hearings see no dip, and the longest step an envelope takes towards a hearing.
    static let hold = 0.03
    /// The step when nothing was heard before (a hundredth of a second, the analysis's hop).
    static let firstStep = 0.01
    /// The most envelopes of one source (so at most 96 in all).
    static let shapesPerSource = 16

    private(set) var shapes: [Shape] = []
    private var index: [Shape: Int32] = [:]
    /// Each envelope's value when last heard, in the order of `shapes`.
    private(set) var values: [Double] = []
    /// When sound was last heard (nil: never).
    private(set) var heardAt: Double?
    /// The last hearing.
    private(set) var last = Heard.silence
    /// Onsets heard so far.
    private(set) var onsets = 0

    /// From when the values fall at their release: a hold after a hearing, at once after silence (the
    /// listening says so when its input stops).
    var fallsFrom: Double? {
        heardAt.map { last == .silence ? $0 : $0 + Self.hold }
    }

    /// The slot of `shape`'s envelope, made (at rest, 0) if it is new and its source has room, else the
    /// nearest of its source's.
    mutating func slot(for shape: Shape) -> Int32 {
        if let slot = index[shape] { return slot }
        let sameSource = shapes.indices.filter { shapes[$0].source == shape.source }
        if sameSource.count >= Self.shapesPerSource, let nearest = sameSource.min(by: { Self.distance(shapes[$0], shape) < Self.distance(shapes[$1], shape) }) {
            return Int32(nearest)
        }
        let slot = Int32(shapes.count)
        shapes.append(shape)
        values.append(0)
        index[shape] = slot
        return slot
    }

    /// How far apart two shapes of one source feel: their attacks' and releases' ratios (a millisecond
    /// counts as zero).
    private static func distance(_ a: Shape, _ b: Shape) -> Double {
        func log(_ seconds: Double) -> Double { Foundation.log(max(seconds, 0.001)) }
        return abs(log(a.attack) - log(b.attack)) + abs(log(a.release) - log(b.release))
    }

    /// The value of `shape`'s envelope at `time` (0 for one nothing follows).
    func value(of shape: Shape, at time: Double) -> Double {
        index[shape].map { value(at: Int($0), time: time) } ?? 0
    }

    /// The value of the envelope in `slot` at `time`: as last heard, fallen at its release since.
    private func value(at slot: Int, time: Double) -> Double {
        guard let fallsFrom, time > fallsFrom else { return values[slot] }
        let release = shapes[slot].release
        return release > 0 ? values[slot] * exp(-(time - fallsFrom) / release) : 0
    }

    /// Calls `body` with every envelope's value at `time`, in slot order, without allocating on the heap.
    func withValues<R>(at time: Double, _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: values.count) { buffer in
            for slot in values.indices { buffer.initializeElement(at: slot, to: value(at: slot, time: time)) }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// Every envelope moves towards what was heard at `time`: a step at its attack or release over the gap
    /// since the last hearing as far as that hearing held, and a fall at its release over the rest.
    mutating func hear(_ heard: Heard, at time: Double) {
        let step = heardAt.map { heardAt in min(max(0, time - heardAt), (fallsFrom ?? heardAt) - heardAt) } ?? Self.firstStep
        for slot in shapes.indices {
            let now = value(at: slot, time: time)
            let target = heard[shapes[slot].source]
            let seconds = target > now ? shapes[slot].attack : shapes[slot].release
            let share = seconds > 0 ? 1 - exp(-step / seconds) : 1
            values[slot] = now + (target - now) * share
        }
        heardAt = time
        last = heard
        if heard.onset > 0 { onsets += 1 }
    }

    /// Restores envelopes read from a checkpoint, in their order (those past a source's room are let go:
    /// their followers share the nearest).
    init(shapes: [Shape], values: [Double], heardAt: Double?, last: Heard, onsets: Int) {
        for (shape, value) in zip(shapes, values) {
            let slot = Int(slot(for: shape))
            if self.shapes[slot] == shape { self.values[slot] = value }
        }
        self.heardAt = heardAt
        self.last = last
        self.onsets = onsets
    }

    init() {}
}
