/// What one hop of sound (a hundredth of a second) was heard as: how loud, where in the spectrum, whether
/// something began, and the tempo the sound suggests. Levels are 0…1 after the analysis's auto-gain, so a
/// quiet room and a loud stage both move the whole range; a gated frame (nothing above the noise gate) is
/// all zeros.
public struct HeardFrame: Sendable, Hashable {
    /// The four bands, lowest first, with the edges between them (Hz).
    public enum Band: Int, CaseIterable, Sendable {
        case low, lowMid, highMid, high
        /// Where each band ends and the next begins.
        public static let edges: [Double] = [250, 2000, 6000]
    }

    /// Seconds of sound analysed when this frame was made (the end of its hop), on the input's own clock.
    public var time: Double
    /// The hop's RMS level after auto-gain, 0…1.
    public var level: Float
    /// The hop's sample peak as it came in (no gain), 0…1: 1 is clipping.
    public var peak: Float
    /// Each band's RMS level after auto-gain, 0…1, lowest band first.
    public var bands: SIMD4<Float>
    /// An onset's strength, 0…1; 0 when nothing began.
    public var onset: Float
    /// When the onset began, in seconds on the input's clock (nil when there is none), within the last two
    /// hops before `time`.
    public var onsetTime: Double?
    /// The tempo the onsets suggest (BPM), once they suggest one clearly.
    public var tempo: Double?
    /// The hop's RMS level as it came in, in dB below full scale (−120 for silence).
    public var decibels: Float
    /// Whether the noise gate held this frame shut (all levels 0, no onset).
    public var gated: Bool

    public init(
        time: Double, level: Float = 0, peak: Float = 0, bands: SIMD4<Float> = .zero, onset: Float = 0,
        onsetTime: Double? = nil, tempo: Double? = nil, decibels: Float = -120, gated: Bool = true
    ) {
        self.time = time
        self.level = level
        self.peak = peak
        self.bands = bands
        self.onset = onset
        self.onsetTime = onsetTime
        self.tempo = tempo
        self.decibels = decibels
        self.gated = gated
    }

    /// One band's level.
    public subscript(band: Band) -> Float { bands[band.rawValue] }
}
