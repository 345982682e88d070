import Geometry

extension PerformanceState {
    /// The tempo follows the tempo heard only when they differ by at least this much (BPM), so that the
    /// estimate's small wanderings do not keep moving the beat.
    static let tempoFollowStep = 0.5

    /// Makes the envelope a pulse follows, so that frames can read it.
    mutating func follow(_ pulse: Pulse) {
        if let follow = pulse.follow { _ = soundEnvelopes.slot(for: follow.shape) }
    }

    /// How far the sound followed moves `pulse` through its ranges at `time`.
    func lift(of pulse: Pulse, at time: Double) -> Double {
        pulse.follow.map { $0.amount * soundEnvelopes.value(of: $0.shape, at: time) } ?? 0
    }

    /// Sound heard at `time`: the envelopes move; with the response on, an onset releases the selected chord
    /// (around a point of the canvas's middle, drawn from the performance's random stream) — at most one
    /// release a gap, each retriggering the last unless the chord's own polyphony allows more — and the tempo
    /// follows the tempo heard.
    mutating func hear(_ heard: Heard, at time: Double) -> Set<Aspect> {
        soundEnvelopes.hear(heard, at: time)
        var changed: Set<Aspect> = [.heard]
        if soundResponse.onsetsRelease, heard.onset > 0, onsetMayRelease(at: time) {
            wakeBackground()
            // Each onset retriggers the last, unless the chord's own polyphony allows more (its release steals).
            if soundResponse.onsetGap != nil, chordset[selectedChord].polyphony == nil { stealLastOnsetRelease(at: time) }
            let key = Int64(soundEnvelopes.onsets) << 1
            let point = Point(x: 0.2 + 0.6 * StableRandom.unit(seed, key), y: 0.2 + 0.6 * StableRandom.unit(seed, key | 1))
            release(chordset[selectedChord], at: time, velocity: 0.4 + 0.6 * heard.onset, around: Canvas.point(atFraction: point))
            lastOnsetRelease = time
            changed.insert(.canvas)
        }
        if soundResponse.tempoFollows, let heardTempo = heard.tempo,
            abs(heardTempo - tempo.beatsPerMinute) >= Self.tempoFollowStep
        {
            let bpm = (heardTempo * 10).rounded() / 10
            retime(at: time) { tempo in try? tempo.set(beatsPerMinute: bpm) }  // in range: checked by Heard.validate()
            changed.insert(.tempo)
        }
        return changed
    }

    /// Whether an onset at `time` may release: always without a gap, else once the gap since the last has passed.
    func onsetMayRelease(at time: Double) -> Bool {
        guard let gap = soundResponse.onsetGap, let last = lastOnsetRelease else { return true }
        return time - last >= gap
    }

    /// Retriggering: the lumis the last onset released that still sound are stolen, fading out as any stolen.
    mutating func stealLastOnsetRelease(at time: Double) {
        guard let last = lastOnsetRelease else { return }
        for index in live.indices where live[index].pad == -1 && live[index].releaseTime == last && sounds(live[index], at: time) {
            steal(index, at: time)
        }
    }
}
