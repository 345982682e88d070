/// One feature of a lumi: a base value and the oscillator that moves it.
public struct FeatureSetting: Hashable, Sendable, Codable {
    public var base: Double
    public var oscillator: Oscillator

    public init(_ base: Double, _ oscillator: Oscillator = .silent) {
        self.base = base
        self.oscillator = oscillator
    }

    /// The unlimited value at `moment`: base plus oscillator.
    @inline(__always)
    public func rawValue(at moment: Moment) -> Double {
        oscillator.depth == 0 ? base + oscillator.offset : base + oscillator.value(at: moment)
    }
}
