import Geometry

/// The shape of one oscillator cycle, as a bipolar value −1…1 of the phase (in cycles). Every waveform
/// starts at 0 or +1 at phase 0 and has a closed-form running integral, so that a feature driven by an
/// oscillator (speed) can be integrated exactly — the scene stays a pure function of time.
public enum Waveform: Hashable, Sendable {
    case sine
    case triangle
    case saw
    case square
    /// High for `width` (0…1) of each cycle, low for the rest.
    case pulse(width: Double)
    /// A new random level each cycle, the same for the same seed. Each level is the step between two
    /// consecutive random points, so the levels' running sum stays bounded: a random speed never runs away.
    case sampleAndHold(seed: UInt64)

    /// The names used in files and messages.
    public static let names = ["sine", "triangle", "saw", "square", "pulse", "sample-and-hold"]

    public var name: String { Shape(self).name }

    /// The value −1…1 at `phase` cycles.
    @inline(__always)
    public func sample(_ phase: Double) -> Double { Shape(self).sample(phase) }

    /// ∫₀^phase sample(s) ds, in cycles.
    public func integral(_ phase: Double) -> Double { Shape(self).integral(phase) }

    /// The waveform as plain numbers (no payload), for the per-frame evaluation: the one place where the
    /// waveforms' formulas live.
    struct Shape: Hashable, Sendable {
        enum Kind: UInt8 { case sine, triangle, saw, square, pulse, sampleAndHold }

        var kind: Kind
        var width = 0.5
        var seed: UInt64 = 0

        init(_ waveform: Waveform) {
            switch waveform {
            case .sine: kind = .sine
            case .triangle: kind = .triangle
            case .saw: kind = .saw
            case .square: kind = .square
            case .pulse(let width): kind = .pulse; self.width = width
            case .sampleAndHold(let seed): kind = .sampleAndHold; self.seed = seed
            }
        }

        var name: String { Waveform.names[Int(kind.rawValue)] }

        @_transparent
        func sample(_ phase: Double) -> Double {
            switch kind {
            case .sine:
                return Turns.sin(phase)
            case .triangle:
                return 1 - 4 * ((phase + 0.25).wrappedUnit - 0.5).magnitude
            case .saw:
                return 2 * (phase + 0.5).wrappedUnit - 1
            case .square:
                return phase.wrappedUnit < 0.5 ? 1 : -1
            case .pulse:
                return phase.wrappedUnit < width ? 1 : -1
            case .sampleAndHold:
                let cycle = Int64(Turns.floor(phase.clamped(to: -9.0e15...9.0e15)))
                return randomPoint(cycle + 1) - randomPoint(cycle)
            }
        }

        func integral(_ phase: Double) -> Double {
            let whole = Turns.floor(phase)
            let x = phase - whole
            switch kind {
            case .sine:
                return (1 - Turns.cos(phase)) / (2 * .pi)
            case .triangle:
                if x < 0.25 { return 2 * x * x }
                if x < 0.75 { return 2 * x - 2 * x * x - 0.25 }
                return 2 * (1 - x) * (1 - x)
            case .saw:
                return x < 0.5 ? x * x : (1 - x) * (1 - x)
            case .square:
                return x < 0.5 ? x : 1 - x
            case .pulse:
                return whole * (2 * width - 1) + (x < width ? x : 2 * width - x)
            case .sampleAndHold:
                let cycle = Int64(whole.clamped(to: -9.0e15...9.0e15))
                let level = randomPoint(cycle + 1) - randomPoint(cycle)
                return randomPoint(cycle) - randomPoint(0) + x * level
            }
        }

        /// A random point in −0.5…0.5; consecutive differences are the sample-and-hold levels.
        @inline(__always)
        private func randomPoint(_ index: Int64) -> Double { StableRandom.unit(seed, index) - 0.5 }
    }
}
