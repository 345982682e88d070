import Geometry
import Instrument
import Synchronization

/// Keeping time with others: the instrument in a Link session, its tempo following the session's and the
/// session following the instrument's (a tap, a fader; the tempo heard once it is steady: `SteadyTempo`), and
/// its beat kept in phase with the session's within the quantum — checked ten times a second on the engine's
/// clock, and at once when the session starts or stops, one check at a time however many ask. The session's tempo is clamped to the instrument's range
/// (20…300 BPM). What is seen comes `outputLatency` after the engine draws it, so the engine's beat is put in
/// phase with the session's beat that much later. With a composition transport, start and stop are shared
/// too, as Link's start/stop sync shares them: with peers, every start of the transport waits for the
/// quantum's next downbeat, so that the composition's start falls on the session's bar; the session starting
/// plays what is loaded from the first downbeat at or after the moment it started (Link's timeForIsPlaying,
/// not the check that saw it: a downbeat seen late is played as from itself, not a bar later), and says so
/// when nothing can play; the transport starting or stopping starts or stops the session.
public final class LiveLink<C: Clock>: Sendable where C.Duration == Duration {
    private let instrument: LiveInstrument<C>
    private let session: any TempoSession
    private let transport: CompositionTransport<C>?
    /// What is told and asked between a check and the rest: the quantum, the status, the phase errors.
    private let shared: Mutex<Shared>
    /// What one check leaves to the next. Only a check reads or writes it, and checks run one at a time.
    private let kept = Mutex(Kept())
    private let turns = Mutex(Turns())
    /// Seconds from the engine's frame to the light seen.
    public let outputLatency: Double
    /// A phase error smaller than this (seconds) is left alone: the beat is not nudged for nothing.
    public static var phaseTolerance: Double { 0.001 }

    private struct Shared {
        var quantum = 4.0
        var status: LinkStatus
        /// The phase errors found (milliseconds, before each correction), the latest last.
        var phaseErrors: [Double] = []
        /// The session was joined or left since the last check: the next starts afresh.
        var rejoined = false
        /// When the transport was last asked to start: the session starts as from then.
        var startAskedAt: C.Instant?
        /// When the session started, for the transport's start it brings about: its downbeat is counted
        /// from then.
        var sessionStartedAt: C.Instant?
    }

    private struct Kept {
        /// The tempos last agreed: a change on either side since is the one to carry to the other.
        var engineTempo: Double?
        var sessionTempo: Double?
        /// Whether the session played, and the transport played or waited to start, at the last check (nil:
        /// not looked at yet).
        var sessionPlaying: Bool?
        var transportPlaying: Bool?
        /// The tempo heard, told to the session once steady.
        var heard = SteadyTempo()
        /// Why the session's start could not play the composition, until it stops or something plays.
        var problem: String?
    }

    /// The checks asked for: each waits for the one before it; a caller that asks while one waits to start
    /// shares that one (it starts after the caller asked, so it sees what the caller changed).
    private struct Turns {
        var last: Task<Void, Never>?
        var waiting: (id: Int, turn: Task<Void, Never>)?
        var nextID = 0
    }

    public init(
        instrument: LiveInstrument<C>, session: any TempoSession, outputLatency: Double = 0, transport: CompositionTransport<C>? = nil
    ) {
        self.instrument = instrument
        self.session = session
        self.transport = transport
        self.outputLatency = outputLatency
        shared = Mutex(Shared(status: LinkStatus(enabled: false, peers: 0, tempo: 120, beat: 0, phase: 0, quantum: 4, playing: false)))
        transport?.quantizeStarts { [weak self] asked in self?.start(askedAt: asked) }
        // A start or stop of the session is followed at once, not at the next check: the light stops when
        // the session does, and a start is played from its own moment with nothing to catch up.
        session.whenPlayingChanges { [weak self] in
            guard let self else { return }
            Task { await self.sync() }
        }
    }

    public var status: LinkStatus { shared.withLock { $0.status } }

    /// The phase errors between the engine's beat and the session's found at the last checks (milliseconds,
    /// before each was corrected), oldest first.
    public var recentPhaseErrors: [Double] { shared.withLock { $0.phaseErrors } }

    /// Joins or leaves the session, and sets the quantum the phase is counted in (1…64 beats).
    public func set(enabled: Bool, quantum: Double?) throws(LiveError) {
        if let quantum {
            guard quantum.isFinite, (1...64).contains(quantum) else { throw LiveError(.refused, "a Link quantum is 1 to 64 beats, not \(quantum)") }
            shared.withLock { $0.quantum = quantum }
        }
        session.setEnabled(enabled)
        shared.withLock { $0.rejoined = true }
    }

    /// One check, in turn with every other (the loop's, each console's): a tempo changed on one side goes to
    /// the other; start and stop are shared; everyone is told where the session is. Returns when a check
    /// that began after this call has ended.
    public func sync() async {
        let turn = turns.withLock { turns -> Task<Void, Never> in
            if let waiting = turns.waiting { return waiting.turn }
            let id = turns.nextID
            turns.nextID += 1
            let previous = turns.last
            let turn = Task {
                await previous?.value
                self.turns.withLock { turns in
                    if turns.waiting?.id == id { turns.waiting = nil }
                }
                await self.check()
            }
            turns.last = turn
            turns.waiting = (id, turn)
            return turn
        }
        await turn.value
    }

    /// The check itself: run only by `sync`, one at a time. It reads whether the session is joined first and
    /// tells where the session is last.
    private func check() async {
        let enabled = session.isEnabled
        let (quantum, rejoined) = shared.withLock { shared in
            defer { shared.rejoined = false }
            return (shared.quantum, shared.rejoined)
        }
        var kept = rejoined ? Kept() : self.kept.withLock { $0 }
        let engine = instrument.engine
        let snapshot = await engine.snapshot()
        let hearing = await engine.hearing
        // The session now, and the engine's time and beat at the same moment.
        let capturedAt = engine.seconds(at: engine.clock.now)
        let timeline = session.timeline(quantum: quantum, aheadBy: outputLatency)
        var engineTempo = snapshot.tempo
        var sessionTempo = timeline.tempo
        if enabled {
            // While the instrument follows a tempo it hears, that tempo goes to the session only once steady,
            // and the instrument's own (which follows every estimate) is kept to itself.
            let followsSound = snapshot.soundResponse.tempoFollows
            if followsSound { kept.heard.hear(hearing.tempo, onsets: hearing.onsets, at: capturedAt) } else { kept.heard = SteadyTempo() }
            if kept.sessionTempo.map({ abs(sessionTempo - $0) > 0.005 }) ?? true {
                // The session moved (or was just joined): the instrument follows it.
                let bpm = (sessionTempo.clamped(to: Tempo.range) * 100).rounded() / 100
                // Clamped into range; refused, the next check tries again.
                if abs(bpm - engineTempo) > 0.005, (try? await instrument.perform(.tempo(beatsPerMinute: bpm))) != nil { engineTempo = bpm }
            } else if followsSound, hearing.tempo != nil {
                if let steady = kept.heard.takeUntold(), abs(steady - sessionTempo) > 0.005 {
                    session.setTempo(steady)
                    sessionTempo = steady
                }
            } else if let lastEngine = kept.engineTempo, abs(engineTempo - lastEngine) > 0.005 {
                session.setTempo(engineTempo)
                sessionTempo = engineTempo
            }
            await shareStartAndStop(sessionPlaying: timeline.playing, quantum: quantum, kept: &kept)
            if abs(engineTempo - sessionTempo) < 0.01 {
                await align(engineBeat: snapshot.beat + (capturedAt - snapshot.time) * engineTempo / 60, at: capturedAt,
                            sessionPhase: timeline.phase, quantum: quantum, tempo: engineTempo)
            }
        }
        kept.engineTempo = engineTempo
        kept.sessionTempo = sessionTempo
        var status = LinkStatus(
            enabled: enabled, peers: enabled ? session.peers : 0, tempo: sessionTempo, beat: timeline.beat,
            phase: timeline.phase, quantum: quantum, playing: timeline.playing)
        if enabled {
            status.phaseErrorMilliseconds = shared.withLock { $0.phaseErrors.last ?? 0 }
            status.problem = kept.problem
            if let started = transport?.lastStart {
                status.transportStartedAtMicros = session.clockMicros(secondsFromNow: engine.clock.now.duration(to: started).inSeconds)
            }
        }
        self.kept.withLock { [kept] in $0 = kept }
        shared.withLock { $0.status = status }
        if enabled { instrument.linkChanged(status) }
    }

    /// The session started or stopped since the last check: the transport follows (playing what is loaded,
    /// from the quantum's next downbeat), and a start that cannot play is said; else the transport started
    /// (or waits to) or stopped: the session follows, as from the moment the transport was asked to start.
    private func shareStartAndStop(sessionPlaying: Bool, quantum: Double, kept: inout Kept) async {
        guard let transport else { return }
        let transportPlaying = Self.playsOrWaits(transport.status)
        var playing = transportPlaying
        if let last = kept.sessionPlaying, sessionPlaying != last {
            if sessionPlaying, !transportPlaying {
                let startedAt = instrument.engine.clock.now.advanced(by: .seconds(session.playingChanged()))
                shared.withLock { $0.sessionStartedAt = startedAt }
                defer { shared.withLock { $0.sessionStartedAt = nil } }
                do throws(LiveError) {
                    try await transport.play()
                } catch {
                    kept.problem = "the Link session started, but nothing could play: \(error.message)"
                }
            } else if !sessionPlaying {
                // At the session's own moment (a peer may ask for a stop ahead), seen then as a start is.
                let stopsAt = instrument.engine.clock.now.advanced(by: .seconds(session.playingChanged() - outputLatency))
                if transportPlaying { await transport.stop(at: stopsAt) }
                kept.problem = nil
            }
            playing = Self.playsOrWaits(transport.status)
        } else if let last = kept.transportPlaying, transportPlaying != last, transportPlaying != sessionPlaying {
            let now = instrument.engine.clock.now
            let asked = transportPlaying ? shared.withLock({ $0.startAskedAt }) : nil
            session.setPlaying(transportPlaying, at: min(0, asked.map { now.duration(to: $0).inSeconds } ?? 0), quantum: quantum)
        }
        if playing { kept.problem = nil }
        kept.sessionPlaying = sessionPlaying
        kept.transportPlaying = playing
    }

    /// Whether the transport plays or waits for its moment to start.
    private static func playsOrWaits(_ status: TransportStatus) -> Bool { status.playing || status.startsIn != nil }

    /// When a start of the transport asked for at `asked` is to come: the quantum's first downbeat at or after
    /// the moment the session started, when the session's start brought it about, else after `asked` — less
    /// `outputLatency`, so that it is seen on the downbeat — when the session has peers to keep the bar with. A downbeat already past
    /// (the session started just before one, and the check saw it after) is played as from itself. At once
    /// (nil) when it is not joined, or alone — Link's rule: alone, the start comes when asked and the
    /// session's bar moves to it.
    private func start(askedAt asked: C.Instant) -> C.Instant? {
        let (quantum, sessionStartedAt) = shared.withLock { shared in
            shared.startAskedAt = asked
            return (shared.quantum, shared.sessionStartedAt)
        }
        guard session.isEnabled, session.peers > 0 else { return nil }
        let from = sessionStartedAt ?? asked
        let now = instrument.engine.clock.now
        // The first downbeat at or after the start: the engine draws it `outputLatency` before, so that it is
        // seen on the downbeat (which may put the engine's start a moment before the session's).
        let timeline = session.timeline(quantum: quantum, aheadBy: now.duration(to: from).inSeconds)
        guard timeline.tempo.isFinite, timeline.tempo > 0, timeline.phase.isFinite else { return nil }
        var beats = (quantum - timeline.phase).truncatingRemainder(dividingBy: quantum)
        if beats < 1e-9 || quantum - beats < 1e-9 { beats = 0 }  // on the downbeat then
        guard beats > 0 || sessionStartedAt != nil else { return nil }
        return from.advanced(by: .seconds(beats * 60 / timeline.tempo - outputLatency))
    }

    /// Puts the engine's beat in phase with the session's within the quantum, by the smallest shift (at most
    /// half a quantum either way), stamped at the moment both were read.
    private func align(engineBeat: Double, at moment: Double, sessionPhase: Double, quantum: Double, tempo: Double) async {
        var shift = (sessionPhase - engineBeat).truncatingRemainder(dividingBy: quantum)
        if shift > quantum / 2 { shift -= quantum } else if shift < -quantum / 2 { shift += quantum }
        let milliseconds = shift * 60_000 / tempo
        shared.withLock { shared in
            shared.phaseErrors.append(milliseconds)
            if shared.phaseErrors.count > 1000 { shared.phaseErrors.removeFirst(shared.phaseErrors.count - 1000) }
        }
        guard abs(milliseconds) > Self.phaseTolerance * 1000 else { return }
        _ = try? await instrument.perform(.alignBeat(engineBeat + shift), at: moment)  // a finite beat at a clamped moment: taken
    }

    /// Checks every `interval` of the engine's clock until cancelled.
    public func keepInTime(every interval: Duration) async {
        let clock = instrument.engine.clock
        var deadline = clock.now
        while !Task.isCancelled {
            deadline = deadline.advanced(by: interval)
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            await sync()
        }
    }
}
