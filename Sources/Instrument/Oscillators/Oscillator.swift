/// A modulation source: a waveform cycling at a rate, starting at a phase, scaled by a depth and shifted by
/// an offset. Its value at a moment is `offset + depth · waveform(phase + elapsed cycles)`, plus, when it
/// follows the sound heard, the follower's amount times its envelope.
public struct Oscillator: Hashable, Sendable, Codable {
    public var waveform: Waveform
    public var rate: OscillatorRate
    /// Where in its cycle the oscillator starts, in cycles (0…1).
    public var phase: Double
    public var depth: Double
    public var offset: Double
    /// The sound it follows as well, if any (absent from files written before the instrument listened).
    public var follow: SoundFollow?

    public init(
        _ waveform: Waveform = .sine, rate: OscillatorRate = .hertz(1), phase: Double = 0, depth: Double = 1,
        offset: Double = 0, follow: SoundFollow? = nil
    ) {
        self.waveform = waveform
        self.rate = rate
        self.phase = phase
        self.depth = depth
        self.offset = offset
        self.follow = follow
    }

    /// An oscillator that does nothing: its value is always 0.
    public static let silent = Oscillator(.sine, rate: .hertz(0), depth: 0)

    /// The value at `moment`, whose `elapsed` seconds count for Hz rates and whose global `beat` counts
    /// for beat rates.
    public func value(at moment: Moment) -> Double { Compiled(self, base: 0).value(at: moment) }

    /// ∫ value dt over the moment's elapsed time: how far a feature driven by this oscillator has carried
    /// something (speed × time). Exact for every waveform at a steady tempo.
    public func integral(at moment: Moment) -> Double { Compiled(self, base: 0).integral(at: moment) }

    /// Checks every number; throws naming the first that is not finite or out of range.
    public func validate(depthLimit: Double = 1000) throws(InstrumentError) {
        _ = try rate.validated()
        _ = try phase.checked("oscillator phase", in: -1000...1000)
        _ = try depth.checked("oscillator depth", in: -depthLimit...depthLimit)
        _ = try offset.checked("oscillator offset", in: -depthLimit...depthLimit)
        if case .pulse(let width) = waveform { _ = try width.checked("pulse width", in: 0...1) }
        try follow?.validate(depthLimit: depthLimit)
    }

    /// A base value plus an oscillator as plain numbers: what a lumi's feature is evaluated from each frame.
    /// The one place where the oscillator's formulas live.
    struct Compiled: Hashable, Sendable {
        /// The base value with the offset folded in.
        var constant: Double
        var depth: Double
        var phase: Double
        /// Cycles per second, or per beat when `followsBeat`.
        var frequency: Double
        var followsBeat: Bool
        var shape: Waveform.Shape
        /// The slot of the sound envelope it follows (`SoundEnvelopes`), -1 when it follows none.
        var follower: Int32 = -1
        var followAmount: Double = 0

        init(_ oscillator: Oscillator, base: Double) {
            constant = base + oscillator.offset
            depth = oscillator.depth
            phase = oscillator.phase
            shape = Waveform.Shape(oscillator.waveform)
            switch oscillator.rate {
            case .hertz(let hertz): frequency = hertz; followsBeat = false
            case .beats(let beats): frequency = 1 / beats; followsBeat = true
            }
        }

        @_transparent
        func value(at moment: Moment) -> Double {
            if depth == 0 { return constant }
            let cycles = phase + frequency * (followsBeat ? moment.beat : moment.elapsed)
            return constant + depth * shape.sample(cycles)
        }

        /// The value at `moment` with the sound followed: `envelopes` are the performance's sound envelopes.
        @inline(__always)
        func value(at moment: Moment, envelopes: UnsafePointer<Double>?) -> Double {
            let plain = value(at: moment)
            guard follower >= 0, let envelopes else { return plain }
            return plain + followAmount * envelopes[Int(follower)]
        }

        @inline(__always)
        func integral(at moment: Moment) -> Double {
            depth == 0 ? constant * moment.elapsed : modulatedIntegral(at: moment)
        }

        private func modulatedIntegral(at moment: Moment) -> Double {
            let waveIntegral: Double
            if followsBeat {
                let startBeat = moment.beat - moment.elapsed * moment.beatsPerSecond
                let secondsPerCycle = 1 / (frequency * moment.beatsPerSecond)
                waveIntegral = (shape.integral(phase + frequency * moment.beat)
                    - shape.integral(phase + frequency * startBeat)) * secondsPerCycle
            } else if frequency > 0 {
                waveIntegral = (shape.integral(phase + frequency * moment.elapsed) - shape.integral(phase)) / frequency
            } else {
                waveIntegral = shape.sample(phase) * moment.elapsed
            }
            return constant * moment.elapsed + depth * waveIntegral
        }
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
