import Geometry

/// Smooth one-dimensional noise −1…1: random values at whole numbers, joined by a smoothstep. Seeded and
/// stateless, so a wandering lumi is in the same place at the same moment on every replay.
public enum ValueNoise {
    @inline(__always)
    public static func sample(_ seed: UInt64, _ x: Double) -> Double {
        let floor = Turns.floor(x)
        let cell = Int64(floor.clamped(to: -9.0e15...9.0e15))
        let f = x - floor
        let smooth = f * f * (3 - 2 * f)
        let a = StableRandom.unit(seed, cell) * 2 - 1
        let b = StableRandom.unit(seed, cell + 1) * 2 - 1
        return a + (b - a) * smooth
    }

    /// The noise at a whole number `cell`: cheaper than `sample`, and equal to it there.
    @inline(__always)
    public static func atWhole(_ seed: UInt64, _ cell: Int64) -> Double {
        StableRandom.unit(seed, cell) * 2 - 1
    }
}
