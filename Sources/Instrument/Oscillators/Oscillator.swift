/// A modulation source: a waveform cycling at a rate, starting at a phase, scaled by a depth and shifted by
/// an offset. Its value at a moment is `offset + depth · waveform(phase + elapsed cycles)`.
public struct Oscillator: Hashable, Sendable, Codable {
    public var waveform: Waveform
    public var rate: OscillatorRate
    /// Where in its cycle the oscillator starts, in cycles (0…1).
    public var phase: Double
    public var depth: Double
    public var offset: Double

    public init(
        _ waveform: Waveform = .sine, rate: OscillatorRate = .hertz(1), phase: Double = 0, depth: Double = 1,
        offset: Double = 0
    ) {
        self.waveform = waveform
        self.rate = rate
        self.phase = phase
        self.depth = depth
        self.offset = offset
    }

    /// An oscillator that does nothing: its value is always 0.
    public static let silent = Oscillator(.sine, rate: .hertz(0), depth: 0)

    /// Whether the value never changes, so evaluation can skip it.
    public var isConstant: Bool {
        depth == 0 || rate == .hertz(0) && waveform == .sine && phase == 0
    }

    /// The value at `moment`, whose `elapsed` seconds count for Hz rates and whose global `beat` counts
    /// for beat rates.
    @inline(__always)
    public func value(at moment: Moment) -> Double {
        if depth == 0 { return offset }
        return offset + depth * waveform.sample(cycles(at: moment))
    }

    /// ∫ value dt over the moment's elapsed time: how far a feature driven by this oscillator has carried
    /// something (speed × time). Exact for every waveform at a steady tempo.
    public func integral(at moment: Moment) -> Double {
        if depth == 0 { return offset * moment.elapsed }
        let waveIntegral: Double
        switch rate {
        case .hertz(let hertz):
            waveIntegral = hertz > 0
                ? (waveform.integral(phase + hertz * moment.elapsed) - waveform.integral(phase)) / hertz
                : waveform.sample(phase) * moment.elapsed
        case .beats(let beats):
            let startBeat = moment.beat - moment.elapsed * moment.beatsPerSecond
            let secondsPerCycle = beats / moment.beatsPerSecond
            waveIntegral = (waveform.integral(phase + moment.beat / beats)
                - waveform.integral(phase + startBeat / beats)) * secondsPerCycle
        }
        return offset * moment.elapsed + depth * waveIntegral
    }

    @inline(__always)
    func cycles(at moment: Moment) -> Double {
        switch rate {
        case .hertz(let hertz): phase + hertz * moment.elapsed
        case .beats(let beats): phase + moment.beat / beats
        }
    }

    /// Checks every number; throws naming the first that is not finite or out of range.
    public func validate(depthLimit: Double = 1000) throws(InstrumentError) {
        _ = try rate.validated()
        _ = try phase.checked("oscillator phase", in: -1000...1000)
        _ = try depth.checked("oscillator depth", in: -depthLimit...depthLimit)
        _ = try offset.checked("oscillator offset", in: -depthLimit...depthLimit)
        if case .pulse(let width) = waveform { _ = try width.checked("pulse width", in: 0...1) }
    }
}

/// A moment in a performance as an oscillator sees it: the seconds elapsed since its lumi was released
/// (or since the performance began), the global beat count, and the tempo in beats per second.
public struct Moment: Hashable, Sendable {
    public var elapsed: Double
    public var beat: Double
    public var beatsPerSecond: Double

    public init(elapsed: Double, beat: Double, beatsPerSecond: Double) {
        self.elapsed = elapsed
        self.beat = beat
        self.beatsPerSecond = beatsPerSecond
    }
}
