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
    }

    /// How fast the input's offset may creep up (seconds a hop): follows clocks 100 ppm apart.
    static var offsetCreep: Double { 1e-6 }

    /// The analysis of one input, used only on that input's thread.
    private final class Analysis: @unchecked Sendable {
        let analyzer: SoundAnalyzer
        let channels: Int
        init(_ input: any SoundInput) {
            analyzer = SoundAnalyzer(sampleRate: input.sampleRate)
            channels = input.channelCount
        }
    }

    /// Listening for `instrument`, opening inputs with `open` (nil for `.none`; it throws a performer's reason).
    public init(instrument: LiveInstrument<C>, open: @escaping @Sendable (ListeningSource) throws -> (any SoundInput)?) {
        self.instrument = instrument
        self.open = open
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(256))
        current = Mutex(Current(status: ListeningStatus(source: "none", problem: "not listening (imager serve --listen, or the console's Listen to)")))
    }

    /// What is heard now, or why nothing is.
    public var status: ListeningStatus { current.withLock { $0.status } }

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
        let continuation = continuation
        let clock = instrument.engine.clock
        do {
            try input.start(
                deliver: { samples in
                    let now = clock.now
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
