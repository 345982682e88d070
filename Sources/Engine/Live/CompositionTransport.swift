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

    /// The playhead (CompositionTransport.Playhead.swift) and the sound device (+Device.swift), each under its lock.
    final class Box: Sendable {
        let playhead = Mutex(Playhead())
        let device = Mutex(Device.unopened)
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

    /// The moment the playhead last began to run from, if it has.
    public var lastStart: C.Instant? { box.playhead.withLock { $0.startedAt } }

    /// Why compositions are not heard, when they are not (no device could be opened), as the device said.
    public var soundProblem: String? {
        if case .silent(let problem) = box.device.withLock({ $0 }) { problem } else { nil }
    }

    /// Where the transport is now.
    public var status: TransportStatus {
        let latency = latencyFrames
        let now = instrument.engine.clock.now
        var status = box.playhead.withLock { playhead in playhead.status(heard: playhead.heardFrame(latency: latency), rate: sampleRate, now: now) }
        status.soundProblem = soundProblem ?? status.soundProblem
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
        let (loaded, playing) = box.playhead.withLock { ($0.loaded != nil, $0.playing) }
        guard loaded else { throw LiveError(.unavailable, "no composition is loaded: name one to play") }
        let moment = playing ? (waitsFor: nil, runsFrom: now) : startMoment(askedAt: now)
        let startsAt = placedStart(moment, now: now)
        let position = box.playhead.withLock { $0.playOn(startsAt: startsAt, runsFrom: moment.runsFrom) }
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
        let letGo = box.playhead.withLock { $0.load(&incoming, startsAt: startsAt, runsFrom: moment.runsFrom) }
        incoming = nil  // the composition played before, let go of here rather than on the device's thread
        await perform(letGo)
        await tick(tellingEveryone: true)
    }

    /// Lays out again what is loaded, as the library now has it (an editor changed it), and plays on from
    /// the same place: the loop kept as far as it still lies within, the light changed only where it changed.
    /// When it can no longer be laid out (its part or voice was deleted), what plays goes on unchanged.
    /// When its sounds cannot be loaded, it plays on as it was and the status says why (`soundProblem`).
    public func reload() async {
        guard let source = box.playhead.withLock({ $0.loaded?.source }) else { return }
        var incoming: Loaded?
        do throws(LiveError) {
            incoming = try await WorkerPool.library.run { () throws(LiveError) in try load(source) }
        } catch {
            guard error.code == .notSaved else { return }  // its part or voice is gone: what plays goes on
            box.playhead.withLock { $0.reloadProblem = error.message }
            instrument.transportChanged(status)
            return
        }
        let old = box.playhead.withLock { $0.reload(&incoming, from: source) }
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
        if let moment, moment > now, box.playhead.withLock({ $0.playing && $0.startsAt == nil }) {
            box.playhead.withLock { $0.stopsAt = moment }
            return
        }
        let letGo = box.playhead.withLock { $0.stop() }
        await perform(letGo)
        instrument.transportChanged(status)
    }

    /// Plays on from `seconds` into the composition (the light as it is there: what is lit then, lit again);
    /// a place before the start or past the end is the start or the end.
    public func locate(_ seconds: Double) async throws(LiveError) {
        guard seconds.isFinite else { throw LiveError(.refused, "a place in the composition is a number of seconds") }
        let frame = try box.playhead.withLock { (playhead) throws(LiveError) -> Int in try playhead.locate(seconds, rate: sampleRate) }
        await perform(relight(at: frame))
        instrument.transportChanged(status)
    }

    /// Loops the loaded composition from `from` to `to` seconds, a later place (OSC's and the live protocol's
    /// loop of seconds), or refuses saying so.
    public func loop(from: Double, to: Double) async throws(LiveError) {
        guard from.isFinite, to.isFinite, from < to else { throw LiveError(.refused, "a loop runs from a number of seconds to a later one") }
        try await loop(seconds: from..<to)
    }

    /// Loops part `number` (from 1) of the composition's top part, the stretch `seconds` (kept within the
    /// composition), or nothing.
    public func loop(part number: Int? = nil, seconds: Range<Double>? = nil) async throws(LiveError) {
        let wrapped = try box.playhead.withLock { (playhead) throws(LiveError) -> Int? in
            try playhead.loop(part: number, seconds: seconds, rate: sampleRate)
        }
        if let wrapped { await perform(relight(at: wrapped)) }
        instrument.transportChanged(status)
    }
}
