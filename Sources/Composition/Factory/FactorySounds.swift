import Audio
import Foundation

/// The sounds of the factory composition, made by the project itself at seeding (no file from elsewhere):
/// short instruments of a few sines and a little noise, each with its own envelope, at 44.1 kHz, mono.
enum FactorySounds {
    static let rate = 44_100

    /// A low drum: a sine falling from 150 Hz to 50 Hz, fading over a third of a second.
    static var kick: AudioBuffer {
        synthesize(seconds: 0.45) { t in
            let phase = 2 * Double.pi * (50 * t + 100 * (1 - exp(-t * 18)) / 18)
            return 0.5 * sin(phase) * exp(-t * 9)
        }
    }

    /// A closed hi-hat: filtered noise, gone in a tenth of a second.
    static var hat: AudioBuffer {
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        var previous = 0.0
        return synthesize(seconds: 0.12) { t in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(state >> 11) * 0x1.0p-53 * 2 - 1
            let high = noise - previous  // a first difference: the hiss without the rumble
            previous = noise
            return 0.25 * high * exp(-t * 40)
        }
    }

    /// A bell: a fifth-rich stack of inharmonic partials on A (440 Hz), ringing for two seconds.
    static var bell: AudioBuffer {
        let partials: [(ratio: Double, level: Double, decay: Double)] = [(1, 0.5, 2), (2.76, 0.25, 3.5), (5.4, 0.12, 6), (8.93, 0.06, 9)]
        return synthesize(seconds: 2) { t in
            let attack = min(1, t * 400)
            return attack * partials.reduce(0) { $0 + $1.level * sin(2 * Double.pi * 440 * $1.ratio * t) * exp(-t * $1.decay) } * 0.4
        }
    }

    /// A pad: a D minor triad of gently detuned sines that swells in and out over four seconds.
    static var pad: AudioBuffer {
        let notes = [146.83, 174.61, 220.0]
        return synthesize(seconds: 4) { t in
            let swell = sin(Double.pi * t / 4)
            let voices = notes.reduce(0.0) { sum, frequency in
                sum + sin(2 * Double.pi * frequency * t) + sin(2 * Double.pi * frequency * 1.003 * t)
            }
            return 0.05 * swell * swell * voices
        }
    }

    /// `seconds` of sound whose sample at time `t` is `wave(t)`.
    private static func synthesize(seconds: Double, _ wave: (Double) -> Double) -> AudioBuffer {
        let count = Int(seconds * Double(rate))
        var samples = [Float](repeating: 0, count: count)
        for frame in 0..<count { samples[frame] = Float(wave(Double(frame) / Double(rate))) }
        // Never a click at the end: the last 5 ms fade to silence.
        let fade = rate / 200
        for frame in max(0, count - fade)..<count { samples[frame] *= Float(count - frame) / Float(fade) }
        return AudioBuffer(sampleRate: rate, mono: samples)!
    }
}
