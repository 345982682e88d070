/// One feature of a lumi: a base value and the oscillator that moves it.
public struct FeatureSetting: Hashable, Sendable, Codable {
    public var base: Double
    public var oscillator: Oscillator

    public init(_ base: Double, _ oscillator: Oscillator = .silent) {
        self.base = base
        self.oscillator = oscillator
    }

    /// The unlimited value at `moment`: base plus oscillator.
    public func rawValue(at moment: Moment) -> Double {
        Oscillator.Compiled(oscillator, base: base).value(at: moment)
    }
}
