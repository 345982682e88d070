import Geometry
import Instrument
import Synchronization

/// Keeping time with others: the instrument in a Link session, its tempo following the session's and the
/// session following the instrument's (a tap, a fader, the tempo heard), and its beat kept in phase with the
/// session's within the quantum — checked ten times a second on the engine's clock. The session's tempo is
/// clamped to the instrument's range (20…300 BPM). What is seen comes `outputLatency` after the engine
/// draws it, so the engine's beat is put in phase with the session's beat that much later. With a
/// composition transport, start and stop are shared too: the session starting plays what is loaded, and
/// the transport playing or stopping starts or stops the session.
public final class LiveLink<C: Clock>: Sendable where C.Duration == Duration {
    private let instrument: LiveInstrument<C>
    private let session: any TempoSession
    private let transport: CompositionTransport<C>?
    private let state: Mutex<State>
    /// Seconds from the engine's frame to the light seen.
    public let outputLatency: Double
    /// A phase error smaller than this (seconds) is left alone: the beat is not nudged for nothing.
    public static var phaseTolerance: Double { 0.001 }

    private struct State {
        var quantum = 4.0
        /// The tempos last agreed: a change on either side since is the one to carry to the other.
        var engineTempo: Double?
        var sessionTempo: Double?
        var status: LinkStatus
        /// The phase errors found (milliseconds, before each correction), the latest last.
        var phaseErrors: [Double] = []
        /// Whether the session and the transport played at the last check (nil: not looked at yet).
        var sessionPlaying: Bool?
        var transportPlaying: Bool?
    }

    public init(
        instrument: LiveInstrument<C>, session: any TempoSession, outputLatency: Double = 0, transport: CompositionTransport<C>? = nil
    ) {
        self.instrument = instrument
        self.session = session
        self.transport = transport
        self.outputLatency = outputLatency
        state = Mutex(State(status: LinkStatus(enabled: false, peers: 0, tempo: 120, beat: 0, phase: 0, quantum: 4, playing: false)))
    }

    public var status: LinkStatus { state.withLock { $0.status } }

    /// The phase errors between the engine's beat and the session's found at the last checks (milliseconds,
    /// before each was corrected), oldest first.
    public var recentPhaseErrors: [Double] { state.withLock { $0.phaseErrors } }

    /// Joins or leaves the session, and sets the quantum the phase is counted in (1…64 beats).
    public func set(enabled: Bool, quantum: Double?) throws(LiveError) {
        if let quantum {
            guard quantum.isFinite, (1...64).contains(quantum) else { throw LiveError(.refused, "a Link quantum is 1 to 64 beats, not \(quantum)") }
            state.withLock { $0.quantum = quantum }
        }
        session.setEnabled(enabled)
        state.withLock { state in
            state.engineTempo = nil
            state.sessionTempo = nil
            state.sessionPlaying = nil
            state.transportPlaying = nil
        }
    }

    /// One check: a tempo changed on one side goes to the other; everyone is told where the session is.
    public func sync() async {
        let (quantum, lastEngine, lastSession) = state.withLock { ($0.quantum, $0.engineTempo, $0.sessionTempo) }
        let enabled = session.isEnabled
        let engine = instrument.engine
        let snapshot = await engine.snapshot()
        // The session now, and the engine's time and beat at the same moment.
        let capturedAt = engine.seconds(at: engine.clock.now)
        let timeline = session.timeline(quantum: quantum, aheadBy: outputLatency)
        var engineTempo = snapshot.tempo
        var sessionTempo = timeline.tempo
        if enabled {
            if lastSession == nil || abs(sessionTempo - (lastSession ?? 0)) > 0.005 {
                // The session moved (or was just joined): the instrument follows it.
                let bpm = (sessionTempo.clamped(to: Tempo.range) * 100).rounded() / 100
                if abs(bpm - engineTempo) > 0.005, (try? await instrument.perform(.tempo(beatsPerMinute: bpm))) != nil { engineTempo = bpm }
            } else if let lastEngine, abs(engineTempo - lastEngine) > 0.005 {
                session.setTempo(engineTempo)
                sessionTempo = engineTempo
            }
        }
        if enabled { await shareStartAndStop(sessionPlaying: timeline.playing) }
        if enabled, abs(engineTempo - sessionTempo) < 0.01 {
            await align(engineBeat: snapshot.beat + (capturedAt - snapshot.time) * engineTempo / 60, at: capturedAt,
                        sessionPhase: timeline.phase, quantum: quantum, tempo: engineTempo)
        }
        var status = LinkStatus(
            enabled: enabled, peers: enabled ? session.peers : 0, tempo: sessionTempo, beat: timeline.beat,
            phase: timeline.phase, quantum: quantum, playing: timeline.playing)
        if enabled { status.phaseErrorMilliseconds = state.withLock { $0.phaseErrors.last ?? 0 } }
        state.withLock {
            $0.engineTempo = engineTempo
            $0.sessionTempo = sessionTempo
            $0.status = status
        }
        if enabled { instrument.linkChanged(status) }
    }

    /// The session started or stopped since the last check: the transport follows (playing what is loaded);
    /// else the transport did: the session follows.
    private func shareStartAndStop(sessionPlaying: Bool) async {
        guard let transport else { return }
        let transportPlaying = transport.status.playing
        let (lastSession, lastTransport) = state.withLock { ($0.sessionPlaying, $0.transportPlaying) }
        var playing = transportPlaying
        if let lastSession, sessionPlaying != lastSession {
            if sessionPlaying { try? await transport.play() } else { await transport.stop() }
            playing = transport.status.playing
        } else if let lastTransport, transportPlaying != lastTransport, transportPlaying != sessionPlaying {
            session.setPlaying(transportPlaying)
        }
        state.withLock { state in
            state.sessionPlaying = sessionPlaying
            state.transportPlaying = playing
        }
    }

    /// Puts the engine's beat in phase with the session's within the quantum, by the smallest shift (at most
    /// half a quantum either way), stamped at the moment both were read.
    private func align(engineBeat: Double, at moment: Double, sessionPhase: Double, quantum: Double, tempo: Double) async {
        var shift = (sessionPhase - engineBeat).truncatingRemainder(dividingBy: quantum)
        if shift > quantum / 2 { shift -= quantum } else if shift < -quantum / 2 { shift += quantum }
        let milliseconds = shift * 60_000 / tempo
        state.withLock { state in
            state.phaseErrors.append(milliseconds)
            if state.phaseErrors.count > 1000 { state.phaseErrors.removeFirst(state.phaseErrors.count - 1000) }
        }
        guard abs(milliseconds) > Self.phaseTolerance * 1000 else { return }
        _ = try? await instrument.perform(.alignBeat(engineBeat + shift), at: moment)
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
