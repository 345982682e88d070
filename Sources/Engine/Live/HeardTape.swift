import Synchronization

/// The sound coming in, kept from the moment a recording starts until the listening loop takes it for the
/// recording's sound journal: a circle of samples made once, filled on the input's thread without
/// allocating (samples that do not fit, when the loop falls seconds behind, are dropped and counted).
final class HeardTape: Sendable {
    private struct Circle: @unchecked Sendable {
        let samples: UnsafeMutableBufferPointer<Float>
        var start = 0
        var count = 0
        /// The input frame of the oldest sample held.
        var firstFrame = 0
        var armed = false
        var dropped = 0
    }

    /// The input's rate and channel count: what the tape holds is at them.
    let sampleRate: Int
    let channels: Int
    private let circle: Mutex<Circle>

    /// A tape for `channels` interleaved channels holding up to `seconds` at `sampleRate`.
    init(sampleRate: Int, channels: Int, seconds: Int = 8) {
        self.sampleRate = sampleRate
        self.channels = channels
        let samples = UnsafeMutableBufferPointer<Float>.allocate(capacity: sampleRate * channels * seconds)
        samples.initialize(repeating: 0)
        circle = Mutex(Circle(samples: samples))
    }

    deinit { circle.withLock { $0.samples.deallocate() } }

    /// Starts keeping what comes in (what was kept before is let go).
    func arm() { circle.withLock { $0.armed = true; $0.count = 0; $0.start = 0; $0.dropped = 0 } }

    func disarm() { circle.withLock { $0.armed = false; $0.count = 0 } }

    /// Keeps `samples` — whose first frame is the input's frame `frame` — while armed.
    func keep(_ samples: UnsafeBufferPointer<Float>, frame: Int) {
        circle.withLock { circle in
            guard circle.armed else { return }
            if circle.count == 0 { circle.firstFrame = frame; circle.start = 0 }
            let capacity = circle.samples.count
            let room = capacity - circle.count
            let taken = min(room, samples.count)
            circle.dropped += samples.count - taken
            var index = (circle.start + circle.count) % capacity
            for sample in samples.prefix(taken) {
                circle.samples[index] = sample
                index += 1
                if index == capacity { index = 0 }
            }
            circle.count += taken
        }
    }

    /// Takes what is held: the samples and the input frame of the first; nil when nothing is.
    func take() -> (samples: [Float], firstFrame: Int)? {
        circle.withLock { circle in
            guard circle.count > 0 else { return nil }
            let capacity = circle.samples.count
            var taken = [Float](repeating: 0, count: circle.count)
            var index = circle.start
            for i in 0..<circle.count {
                taken[i] = circle.samples[index]
                index += 1
                if index == capacity { index = 0 }
            }
            let first = circle.firstFrame
            circle.firstFrame += circle.count / channels
            circle.start = index
            circle.count = 0
            return (taken, first)
        }
    }
}
