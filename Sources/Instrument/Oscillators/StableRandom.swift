/// Deterministic pseudo-random numbers from integer keys (SplitMix64's finaliser): the same seed and index
/// give the same number on every machine and every run, which is what makes a performance replayable.
public enum StableRandom {
    /// A well-mixed 64-bit value of `seed` and `index`.
    @inline(__always)
    public static func bits(_ seed: UInt64, _ index: Int64) -> UInt64 {
        var z = seed &+ UInt64(bitPattern: index) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1.
    @inline(__always)
    public static func unit(_ seed: UInt64, _ index: Int64) -> Double {
        Double(bits(seed, index) >> 11) * 0x1.0p-53
    }

    /// A new seed derived from `seed` and `salt`, for giving each part of a thing its own stream.
    @inline(__always)
    public static func derive(_ seed: UInt64, _ salt: UInt64) -> UInt64 { bits(seed ^ salt, 0x5EED) }
}
