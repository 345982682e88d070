/// Plays a colour selection through its ranges over time, as the canvas background does in seed 001: the
/// hue and the purity each travel from the lower to the upper end of their range and back.
public struct Pulse: Hashable, Sendable, Codable {
    public var waveform: Waveform
    public var rate: OscillatorRate
    /// How far behind the hue the purity travels, in cycles (0.25 makes the two trace an ellipse).
    public var purityLag: Double

    public init(waveform: Waveform = .triangle, rate: OscillatorRate = .beats(8), purityLag: Double = 0.25) {
        self.waveform = waveform
        self.rate = rate
        self.purityLag = purityLag
    }

    /// The position 0…1 through the ranges at `moment`, with the given lag in cycles.
    @inline(__always)
    public func position(at moment: Moment, lag: Double = 0) -> Double {
        let oscillator = Oscillator(waveform, rate: rate, phase: -lag)
        return (1 + oscillator.value(at: moment)) / 2
    }

    /// The colour of `selection` at `moment`.
    public func color(of selection: ColorSelection, at moment: Moment) -> HSVColor {
        selection.color(
            huePosition: position(at: moment),
            purityPosition: position(at: moment, lag: purityLag))
    }

    public func validate() throws(InstrumentError) {
        try Oscillator(waveform, rate: rate).validate()
        _ = try purityLag.checked("pulse purity lag", in: -1...1)
    }
}
