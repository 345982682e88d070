import Foundation

/// The noise gate and the auto-gain: the gate shuts below a level so that a quiet room is heard as nothing;
/// above it, the gain lifts the input so that the loudest recent passage reads as 1. The gain follows a
/// louder passage at once and forgets it slowly, and never lifts more than the settings allow.
struct AutoGain {
    private let gateOpen: Float
    private let gateShut: Float
    private let maximumGain: Float
    /// The reference's fall per hop (a factor just under 1).
    private let release: Float
    /// The loudest recent RMS level (linear).
    private(set) var reference: Float
    private(set) var isOpen = false

    init(settings: AnalysisSettings, hopsPerSecond: Double) {
        gateShut = Self.linear(settings.gateDecibels)
        gateOpen = Self.linear(settings.gateDecibels + settings.gateHysteresisDecibels)
        maximumGain = Self.linear(settings.maximumGainDecibels)
        // 6 dB (a half) in gainReleaseSeconds.
        release = Float(pow(0.5, 1 / (settings.gainReleaseSeconds * hopsPerSecond)))
        reference = 1 / maximumGain
    }

    /// Takes a hop's RMS level; returns the gain to apply to it, or nil when the gate holds it shut.
    mutating func gain(forLevel rms: Float) -> Float? {
        isOpen = isOpen ? rms >= gateShut : rms >= gateOpen
        guard isOpen else { return nil }
        reference = max(rms, reference * release, 1 / maximumGain)
        return 1 / reference
    }

    static func linear(_ decibels: Float) -> Float { Float(pow(10, Double(decibels) / 20)) }

    static func decibels(_ level: Float) -> Float { level > 1e-6 ? Float(20 * log10(Double(level))) : -120 }
}
