/// How the analysis listens: its hop and window, the noise gate, how far auto-gain may lift a quiet input,
/// and how eager the onset detector is.
public struct AnalysisSettings: Sendable, Hashable {
    /// Frames a second: one `HeardFrame` per hop.
    public var framesPerSecond = 100
    /// Samples in each spectrum (a power of two); 1,024 at 48 kHz is 21 ms, bins 47 Hz apart.
    public var windowSize = 1024
    /// Below this RMS level (dB below full scale) the gate shuts: nothing is heard, nothing fires.
    public var gateDecibels: Float = -55
    /// The gate opens again only this much above where it shut, so a level hovering at it does not flicker.
    public var gateHysteresisDecibels: Float = 3
    /// The most auto-gain lifts an input (dB).
    public var maximumGainDecibels: Float = 30
    /// How long auto-gain takes to forget a loud passage: its reference falls 6 dB in this many seconds.
    public var gainReleaseSeconds: Double = 10
    /// Onsets closer together than this (seconds) are one.
    public var minimumOnsetGap: Double = 0.05
    /// How far above the recent spectral flux an onset must rise (× its local mean).
    public var onsetThreshold: Float = 1.6
    /// The tempo estimate looks back this far (seconds) and is brought up to date once a second.
    public var tempoHistorySeconds: Double = 8
    /// The tempo range the estimate searches (BPM).
    public var tempoRange: ClosedRange<Double> = 60...200

    public init() {}
}
