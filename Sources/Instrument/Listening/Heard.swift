/// What the instrument heard in one hundredth of a second, as the listening analysis tells the engine: the
/// level and peak, four bands, an onset's strength and the tempo the sound suggests. An intent like any
/// other — logged with its time, so that a set that reacted to sound replays exactly without the sound.
public struct Heard: Hashable, Sendable, Codable {
    /// The RMS level after auto-gain, 0…1.
    public var level: Double
    /// The sample peak as it came in, 0…1.
    public var peak: Double
    /// The bands' levels after auto-gain, 0…1: low (to 250 Hz), low-mid (to 2 kHz), high-mid (to 6 kHz), high.
    public var bands: [Double]
    /// An onset's strength, 0…1; 0 when nothing began.
    public var onset: Double
    /// The tempo the onsets suggest (BPM, within `Tempo.range`), when they suggest one.
    public var tempo: Double?

    public init(level: Double, peak: Double, bands: [Double], onset: Double = 0, tempo: Double? = nil) {
        self.level = level
        self.peak = peak
        self.bands = bands
        self.onset = onset
        self.tempo = tempo
    }

    /// Nothing heard.
    public static let silence = Heard(level: 0, peak: 0, bands: [0, 0, 0, 0])

    /// The value of one source, 0…1.
    public subscript(source: SoundSource) -> Double {
        switch source {
        case .level: level
        case .low: bands[0]
        case .lowMid: bands[1]
        case .highMid: bands[2]
        case .high: bands[3]
        case .onset: onset
        }
    }

    public func validate() throws(InstrumentError) {
        guard bands.count == 4 else { throw .invalid("heard sound has 4 bands, not \(bands.count)") }
        _ = try level.checked("heard level", in: 0...1)
        _ = try peak.checked("heard peak", in: 0...1)
        for band in bands { _ = try band.checked("heard band level", in: 0...1) }
        _ = try onset.checked("heard onset", in: 0...1)
        if let tempo { _ = try tempo.checked("heard tempo (BPM)", in: Tempo.range) }
    }
}

/// What of the heard sound a follower follows.
public enum SoundSource: String, CaseIterable, Hashable, Sendable, Codable {
    case level, low, lowMid, highMid, high, onset
}
