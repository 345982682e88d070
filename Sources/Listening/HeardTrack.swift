/// A moment the analysis heard something begin: when (seconds from the sound's start) and how strongly.
public struct HeardCue: Sendable, Hashable {
    public var time: Double
    /// 0…1 for onsets; a band's rise in level, or a beat's strongest onset, for the others.
    public var strength: Float

    public init(time: Double, strength: Float) {
        self.time = time
        self.strength = strength
    }
}

extension [HeardCue] {
    /// The index of the first cue at or after `time` in cues sorted by time (`count` when there is none).
    func firstIndex(notBefore time: Double) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].time < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// What a whole track was heard as, by the same analysis the live input gets: its onsets, the tempo it held
/// and the beat grid that tempo lays on its onsets, its bars, and where each band's level rose. What the
/// composition lab scores light from (`TrackHearing` makes it; `imager analyse` reports it).
public struct HeardTrack: Sendable, Hashable {
    /// The seconds of sound heard.
    public var seconds: Double
    /// Every onset, in order.
    public var onsets: [HeardCue]
    /// The tempo the track held (BPM): the beat grid's when the onsets lay one (`beats` then holds it), else
    /// the estimate the analysis held most; nil when no steady beat was heard.
    public var tempo: Double?
    /// The estimate the analysis held most over the track (`TrackTempo`), before any grid refined it.
    public var estimate: Double?
    /// The grid's beats over the whole sound, each as strong as the strongest onset near it (0 where none was
    /// heard: the pulse goes on through a break).
    public var beats: [HeardCue]
    /// Every fourth beat from the first onset's to the last's, from the downbeat the onsets and the low band weigh
    /// most.
    public var bars: [HeardCue]
    /// For each band (`HeardFrame.Band`, lowest first), the moments its level rose.
    public var rises: [[HeardCue]]

    public init(
        seconds: Double, onsets: [HeardCue], tempo: Double?, estimate: Double?, beats: [HeardCue], bars: [HeardCue], rises: [[HeardCue]]
    ) {
        self.seconds = seconds
        self.onsets = onsets
        self.tempo = tempo
        self.estimate = estimate
        self.beats = beats
        self.bars = bars
        self.rises = rises
    }

    /// The first bar's downbeat, in seconds; nil without a beat.
    public var firstDownbeat: Double? { bars.first?.time }
}
