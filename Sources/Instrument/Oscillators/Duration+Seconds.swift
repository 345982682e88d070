extension Duration {
    /// The duration in seconds, as the instrument counts time (oscillators, the engine's clock, timings).
    public var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}
