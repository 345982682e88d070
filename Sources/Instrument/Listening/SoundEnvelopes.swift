import Foundation

/// The envelopes the performance's followers read: one per (source, attack, release), brought up to date
/// each time sound is heard. Part of the state, so a replay of the log follows the sound exactly as it was
/// followed live.
struct SoundEnvelopes: Hashable, Sendable {
    /// What makes two followers read the same envelope.
    struct Shape: Hashable, Sendable, Codable {
        var source: SoundSource
        var attack: Double
        var release: Double
    }

    /// The longest step an envelope takes between two hearings (a gap in the sound is not a long glide).
    static let longestStep = 0.1
    /// The step when nothing was heard before (a hundredth of a second, the analysis's hop).
    static let firstStep = 0.01

    private(set) var shapes: [Shape] = []
    private var index: [Shape: Int32] = [:]
    /// Each envelope's value, in the order of `shapes`.
    private(set) var values: [Double] = []
    /// When sound was last heard (nil: never).
    private(set) var heardAt: Double?
    /// The last hearing.
    private(set) var last = Heard.silence
    /// Onsets heard so far.
    private(set) var onsets = 0

    /// The slot of `shape`'s envelope, made (at rest, 0) if it is new.
    mutating func slot(for shape: Shape) -> Int32 {
        if let slot = index[shape] { return slot }
        let slot = Int32(shapes.count)
        shapes.append(shape)
        values.append(0)
        index[shape] = slot
        return slot
    }

    /// The value of `shape`'s envelope (0 for one nothing follows).
    func value(of shape: Shape) -> Double {
        index[shape].map { values[Int($0)] } ?? 0
    }

    /// Every envelope moves towards what was heard at `time`.
    mutating func hear(_ heard: Heard, at time: Double) {
        let step = heardAt.map { min(Self.longestStep, max(0, time - $0)) } ?? Self.firstStep
        for slot in shapes.indices {
            let target = heard[shapes[slot].source]
            let seconds = target > values[slot] ? shapes[slot].attack : shapes[slot].release
            let share = seconds > 0 ? 1 - exp(-step / seconds) : 1
            values[slot] += (target - values[slot]) * share
        }
        heardAt = time
        last = heard
        if heard.onset > 0 { onsets += 1 }
    }

    /// Restores envelopes read from a checkpoint, in their order.
    init(shapes: [Shape], values: [Double], heardAt: Double?, last: Heard, onsets: Int) {
        for (shape, value) in zip(shapes, values) {
            _ = slot(for: shape)
            self.values[self.values.count - 1] = value
        }
        self.heardAt = heardAt
        self.last = last
        self.onsets = onsets
    }

    init() {}
}
