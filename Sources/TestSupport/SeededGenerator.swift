import Instrument

/// A random number generator drawn from a seed, so that a seeded fuzz fails the same way every run.
public struct SeededGenerator: RandomNumberGenerator {
    private let seed: UInt64
    private var drawn: Int64 = 0

    public init(seed: UInt64) {
        self.seed = seed
    }

    public mutating func next() -> UInt64 {
        drawn += 1
        return StableRandom.bits(seed, drawn)
    }
}
