/// A whole track heard as the live input is (`SoundAnalyzer`, hop by hop), then read as a piece: its onsets,
/// the tempo it held (`TrackTempo`), the beat grid that tempo lays on the onsets (`BeatGrid`), its bars and
/// each band's rises. Give it the sound in blocks of any size (`hear`), then take what it heard (`track`).
/// What `imager analyse` reports and what the composition lab scores light from.
public final class TrackHearing {
    public let analyzer: SoundAnalyzer
    private var tally: TrackTempo
    private var hops = 0
    private var onsets: [HeardCue] = []
    /// The hop each onset was told in.
    private var onsetHops: [Int] = []
    private var times: [Double] = []
    private var levels: [Float] = []
    private var bands: [SIMD4<Float>] = []

    public init(sampleRate: Int, settings: AnalysisSettings = AnalysisSettings()) {
        analyzer = SoundAnalyzer(sampleRate: sampleRate, settings: settings)
        tally = TrackTempo(from: settings.tempoHistorySeconds)
    }

    /// Hears the next `samples` (`channels` interleaved), calling `frame` for every hop it completes.
    public func hear(_ samples: UnsafeBufferPointer<Float>, channels: Int, _ frame: (HeardFrame) -> Void = { _ in }) {
        let hopsPerSecond = analyzer.settings.framesPerSecond
        analyzer.analyse(samples, channels: channels) { heard in
            if let time = heard.onsetTime {
                onsets.append(HeardCue(time: time, strength: heard.onset))
                onsetHops.append(hops)
            }
            hops += 1
            times.append(heard.time)
            levels.append(heard.level)
            bands.append(heard.bands)
            if hops % hopsPerSecond == 0 { tally.hear(heard.tempo, at: heard.time) }
            frame(heard)
        }
    }

    /// What the track was heard as, so far. An onset's strength is here how far the level rose with it —
    /// the loudest of the 50 ms from its hop on over the quietest of the 30 ms before — so that hits alike are
    /// alike however they fell across hops (the live detector's strength, told at once, depends on that);
    /// an onset with no rise in level (a change of colour, not of loudness) keeps a quarter of the detector's.
    public var track: HeardTrack {
        let onsets = zip(self.onsets, onsetHops).map { onset, hop in
            HeardCue(time: onset.time, strength: max(levelRise(at: hop), onset.strength / 4))
        }
        let window = Double(analyzer.settings.windowSize) / Double(analyzer.sampleRate)
        let rises = HeardFrame.Band.allCases.map { band in
            BandRises.rises(levels: bands.map { $0[band.rawValue] }, times: times, windowSeconds: window, onsets: onsets)
        }
        let estimate = tally.tempo
        guard let estimate, let grid = BeatGrid(tempo: estimate, onsets: onsets),
            let first = onsets.first?.time, let last = onsets.last?.time
        else {
            return HeardTrack(seconds: analyzer.time, onsets: onsets, tempo: estimate, estimate: estimate, beats: [], bars: [], rises: rises)
        }
        // The grid is the music's pulse, heard or not: its beats over the whole sound, each as strong as the
        // strongest onset near it (0 where none was heard). The bars are laid over the beats the onsets span.
        func beats(from start: Double, through end: Double) -> [HeardCue] {
            grid.beats(from: start, through: end).filter { $0 >= 0 && $0 <= analyzer.time }.map { time in
                HeardCue(time: time, strength: Self.strongest(of: onsets, near: time, within: grid.period / 8))
            }
        }
        return HeardTrack(
            seconds: analyzer.time, onsets: onsets, tempo: grid.tempo, estimate: estimate, beats: beats(from: 0, through: analyzer.time),
            bars: bars(of: beats(from: first, through: last)), rises: rises)
    }

    /// Every fourth beat from the downbeat: of the four, the one whose beats weigh most on average — each its
    /// onset's strength, twice that where the low band is full (a kick): the first beat, unless another weighs a
    /// quarter more (alike beats, a click track's, start the bars on the first).
    private func bars(of beats: [HeardCue]) -> [HeardCue] {
        guard !beats.isEmpty else { return [] }
        var weights = [Float](repeating: 0, count: 4), counts = [Float](repeating: 0, count: 4)
        for (index, beat) in beats.enumerated() {
            weights[index % 4] += beat.strength * (1 + lowLevel(at: beat.time))
            counts[index % 4] += 1
        }
        let means = (0..<4).map { counts[$0] > 0 ? weights[$0] / counts[$0] : 0 }
        let most = means.max() ?? 0
        let downbeat = means[0] * 1.25 >= most ? 0 : means.firstIndex(of: most) ?? 0
        return stride(from: downbeat, to: beats.count, by: 4).map { beats[$0] }
    }

    /// How far the level rose at the onset told in `hop`.
    private func levelRise(at hop: Int) -> Float {
        let after = levels[hop..<min(levels.count, hop + 5)].max() ?? 0
        let before = hop >= 2 ? levels[max(0, hop - 4)...(hop - 2)].min() ?? 0 : 0
        return max(0, after - before)
    }

    /// The strongest of `onsets` within `reach` seconds of `time` (0: none).
    private static func strongest(of onsets: [HeardCue], near time: Double, within reach: Double) -> Float {
        var strongest: Float = 0
        var index = onsets.firstIndex(notBefore: time - reach)
        while index < onsets.count, onsets[index].time <= time + reach {
            strongest = max(strongest, onsets[index].strength)
            index += 1
        }
        return strongest
    }

    /// The low band's level in the hops just after `time` (its highest over 50 ms).
    private func lowLevel(at time: Double) -> Float {
        let hopSeconds = Double(analyzer.hop) / Double(analyzer.sampleRate)
        let first = max(0, Int((time / hopSeconds).rounded(.down)))
        guard first < bands.count else { return 0 }
        return bands[first..<min(bands.count, first + 5)].map { $0[0] }.max() ?? 0
    }
}
