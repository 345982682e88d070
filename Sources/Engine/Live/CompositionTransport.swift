import Audio
import Composition
import Instrument
import Synchronization

/// Plays compositions live (seed 003's performance): the sound pulled by the audio device, sample-accurate;
/// the light — visual voices' `lightDown`/`lightUp` and the parts' tempi — performed on the instrument as
/// intents when the sound that goes with them is heard, so consoles, canvases and recordings get them as any
/// other intent. Play, stop, locate and loop are its use cases; `tick()` (the server calls it every frame)
/// fires the light that is due and tells everyone where the playhead is. Without an audio device it plays
/// silently, in step with the engine's clock — which is also how tests drive it. A start can be made to wait
/// for a moment (a Link session's next downbeat: `quantizeStarts`), and a stop too (`stop(at:)`): the light
/// starts or stops at the first tick from then, and through a device the sound at its very sample
/// (CompositionTransport+Device.swift).
public final class CompositionTransport<C: Clock>: Sendable where C.Duration == Duration {
    let instrument: LiveInstrument<C>
    let shelf: any CompositionShelf
    /// Opens the sound device, the first time something plays (nil: always silent).
    let openOutput: (@Sendable () throws -> any AudioOutput)?
    /// The rate compositions are laid out and played at.
    public let sampleRate: Int
    /// How long after it is performed the light is seen (a frame of the canvas): through a device, the light
    /// is performed that much before the sound it goes with is heard, and a start or a stop that waits for a
    /// moment (the light's) is heard that much after it — so that both meet on the session's downbeat.
    public let lightLatency: Duration
    /// The state the audio device's thread and the transport's callers share.
    let box = Box()
    /// How often the playhead is told while playing.
    static var statusInterval: Duration { .milliseconds(100) }
    /// When a start asked for at a moment is to come (nil: at once). A moment after it waits for it; a moment
    /// before it (a Link session that started a little before it was seen) plays at once as from then.
    public typealias StartMoment = @Sendable (_ asked: C.Instant) -> C.Instant?
    private let startMoment = Mutex<StartMoment?>(nil)

    /// What the transport plays: a composition of the library, by name or number, or a pair by its ids.
    public enum Source: Hashable, Sendable {
        case composition(String)
        case pair(Pair)
        /// One sound of the library, alone.
        case sound(SoundID)
    }

    final class Box: Sendable {
        let core = Mutex(Core())
        let device = Mutex(Device.unopened)
    }

    /// The sound device: not opened yet, open, or not to be had (and why).
    enum Device {
        case unopened
        case open(any AudioOutput)
        case silent(String?)
    }

    struct Core {
        var loaded: Loaded?
        var playing = false
        /// Why what is loaded could not be laid out again with its sounds (a sound that cannot be read or
        /// decoded), until a reload or a play succeeds: said as the status's `soundProblem`.
        var reloadProblem: String?
        /// The next light to fire, and the voices lit now.
        var nextLight = 0
        var lit: Set<Int> = []
        /// The frame heard at the last tick: a playhead that went back was located or looped.
        var lastHeard = 0
        /// Without a device, the clock's reading at the last tick, and a buffer the silent mix goes into.
        var lastTick: C.Instant?
        var scratch = [Float](repeating: 0, count: 2 * 4096)
        var lastTold: C.Instant?
        /// A start asked for that waits for its moment (nil: none waits), and whether what was lit where it
        /// stopped is to be lit again then (it plays on from there).
        var startsAt: C.Instant?
        var relightAtStart = false
        /// Through a device: a start it placed at its sample, not yet told nor its light lit again.
        var startUntold = false
        /// A stop asked for at a moment to come (the light's; nil: none waits), and whether the device has
        /// reached its sample (silence from there, the light let go at the tick).
        var stopsAt: C.Instant?
        var soundStopped = false
        /// The moment the playhead last began to run from (a start's own moment, not the tick that found it).
        var startedAt: C.Instant?
    }

    /// A transport that plays through the device `openOutput` opens — at its first play, so that nothing is
    /// held or said of the sound before a composition plays — or, when that is nil or fails, silently, in
    /// step with the engine's clock. It lays compositions out at `sampleRate`, the rate the device is opened at.
    public init(
        instrument: LiveInstrument<C>, shelf: any CompositionShelf, sampleRate: Int = 48_000, lightLatency: Duration = .zero,
        openOutput: (@Sendable () throws -> any AudioOutput)?
    ) {
        self.instrument = instrument
        self.shelf = shelf
        self.sampleRate = sampleRate
        self.lightLatency = lightLatency
        self.openOutput = openOutput
    }

    /// A transport that plays through `output`, already open (nil: silently).
    public convenience init(
        instrument: LiveInstrument<C>, shelf: any CompositionShelf, output: (any AudioOutput)?, lightLatency: Duration = .zero
    ) {
        let open: (@Sendable () throws -> any AudioOutput)? = output.map { output in { @Sendable in output } }
        self.init(instrument: instrument, shelf: shelf, sampleRate: output?.sampleRate ?? 48_000, lightLatency: lightLatency, openOutput: open)
    }

    deinit {
        if case .open(let output) = box.device.withLock({ $0 }) { output.stop() }
    }

    /// Makes every start from now on wait for the moment `moment` gives for the moment it is asked (Link's
    /// next downbeat, so that the composition's start falls on the session's bar); nil: starts come at once.
    public func quantizeStarts(_ moment: StartMoment?) {
        startMoment.withLock { $0 = moment }
    }

    /// When a start asked for at `now` comes: a moment to wait for (after now), or the moment the playhead
    /// runs from at once (now, or a moment just past).
    private func startMoment(askedAt now: C.Instant) -> (waitsFor: C.Instant?, runsFrom: C.Instant) {
        guard let moment = startMoment.withLock({ $0 }), let start = moment(now) else { return (nil, now) }
        // A moment long past is not chased: at most a second back.
        return start > now ? (start, start) : (nil, max(start, now.advanced(by: .seconds(-1))))
    }

    /// The moment a start waits for: the one to come, or, through a device, one just past (the device plays
    /// as from it, to the sample); nil: it plays at once.
    private func placedStart(_ moment: (waitsFor: C.Instant?, runsFrom: C.Instant), now: C.Instant) -> C.Instant? {
        moment.waitsFor ?? (heardByDevice && moment.runsFrom < now ? moment.runsFrom : nil)
    }

    /// Calls off what waits: a start, a stop.
    static func callOff(_ core: inout Core) {
        core.startsAt = nil
        core.relightAtStart = false
        core.startUntold = false
        core.stopsAt = nil
        core.soundStopped = false
    }

    /// The moment the playhead last began to run from, if it has.
    public var lastStart: C.Instant? { box.core.withLock { $0.startedAt } }

    /// Why compositions are not heard, when they are not (no device could be opened), as the device said.
    public var soundProblem: String? {
        if case .silent(let problem) = box.device.withLock({ $0 }) { problem } else { nil }
    }

    /// Whether a device plays (rather than the clock moving the playhead).
    var heardByDevice: Bool {
        if case .open = box.device.withLock({ $0 }) { true } else { false }
    }

    /// Where the transport is now.
    public var status: TransportStatus {
        let latency = latencyFrames
        let now = instrument.engine.clock.now
        var status = box.core.withLock { core in Self.status(of: core, heard: Self.heardFrame(core, latency: latency), rate: sampleRate, now: now) }
        status.soundProblem = soundProblem ?? box.core.withLock { $0.reloadProblem }
        return status
    }

    /// The status of `core`, with how long a start that waits has still to wait.
    static func status(of core: Core, heard: Int, rate: Int, now: C.Instant) -> TransportStatus {
        var status = status(of: core, heard: heard, rate: rate)
        if core.loaded != nil, let startsAt = core.startsAt { status.startsIn = max(0, now.duration(to: startsAt).inSeconds) }
        return status
    }

    /// Plays `composition` (its name, or its number from 1) from its start, or, when nil, what is loaded from
    /// where it stopped — at once, or at the moment starts wait for (`quantizeStarts`).
    public func play(_ composition: String? = nil) async throws(LiveError) {
        if let composition {
            try await play(from: .composition(composition))
            return
        }
        _ = output  // opened now, if it is to be
        let now = instrument.engine.clock.now
        let (loaded, playing) = box.core.withLock { ($0.loaded != nil, $0.playing) }
        guard loaded else { throw LiveError(.unavailable, "no composition is loaded: name one to play") }
        let moment = playing ? (waitsFor: nil, runsFrom: now) : startMoment(askedAt: now)
        let startsAt = placedStart(moment, now: now)
        let position = box.core.withLock { core -> Int? in
            Self.callOff(&core)
            if let startsAt {
                core.startsAt = startsAt
                core.relightAtStart = true
                return nil
            }
            if !core.playing { core.startedAt = moment.runsFrom }
            core.lastTick = moment.runsFrom
            core.playing = true
            return core.loaded?.performance.position
        }
        if let position { await perform(relight(at: position)) }  // what was lit where it stopped, lit again
        await tick(tellingEveryone: true)
    }

    /// Plays the pair `pair` of the library from its start, as it stands: what an editor has selected.
    public func play(pair: Pair) async throws(LiveError) {
        try await play(from: .pair(pair))
    }

    /// Plays `sound` alone, from its start to its end: what an editor previews.
    public func preview(sound: SoundID) async throws(LiveError) {
        try await play(from: .sound(sound))
    }

    private func play(from source: Source) async throws(LiveError) {
        _ = output  // opened now, if it is to be
        // Moved in, not copied: the device's thread must find the performance's buffers its own.
        // Read, decoded and laid out on the library's pool: never on a thread the performance needs.
        var incoming: Loaded? = try await WorkerPool.library.run { () throws(LiveError) in try load(source) }
        let now = instrument.engine.clock.now
        let moment = startMoment(askedAt: now)
        let startsAt = placedStart(moment, now: now)
        let letGo = box.core.withLock { core in
            let letGo = Self.lettingGo(&core)
            swap(&core.loaded, &incoming)
            Self.callOff(&core)
            core.reloadProblem = nil
            core.nextLight = 0
            core.lastHeard = 0
            core.lastTick = moment.runsFrom
            core.playing = startsAt == nil
            if core.playing { core.startedAt = moment.runsFrom }
            core.startsAt = startsAt
            return letGo
        }
        incoming = nil  // the composition played before, let go of here rather than on the device's thread
        await perform(letGo)
        await tick(tellingEveryone: true)
    }

    /// Lays out again what is loaded, as the library now has it (an editor changed it), and plays on from
    /// the same place: the loop kept as far as it still lies within, the light changed only where it changed.
    /// When it can no longer be laid out (its part or voice was deleted), what plays goes on unchanged.
    /// When its sounds cannot be loaded, it plays on as it was and the status says why (`soundProblem`).
    public func reload() async {
        guard let source = box.core.withLock({ $0.loaded?.source }) else { return }
        var incoming: Loaded?
        do throws(LiveError) {
            incoming = try await WorkerPool.library.run { () throws(LiveError) in try load(source) }
        } catch {
            guard error.code == .notSaved else { return }  // its part or voice is gone: what plays goes on
            box.core.withLock { $0.reloadProblem = error.message }
            instrument.transportChanged(status)
            return
        }
        let old = box.core.withLock { core -> (light: [(frame: Int, intent: Intent)], position: Int, playing: Bool)? in
            core.reloadProblem = nil
            guard let current = core.loaded, current.source == source else { return nil }
            let frameCount = incoming!.frameCount
            let position = min(current.performance.position, frameCount)
            incoming!.performance.locate(position)
            if let loop = current.performance.loop {
                let kept = min(loop.lowerBound, frameCount)..<min(loop.upperBound, frameCount)
                if !kept.isEmpty { try? incoming!.performance.setLoop(kept) }  // kept is non-empty and starts at 0 or later
            }
            let light = current.light
            swap(&core.loaded, &incoming)
            return (light, core.loaded!.performance.position, core.playing)
        }
        incoming = nil
        guard let old else { return }
        if old.playing { await perform(relight(at: old.position, was: old.light)) }
        instrument.transportChanged(status)
    }

    /// Stops where it is (a start that waits is called off): the sound stops, the light is let go — at once,
    /// or, when `moment` is still to come (a Link session's stop, when it was asked for ahead), then: the light
    /// at the first tick from `moment`, the sound through a device at its sample (`lightLatency` after it).
    public func stop(at moment: C.Instant? = nil) async {
        let now = instrument.engine.clock.now
        if let moment, moment > now, box.core.withLock({ $0.playing && $0.startsAt == nil }) {
            box.core.withLock { $0.stopsAt = moment }
            return
        }
        let letGo = box.core.withLock { core in
            core.playing = false
            Self.callOff(&core)
            return Self.lettingGo(&core)
        }
        await perform(letGo)
        instrument.transportChanged(status)
    }

    /// Plays on from `seconds` into the composition (the light as it is there: what is lit then, lit again);
    /// a place before the start or past the end is the start or the end.
    public func locate(_ seconds: Double) async throws(LiveError) {
        guard seconds.isFinite else { throw LiveError(.refused, "a place in the composition is a number of seconds") }
        let frame = try box.core.withLock { (core) throws(LiveError) -> Int in
            guard let frameCount = core.loaded?.frameCount else { throw LiveError(.unavailable, "no composition is loaded") }
            let frame = Int((min(max(0, seconds), Double(frameCount) / Double(sampleRate)) * Double(sampleRate)).rounded())
            core.loaded!.performance.locate(frame)
            return frame
        }
        await perform(relight(at: frame))
        instrument.transportChanged(status)
    }

    /// Loops part `number` (from 1) of the composition's top part, the stretch `seconds` (kept within the
    /// composition), or nothing.
    public func loop(part number: Int? = nil, seconds: Range<Double>? = nil) async throws(LiveError) {
        let wrapped = try box.core.withLock { (core) throws(LiveError) -> Int? in
            guard let duration = core.loaded.map({ Double($0.frameCount) / Double(sampleRate) }) else {
                throw LiveError(.unavailable, "no composition is loaded")
            }
            var stretch = seconds
            if let number {
                let parts = core.loaded!.parts
                guard number >= 1, number <= parts.count else {
                    throw LiveError(.refused, "\(core.loaded!.name) has \(parts.count) parts to loop, numbered from 1; not \(number)")
                }
                stretch = parts[number - 1].seconds
            }
            guard let stretch else {
                try? core.loaded!.performance.setLoop(nil)  // clearing a loop never throws
                return nil
            }
            let from = min(max(0, stretch.lowerBound), duration), to = min(max(0, stretch.upperBound), duration)
            let rate = Double(sampleRate)
            let frames = Int((from * rate).rounded())..<max(Int((from * rate).rounded()), Int((to * rate).rounded()))
            guard !frames.isEmpty else {
                throw LiveError(.refused, "a loop lies within the composition (0 to \(duration) s) and lasts a moment at least")
            }
            let before = core.loaded!.performance.position
            do { try core.loaded!.performance.setLoop(frames) } catch { throw LiveError(.refused, "\(error)", cause: error) }
            let after = core.loaded!.performance.position
            return after != before ? after : nil
        }
        if let wrapped { await perform(relight(at: wrapped)) }
        instrument.transportChanged(status)
    }
}
