/// Sound in memory: frames of 32-bit float samples, interleaved by channel, at one sample rate — what a decoded
/// audio file holds and what the mixer reads.
public struct AudioBuffer: Hashable, Sendable {
    public let sampleRate: Int
    public let channelCount: Int
    /// The samples, frame after frame: `channelCount` samples to a frame.
    public let samples: [Float]

    public var frameCount: Int { samples.count / channelCount }
    /// How long the sound lasts, in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// A buffer of `samples` (interleaved, a whole number of frames) at `sampleRate`; nil when the numbers
    /// cannot describe sound (no channels, a rate outside 1 Hz…1 MHz, a frame cut short, a sample not finite).
    public init?(sampleRate: Int, channelCount: Int, samples: [Float]) {
        guard (1...1_000_000).contains(sampleRate), (1...64).contains(channelCount),
              samples.count % channelCount == 0, samples.allSatisfy(\.isFinite) else { return nil }
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.samples = samples
    }

    /// A buffer of one channel's samples; nil as for `init(sampleRate:channelCount:samples:)`.
    public init?(sampleRate: Int, mono samples: [Float]) {
        self.init(sampleRate: sampleRate, channelCount: 1, samples: samples)
    }
}
