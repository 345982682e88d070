import Instrument

/// What is heard being kept with the recording under way: the input's tape is armed when a recording starts,
/// and each hop the listening loop gives what it holds to the recording's sound journal. The journal keeps
/// the first input's rate and channels; when the performer changes input during the recording, each stretch
/// is given at its own input's rate and channels, and the journal brings it to its own (`SoundJournal`), so
/// the sound kept stays in step with the recording's time whatever was listened to.
extension LiveListening {
    /// What is heard being kept with the recording under way.
    struct Taping: Sendable {
        let journal: any SoundJournal
        /// When the recording began (engine seconds): the sound's first sample.
        let from: Double
        /// Seconds of sound given to the journal: the next sample falls at `from + written`.
        var written = 0.0
    }

    /// The most channels a recording's sound keeps: an input with more is mixed down to them.
    static var keptChannels: Int { 8 }

    /// Gives what the tape holds to the recording's sound journal (started on the first call after the
    /// recording began), in step with the recording's time: silence where the input gave nothing, samples
    /// from before the recording's first moment left out. A journal that cannot be started is said
    /// (`LiveInstrument.recordingGoesOn(without:)`), once, and the recording goes on without its sound.
    func keepSoundIfRecording() async {
        // Until the input's first hop has placed it on the engine's clock, its sound stays on the tape.
        let (on, tape, started) = current.withLock { ($0.recordingOn && $0.inputOffset != nil, $0.tape, $0.taping != nil) }
        guard on, let tape else { return }
        if !started {
            guard let (journal, _) = await instrument.engine.recordingProgress, let from = await instrument.engine.recordingStart else { return }
            do {
                let sound = try journal.keepSound(sampleRate: tape.sampleRate, channels: min(tape.channels, Self.keptChannels))
                current.withLock { $0.taping = Taping(journal: sound, from: from) }
            } catch {
                // Not tried again until the next recording: it would fail as often as it is tried.
                current.withLock { $0.recordingOn = false }
                tape.disarm()
                instrument.recordingGoesOn(without: "the recording goes on without what is heard, which cannot be kept: \(error)")
                return
            }
        }
        guard let (samples, firstFrame) = tape.take() else { return }
        let rate = tape.sampleRate, channels = tape.channels
        let given: (journal: any SoundJournal, silence: Int, gap: Double, samples: [Float])? = current.withLock { current in
            // What an input let go of still held is left out: its offset went with it.
            guard var taping = current.taping, current.tape === tape, let offset = current.inputOffset else { return nil }
            let startsAt = Double(firstFrame) / Double(rate) + offset
            let due = taping.from + taping.written
            var gap = Int(((startsAt - due) * Double(rate)).rounded())
            if taping.written > 0, abs(Double(gap)) < Self.tapeTolerance * Double(rate) { gap = 0 }
            // Where the input gave nothing, silence (at most `longestGap`), held as a count by the journal, not
            // as samples: a long gap takes none of the sound held for the disk.
            let silence = min(max(gap, 0), Int(Self.longestGap * Double(rate)))
            let kept = gap < 0 ? Array(samples.dropFirst(min(samples.count, -gap * channels))) : samples
            guard silence > 0 || !kept.isEmpty else { return nil }
            taping.written += Double(silence + kept.count / channels) / Double(rate)
            current.taping = taping
            return (taping.journal, silence, Double(max(gap, 0)) / Double(rate), kept)
        }
        guard let given else { return }
        if given.silence > 0 {
            given.journal.appendSilence(frames: given.silence, sampleRate: rate)
            if given.gap >= 1 { instrument.recordingGoesOn(without: Self.gapSaid(seconds: given.gap)) }
        }
        // Converted (when the input's rate or channels are not the journal's) outside the lock; this loop is
        // the journal's only writer, so the blocks keep their order.
        if !given.samples.isEmpty { given.journal.append(given.samples, sampleRate: rate, channels: channels) }
    }

    /// The longest gap of an input kept as silence in the recording's sound (seconds); the sound after a longer
    /// one is early by the rest.
    static var longestGap: Double { 10 }

    /// What is said of a gap of `seconds` in what was heard.
    static func gapSaid(seconds: Double) -> String {
        func shown(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        return seconds > longestGap
            ? "the input gave no sound for \(shown(seconds)) s: the recording keeps \(Int(longestGap)) s of silence there, and its sound after is \(shown(seconds - longestGap)) s early"
            : "the input gave no sound for \(shown(seconds)) s: the recording keeps silence there"
    }
}

extension LiveListening: LiveAudience {
    public func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {}
    public func libraryChanged(revision: Int) {}

    public func recording(_ on: Bool, savedAt location: String?) {
        current.withLock { current in
            current.recordingOn = on
            current.taping = nil
            if on { current.tape?.arm() } else { current.tape?.disarm() }
        }
    }
}
