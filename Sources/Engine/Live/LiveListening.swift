import Geometry
import Instrument
import Listening
import Synchronization

/// The instrument listening: sound from an input (a capture device, or a file played as one) analysed on
/// the input's own thread as it comes — without allocating, without waiting — and each hop's frame given
/// to the engine as a `heard` intent, a hundred a second, so that it is logged and a replay is exact. What is
/// heard is told to clients a third as often (`LiveAudience.heard`); an input that stops is said, and the
/// show goes on in silence.
public final class LiveListening<C: Clock>: Sendable where C.Duration == Duration {
    /// Clients are told what is heard every this many hops.
    static var tellEvery: Int { 3 }
    /// An input silent for this long (no blocks at all, not quiet blocks) is said to have stopped.
    public static var stallLimit: Duration { .seconds(1) }
    /// How many sound-in → intent delays are kept for the figures.
    static var keptDelays: Int { 500 }

    private let instrument: LiveInstrument<C>
    private let open: @Sendable (ListeningSource) throws -> (any SoundInput)?
    private let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let current: Mutex<Current>

    private enum Event: Sendable {
        case frame(HeardFrame, generation: Int, at: C.Instant)
        case failed(String, generation: Int)
    }

    private struct Current: Sendable {
        var input: (any SoundInput)?
        var status: ListeningStatus
        /// Counts the inputs opened, so that what an old input still delivers is let go.
        var generation = 0
        var lastFrameAt: C.Instant?
        var strongestOnset = 0.0
        var hops = 0
        var delays: [Duration] = []
        /// Engine seconds minus input seconds, at its smallest lately: when the input's sound was played by
        /// the engine's clock, without the jitter of how its blocks arrive. It creeps up a microsecond a hop,
        /// so that it follows an input clock slower than the engine's.
        var inputOffset: Double?
        /// The current input's tape, which keeps its sound while a recording runs.
        var tape: HeardTape?
        var recordingOn = false
        /// The recording's sound journal, once it is started.
        var taping: Taping?
    }

    /// What is heard being kept with the recording under way.
    private struct Taping: Sendable {
        let journal: any SoundJournal
        let sampleRate: Int
        let channels: Int
        /// When the recording began (engine seconds): the sound's first sample.
        let from: Double
        var written = 0
    }

    /// How far the sound kept may drift from the recording's time before it is put back in step (seconds).
    static var tapeTolerance: Double { 0.02 }

    /// How fast the input's offset may creep up (seconds a hop): follows clocks 100 ppm apart.
    static var offsetCreep: Double { 1e-6 }

    /// The analysis of one input, used only on that input's thread.
    private final class Analysis: @unchecked Sendable {
        let analyzer: SoundAnalyzer
        let channels: Int
        let tape: HeardTape
        /// Frames delivered so far.
        var frames = 0
        init(_ input: any SoundInput) {
            analyzer = SoundAnalyzer(sampleRate: input.sampleRate)
            channels = input.channelCount
            tape = HeardTape(sampleRate: input.sampleRate, channels: input.channelCount)
        }
    }

    /// Listening for `instrument`, opening inputs with `open` (nil for `.none`; it throws a performer's reason).
    public init(instrument: LiveInstrument<C>, open: @escaping @Sendable (ListeningSource) throws -> (any SoundInput)?) {
        self.instrument = instrument
        self.open = open
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(256))
        current = Mutex(Current(status: ListeningStatus(source: "none", problem: "not listening (imager serve --listen, or the console's Listen to)")))
        // It hears when a recording starts and stops, to keep what is heard with it.
        instrument.listen(self)
    }

    /// What is heard now, or why nothing is.
    public var status: ListeningStatus {
        current.withLock { current in
            var status = current.status
            let delays = current.delays.sorted()
            if !delays.isEmpty {
                func milliseconds(_ fraction: Double) -> Double {
                    let delay = delays[min(delays.count - 1, Int(Double(delays.count) * fraction))]
                    return Double(delay.components.seconds) * 1000 + Double(delay.components.attoseconds) * 1e-15
                }
                status.delayMedianMilliseconds = milliseconds(0.5)
                status.delayP95Milliseconds = milliseconds(0.95)
            }
            return status
        }
    }

    /// The delays from a block of sound coming in to its `heard` intent applied, oldest first.
    public var recentDelays: [Duration] { current.withLock { $0.delays } }

    /// Listens to `source` from now on, letting go of the input listened to before. A source that cannot
    /// be opened is refused with the reason, and nothing is then heard (the status says why).
    @discardableResult
    public func listen(to source: ListeningSource) throws(LiveError) -> ListeningStatus {
        let previous = current.withLock { current in
            defer { current.input = nil; current.generation += 1 }
            return current.input
        }
        previous?.stop()
        let input: (any SoundInput)?
        do {
            input = try open(source)
        } catch {
            let reason = "\(error)"
            current.withLock { $0.status = ListeningStatus(source: source.description, problem: reason) }
            instrument.heardChanged(status)
            throw LiveError(.unavailable, "cannot listen to \(source): \(reason)")
        }
        guard let input else {
            current.withLock { $0.status = ListeningStatus(source: "none", problem: "not listening") }
            instrument.heardChanged(status)
            return status
        }
        let generation = current.withLock { current in
            current.input = input
            current.status = ListeningStatus(source: input.name)
            current.lastFrameAt = nil
            current.inputOffset = nil
            return current.generation
        }
        let analysis = Analysis(input)
        current.withLock { current in
            current.tape = analysis.tape
            if current.recordingOn { analysis.tape.arm() }
        }
        let continuation = continuation
        let clock = instrument.engine.clock
        do {
            try input.start(
                deliver: { samples in
                    let now = clock.now
                    analysis.tape.keep(samples, frame: analysis.frames)
                    analysis.frames += samples.count / analysis.channels
                    analysis.analyzer.analyse(samples, channels: analysis.channels) { frame in
                        continuation.yield(.frame(frame, generation: generation, at: now))
                    }
                },
                failed: { reason in continuation.yield(.failed(reason, generation: generation)) })
        } catch {
            current.withLock { current in
                current.input = nil
                current.status = ListeningStatus(source: input.name, problem: "\(error)")
            }
            instrument.heardChanged(status)
            throw LiveError(.unavailable, "cannot listen to \(input.name): \(error)")
        }
        instrument.heardChanged(status)
        return status
    }

    /// Stops listening (at the end of a show).
    public func stop() {
        _ = try? listen(to: .none)
        continuation.finish()
    }

    /// Gives what is heard to the engine, hop after hop, until stopped or cancelled.
    public func run() async {
        for await event in events {
            switch event {
            case .frame(let frame, let generation, let deliveredAt):
                guard current.withLock({ $0.generation == generation }) else { continue }
                let heard = Self.heard(frame)
                let arrived = instrument.engine.seconds(at: deliveredAt)
                let moment = current.withLock { current in
                    let offset = min((current.inputOffset ?? .infinity) + Self.offsetCreep, arrived - frame.time)
                    current.inputOffset = offset
                    return frame.time + offset
                }
                // Values from the analysis are in range; were one not, the engine refuses it and the show goes on.
                _ = try? await instrument.perform(.heard(heard), at: moment)
                let delay = deliveredAt.duration(to: instrument.engine.clock.now)
                if let status = record(frame, heard: heard, delay: delay) { instrument.heardChanged(status) }
                await keepSoundIfRecording()
            case .failed(let reason, let generation):
                let status: ListeningStatus? = current.withLock { current in
                    guard current.generation == generation else { return nil }
                    current.status.hearing = false
                    current.status.problem = reason
                    return current.status
                }
                if let status { instrument.heardChanged(status) }
                _ = try? await instrument.perform(.heard(.silence))
            }
        }
    }

    /// Says when the input has sent nothing for `stallLimit` (an unplugged device), every `interval` of
    /// the engine's clock, until cancelled. Sound coming back clears it.
    public func watch(every interval: Duration) async {
        let clock = instrument.engine.clock
        var deadline = clock.now
        while !Task.isCancelled {
            deadline = deadline.advanced(by: interval)
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            let now = clock.now
            let stalled: ListeningStatus? = current.withLock { current in
                guard current.input != nil, current.status.hearing, let last = current.lastFrameAt,
                    last.duration(to: now) > Self.stallLimit
                else { return nil }
                current.status.hearing = false
                current.status.problem = "no sound has come from \(current.status.source) for a second: is it still there?"
                return current.status
            }
            if let stalled {
                instrument.heardChanged(stalled)
                _ = try? await instrument.perform(.heard(.silence))
            }
        }
    }

    /// Gives what the tape holds to the recording's sound journal (started on the first call after the
    /// recording began), in step with the recording's time: silence where the input gave nothing, samples
    /// from before the recording's first moment left out.
    private func keepSoundIfRecording() async {
        let (on, tape, started) = current.withLock { ($0.recordingOn, $0.tape, $0.taping != nil) }
        guard on, let tape else { return }
        if !started {
            guard let (journal, _) = await instrument.engine.recordingProgress, let from = await instrument.engine.recordingStart,
                let format = current.withLock({ $0.input.map { ($0.sampleRate, $0.channelCount) } })
            else { return }
            do {
                let sound = try journal.keepSound(sampleRate: format.0, channels: format.1)
                current.withLock { $0.taping = Taping(journal: sound, sampleRate: format.0, channels: format.1, from: from) }
            } catch {
                // A recording that cannot keep sound records on without it.
                current.withLock { $0.recordingOn = false }
                tape.disarm()
                return
            }
        }
        guard let (samples, firstFrame) = tape.take() else { return }
        current.withLock { current in
            guard var taping = current.taping, let offset = current.inputOffset, taping.channels == tape.channels else { return }
            let rate = Double(taping.sampleRate)
            let startsAt = Double(firstFrame) / rate + offset
            let due = taping.from + Double(taping.written) / rate
            var gap = Int(((startsAt - due) * rate).rounded())
            if taping.written > 0, abs(Double(gap)) < Self.tapeTolerance * rate { gap = 0 }
            var kept = samples
            if gap > 0 {
                kept = [Float](repeating: 0, count: min(gap, 10 * taping.sampleRate) * taping.channels) + samples
            } else if gap < 0 {
                kept = Array(samples.dropFirst(min(samples.count, -gap * taping.channels)))
            }
            guard !kept.isEmpty else { return }
            taping.journal.append(kept)
            taping.written += kept.count / taping.channels
            current.taping = taping
        }
    }

    /// Keeps a frame in the status; returns the status when clients are due to be told.
    private func record(_ frame: HeardFrame, heard: Heard, delay: Duration) -> ListeningStatus? {
        current.withLock { current in
            current.lastFrameAt = instrument.engine.clock.now
            current.delays.append(delay)
            if current.delays.count > Self.keptDelays { current.delays.removeFirst(current.delays.count - Self.keptDelays) }
            current.status.hearing = true
            current.status.problem = nil
            current.status.level = heard.level
            current.status.peak = heard.peak
            current.status.bands = heard.bands
            current.status.gated = frame.gated
            current.status.tempo = heard.tempo
            current.strongestOnset = max(current.strongestOnset, heard.onset)
            if heard.onset > 0 { current.status.onsets += 1 }
            current.hops += 1
            guard current.hops % Self.tellEvery == 0 else { return nil }
            current.status.onset = current.strongestOnset
            current.strongestOnset = 0
            return current.status
        }
    }

    /// A frame as the engine takes it: values rounded to four places (a log a hundred lines a second stays
    /// small), the tempo to a hundredth and within the instrument's range.
    static func heard(_ frame: HeardFrame) -> Heard {
        func rounded(_ value: Float) -> Double { (Double(value).clamped(to: 0...1) * 10_000).rounded() / 10_000 }
        return Heard(
            level: rounded(frame.level), peak: rounded(frame.peak),
            bands: [rounded(frame.bands[0]), rounded(frame.bands[1]), rounded(frame.bands[2]), rounded(frame.bands[3])],
            onset: rounded(frame.onset),
            tempo: frame.tempo.map { ($0.clamped(to: Tempo.range) * 100).rounded() / 100 })
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
