extension Double {
    /// `self` limited to `range`. The models' stated rule for continuous controls: a finger or a fader
    /// that goes past an end stays at that end. NaN stays NaN, for the caller to refuse.
    @inlinable @inline(__always)
    public func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }

    /// The fractional part in 0..<1, also for negative numbers (so hues and phases wrap around); 0 for
    /// NaN and the infinities.
    @inlinable @inline(__always)
    public var wrappedUnit: Double {
        let fraction = self - Turns.floor(self)
        return fraction < 1 ? fraction : 0
    }
}
