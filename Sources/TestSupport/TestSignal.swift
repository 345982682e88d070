import Foundation

/// Sound the tests make: sines, clicks at a tempo, noise — mono, at a rate, with what is in them known.
public struct TestSignal: Sendable {
    public let sampleRate: Int
    public var samples: [Float]

    public init(sampleRate: Int = 48_000, seconds: Double) {
        self.sampleRate = sampleRate
        samples = [Float](repeating: 0, count: Int(seconds * Double(sampleRate)))
    }

    /// Adds a sine of `frequency` Hz and `amplitude` over the whole signal.
    public mutating func addSine(_ frequency: Double, amplitude: Float) {
        for n in samples.indices {
            samples[n] += amplitude * Float(sin(2 * Double.pi * frequency * Double(n) / Double(sampleRate)))
        }
    }

    /// Adds white noise at `decibels` RMS below full scale, from a seeded stream.
    public mutating func addNoise(decibels: Double, seed: UInt64) {
        var state = seed | 1
        let rms = pow(10, decibels / 20)
        // Uniform noise on ±a has RMS a/√3.
        let amplitude = Float(rms * 3.0.squareRoot())
        for n in samples.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            samples[n] += amplitude * (Float(state % 2_000_001) / 1_000_000 - 1)
        }
    }

    /// Adds clicks — 4 ms bursts of a 3 kHz tone, decaying — at `bpm` from `start` seconds; returns their times.
    @discardableResult
    public mutating func addClicks(bpm: Double, start: Double = 0.5, amplitude: Float = 0.8) -> [Double] {
        var times: [Double] = []
        var time = start
        let length = Int(0.004 * Double(sampleRate))
        while Int(time * Double(sampleRate)) + length < samples.count {
            let first = Int((time * Double(sampleRate)).rounded())
            for i in 0..<length {
                let decay = Float(exp(-Double(i) / Double(length) * 4))
                samples[first + i] += amplitude * decay * Float(sin(2 * Double.pi * 3000 * Double(i) / Double(sampleRate)))
            }
            times.append(Double(first) / Double(sampleRate))
            time += 60 / bpm
        }
        return times
    }

    /// Adds closed hi-hats — 30 ms of white noise high-passed (its second difference), decaying (τ 8 ms) — every
    /// `every` beats at `bpm` from `start` seconds, from a seeded stream.
    public mutating func addHats(bpm: Double, every: Double = 0.5, start: Double = 0.5, amplitude: Float = 0.3, seed: UInt64 = 5) {
        var state = seed | 1
        func uniform() -> Float {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Float(state % 2_000_001) / 1_000_000 - 1
        }
        let length = Int(0.03 * Double(sampleRate))
        var time = start
        while Int(time * Double(sampleRate)) + length < samples.count {
            let first = Int((time * Double(sampleRate)).rounded())
            var older = uniform(), old = uniform()
            for i in 0..<length {
                let new = uniform()
                let decay = Float(exp(-Double(i) / (0.008 * Double(sampleRate))))
                samples[first + i] += amplitude * decay * (new - 2 * old + older) / 4
                older = old
                old = new
            }
            time += 60 / bpm * every
        }
    }

    /// Adds a sine of `frequency` Hz from `start` to `end` seconds (switched on and off at once).
    public mutating func addSine(_ frequency: Double, amplitude: Float, from start: Double, to end: Double) {
        let first = max(0, Int(start * Double(sampleRate))), last = min(samples.count, Int(end * Double(sampleRate)))
        for n in first..<max(first, last) {
            samples[n] += amplitude * Float(sin(2 * Double.pi * frequency * Double(n - first) / Double(sampleRate)))
        }
    }
}
