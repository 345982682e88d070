/// Plays a colour selection through its ranges over time, as the canvas background does in seed 001: the
/// hue and the purity each travel from the lower to the upper end of their range and back.
public struct Pulse: Hashable, Sendable {
    public var waveform: Waveform
    public var rate: OscillatorRate
    /// How far behind the hue the purity travels, in cycles (0.25 makes the two trace an ellipse).
    public var purityLag: Double
    /// How much of the ranges the pulse travels, 0…1, around their centres: 1 plays from end to end, 0 holds
    /// the centre colour.
    public var depth: Double
    /// The sound heard it follows as well, if any: `amount` × the envelope moves the colour further through
    /// the ranges (absent from files written before the instrument listened).
    public var follow: SoundFollow?

    public init(
        waveform: Waveform = .triangle, rate: OscillatorRate = .beats(8), purityLag: Double = 0.25, depth: Double = 1,
        follow: SoundFollow? = nil
    ) {
        self.waveform = waveform
        self.rate = rate
        self.purityLag = purityLag
        self.depth = depth
        self.follow = follow
    }

    /// The position 0…1 through the ranges at `moment`, with the given lag in cycles.
    @inline(__always)
    public func position(at moment: Moment, lag: Double = 0) -> Double {
        let oscillator = Oscillator(waveform, rate: rate, phase: -lag)
        return (1 + depth * oscillator.value(at: moment)) / 2
    }

    /// The colour of `selection` at `moment`, moved `lift` further through the ranges (what the sound followed
    /// adds; positions are kept in 0…1).
    public func color(of selection: ColorSelection, at moment: Moment, lift: Double = 0) -> HSVColor {
        selection.color(
            huePosition: min(1, max(0, position(at: moment) + lift)),
            purityPosition: min(1, max(0, position(at: moment, lag: purityLag) + lift)))
    }

    public func validate() throws(InstrumentError) {
        try Oscillator(waveform, rate: rate).validate()
        _ = try purityLag.checked("pulse purity lag", in: -1...1)
        _ = try depth.checked("pulse depth", in: 0...1)
        try follow?.validate(depthLimit: 1)
    }
}

/// A pulse on the wire and in files: `depth` is written only when it is not 1, and a pulse without one (as
/// every file and log from before it existed) plays its ranges from end to end.
extension Pulse: Codable {
    private enum CodingKeys: String, CodingKey { case waveform, rate, purityLag, depth, follow }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            waveform: try container.decode(Waveform.self, forKey: .waveform),
            rate: try container.decode(OscillatorRate.self, forKey: .rate),
            purityLag: try container.decode(Double.self, forKey: .purityLag),
            depth: try container.decodeIfPresent(Double.self, forKey: .depth) ?? 1,
            follow: try container.decodeIfPresent(SoundFollow.self, forKey: .follow))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(waveform, forKey: .waveform)
        try container.encode(rate, forKey: .rate)
        try container.encode(purityLag, forKey: .purityLag)
        if depth != 1 { try container.encode(depth, forKey: .depth) }
        try container.encodeIfPresent(follow, forKey: .follow)
    }
}
