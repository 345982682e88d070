/// What a light voice follows in a sound: its onsets, its beats or bars, or where one of its four bands
/// (lowest first, split at 250 Hz, 2 kHz and 6 kHz) rises.
public enum LightFollow: String, CaseIterable, Hashable, Sendable, Codable {
    case onsets, beats, bars, low, lowMid, highMid, high
}

/// One moment of a sound a light may start on: seconds from the part's start, and how strong it is (0…1, the
/// strongest of its kind in the sound being 1).
public struct SoundCue: Hashable, Sendable {
    public let seconds: Double
    public let strength: Double

    public init(seconds: Double, strength: Double) {
        self.seconds = seconds
        self.strength = strength
    }
}

/// A pair's sound as the analysis heard it, laid out in the part's time: what `lightFromSound` and
/// `tempoFromSound` read. Made by the engine (the mix analysed as the live input is); the model only reads
/// it, so it is tested with sounds made up cue by cue.
public struct HeardSound: Hashable, Sendable {
    /// How long the mix lasts (the part's duration).
    public let seconds: Double
    /// The sound's tempo (BPM), nil when no steady beat was heard.
    public let tempo: Double?
    /// The cues of each kind, in order, their strengths scaled so that the strongest of a kind is 1.
    public let cues: [LightFollow: [SoundCue]]

    /// A sound heard with these cues; strengths that are not finite count as 0, and each kind is scaled to
    /// its strongest.
    public init(seconds: Double, tempo: Double?, cues: [LightFollow: [SoundCue]]) {
        self.seconds = seconds
        self.tempo = tempo.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var scaled: [LightFollow: [SoundCue]] = [:]
        for (follow, list) in cues {
            let sorted = list.filter { $0.seconds.isFinite && $0.seconds >= 0 }.sorted { $0.seconds < $1.seconds }
            let strongest = sorted.map { $0.strength.isFinite ? $0.strength : 0 }.max() ?? 0
            scaled[follow] = sorted.map { cue in
                let strength = cue.strength.isFinite && strongest > 0 ? min(1, max(0, cue.strength / strongest)) : 0
                return SoundCue(seconds: cue.seconds, strength: strength)
            }
        }
        self.cues = scaled
    }

    /// The first bar's downbeat, in seconds; nil without bars.
    public var firstDownbeat: Double? { cues[.bars]?.first?.seconds }

    /// The cues of `follow` a light of `sensitivity` (0…1) starts on: those at least (1 − sensitivity)² strong —
    /// at 1 every cue (a beat where nothing was heard too: the pulse goes on), at 0.5 those at least a quarter
    /// as strong as the strongest, at 0 the strongest alone.
    public func cues(_ follow: LightFollow, sensitivity: Double) -> [SoundCue] {
        let least = (1 - sensitivity) * (1 - sensitivity)
        return (cues[follow] ?? []).filter { $0.strength >= least - 1e-12 }
    }
}
