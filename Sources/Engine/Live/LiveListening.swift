import Geometry
import Instrument
import Listening
import Synchronization

/// The instrument listening: sound from an input (a capture device, or a file played as one) analysed on
/// the input's own thread as it comes — without allocating, without waiting — and each hop's frame given
/// to the engine as a `heard` intent, a hundred a second, so that a replay is exact. What is heard is told to
/// clients a third as often (`LiveAudience.heard`). An input that is lost — removed, failing, or sending
/// nothing for a second — is said, tried again every two seconds (one reopen at a time) and taken back when
/// it returns (`InputHealth`, `LiveListening+Losses.swift`); one that gives nothing but digital zeros after sound is said to
/// be silent, and left open. The show goes on meanwhile.
public final class LiveListening<C: Clock>: Sendable where C.Duration == Duration {
    /// Clients are told what is heard every this many hops.
    static var tellEvery: Int { 3 }
    /// How many sound-in → intent delays are kept for the figures.
    static var keptDelays: Int { 500 }

    let instrument: LiveInstrument<C>
    let open: @Sendable (ListeningSource) throws -> (any SoundInput)?
    private let events: AsyncStream<Event>
    let continuation: AsyncStream<Event>.Continuation
    let current: Mutex<Current>
    /// Held while an input is let go and another opened, so that `listen` calls and retries come one at a
    /// time (never two inputs feeding the engine, never a device opened before the old one is closed).
    let switching = Mutex(())

    enum Event: Sendable {
        case frame(HeardFrame, generation: Int, at: C.Instant)
        case failed(String, generation: Int)
        /// The input was let go, or lost: the followers fall to rest from now.
        case quiet
    }

    struct Current: Sendable {
        /// What the performer asked to listen to (tried again when its input is lost).
        var source: ListeningSource = .none
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
        /// Whether the input sounds, is silent or is lost, and when it is next tried again.
        var health = InputHealth<C.Instant>()
        /// The current input's tape, which keeps its sound while a recording runs.
        var tape: HeardTape?
        var recordingOn = false
        /// The recording's sound journal, once it is started.
        var taping: Taping?
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

    /// Where a lost input is opened again (opening a device waits for the system, and may hang): by default
    /// the inputs' own thread (`WorkerPool.inputs`), never the library's.
    let retrying: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Listening for `instrument`, opening inputs with `open` (nil for `.none`; it throws a performer's reason),
    /// a lost one again through `retrying` (by default on the inputs' own thread).
    public init(
        instrument: LiveInstrument<C>, open: @escaping @Sendable (ListeningSource) throws -> (any SoundInput)?,
        retrying: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { job in Task(executorPreference: WorkerPool.inputs) { job() } }
    ) {
        self.instrument = instrument
        self.open = open
        self.retrying = retrying
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

    /// Listens to `source` from now on, letting go of (closing) the input listened to before first. A source
    /// that cannot be opened is refused with the reason, and nothing is then heard (the status says why).
    /// Calls are taken one at a time.
    @discardableResult
    public func listen(to source: ListeningSource) throws(LiveError) -> ListeningStatus {
        try switching.withLock { _ throws(LiveError) in
            current.withLock { current in
                current.source = source
                current.health.chose()
            }
            letGo()
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
            current.withLock { $0.status = ListeningStatus(source: input.name) }
            do {
                try start(input)
            } catch {
                current.withLock { $0.status = ListeningStatus(source: input.name, problem: "\(error)") }
                instrument.heardChanged(status)
                throw LiveError(.unavailable, "cannot listen to \(input.name): \(error)")
            }
            instrument.heardChanged(status)
            return status
        }
    }

    /// Stops and closes the input listened to, if any; what it still delivers is let go, and the followers
    /// fall to rest. Called with `switching` held.
    func letGo() {
        let previous = current.withLock { current in
            defer { current.input = nil; current.generation += 1 }
            return current.input
        }
        guard let previous else { return }
        previous.stop()
        continuation.yield(.quiet)
    }

    /// Starts delivering from `input`, opened for the current source, as a new generation. Called with
    /// `switching` held.
    func start(_ input: any SoundInput) throws {
        let generation = current.withLock { current in
            current.input = input
            current.lastFrameAt = nil
            current.inputOffset = nil
            current.health.started()
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
            current.withLock { $0.input = nil }
            input.stop()
            throw error
        }
    }

    /// Stops listening (at the end of a show).
    public func stop() {
        _ = try? listen(to: .none)  // listening to none opens nothing
        continuation.finish()
    }

    /// Gives what is heard to the engine, hop after hop, until stopped or cancelled.
    public func run() async {
        for await event in events {
            switch event {
            case .frame(let frame, let generation, let deliveredAt):
                await give(frame, generation: generation, deliveredAt: deliveredAt)
            case .failed(let reason, let generation):
                await lose(.failed(reason), generation: generation)
            case .quiet:
                _ = try? await instrument.perform(.heard(.silence))  // silence is always a valid hearing
            }
        }
    }

    /// One hop to the engine, stamped by when its sound was played; the status kept, told when due.
    /// A hop of an input let go since is let go too — checked under the same lock that places the input on
    /// the engine's clock, so that an old hop never sets the new input's offset.
    private func give(_ frame: HeardFrame, generation: Int, deliveredAt: C.Instant) async {
        let heard = Self.heard(frame)
        let arrived = instrument.engine.seconds(at: deliveredAt)
        let placed: Double? = current.withLock { current in
            guard current.generation == generation else { return nil }
            let offset = min((current.inputOffset ?? .infinity) + Self.offsetCreep, arrived - frame.time)
            current.inputOffset = offset
            return frame.time + offset
        }
        guard let moment = placed else { return }
        // Values from the analysis are in range; were one not, the engine refuses it and the show goes on.
        _ = try? await instrument.perform(.heard(heard), at: moment)
        let delay = deliveredAt.duration(to: instrument.engine.clock.now)
        switch record(frame, heard: heard, delay: delay) {
        case .nothing: break
        case .tell(let status): instrument.heardChanged(status)
        }
        await keepSoundIfRecording()
    }

    /// What a frame kept in the status calls for.
    private enum Recorded {
        case nothing
        case tell(ListeningStatus)
    }

    /// Keeps a frame in the status: it tells clients when due (at once when the input comes back, or its
    /// digital silence begins or ends).
    private func record(_ frame: HeardFrame, heard: Heard, delay: Duration) -> Recorded {
        current.withLock { current in
            current.lastFrameAt = instrument.engine.clock.now
            current.delays.append(delay)
            if current.delays.count > Self.keptDelays { current.delays.removeFirst(current.delays.count - Self.keptDelays) }
            let (cameBack, silenceChanged) = current.health.heard(
                peak: frame.peak, at: frame.time, saysDigitalSilence: current.input?.saysDigitalSilence == true, status: &current.status)
            guard current.health.loss == nil else { return .nothing }
            current.status.hearing = true
            if !current.status.silent { current.status.problem = nil }
            current.status.level = heard.level
            current.status.peak = heard.peak
            current.status.bands = heard.bands
            current.status.gated = frame.gated
            current.status.tempo = heard.tempo
            current.strongestOnset = max(current.strongestOnset, heard.onset)
            if heard.onset > 0 { current.status.onsets += 1 }
            current.hops += 1
            guard current.hops % Self.tellEvery == 0 || cameBack || silenceChanged else { return .nothing }
            current.status.onset = current.strongestOnset
            current.strongestOnset = 0
            return .tell(current.status)
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
