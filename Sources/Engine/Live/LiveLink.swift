import Geometry
import Instrument
import Synchronization

/// Keeping time with others: the instrument in a Link session, its tempo following the session's and the
/// session following the instrument's (a tap, a fader, the tempo heard), checked ten times a second on the
/// engine's clock. The session's tempo is clamped to the instrument's range (20…300 BPM).
public final class LiveLink<C: Clock>: Sendable where C.Duration == Duration {
    private let instrument: LiveInstrument<C>
    private let session: any TempoSession
    private let state: Mutex<State>

    private struct State {
        var quantum = 4.0
        /// The tempos last agreed: a change on either side since is the one to carry to the other.
        var engineTempo: Double?
        var sessionTempo: Double?
        var status: LinkStatus
    }

    public init(instrument: LiveInstrument<C>, session: any TempoSession) {
        self.instrument = instrument
        self.session = session
        state = Mutex(State(status: LinkStatus(enabled: false, peers: 0, tempo: 120, beat: 0, phase: 0, quantum: 4, playing: false)))
    }

    public var status: LinkStatus { state.withLock { $0.status } }

    /// Joins or leaves the session, and sets the quantum the phase is counted in (1…64 beats).
    public func set(enabled: Bool, quantum: Double?) throws(LiveError) {
        if let quantum {
            guard quantum.isFinite, (1...64).contains(quantum) else { throw LiveError(.refused, "a Link quantum is 1 to 64 beats, not \(quantum)") }
            state.withLock { $0.quantum = quantum }
        }
        session.setEnabled(enabled)
        state.withLock { $0.engineTempo = nil; $0.sessionTempo = nil }
    }

    /// One check: a tempo changed on one side goes to the other; everyone is told where the session is.
    public func sync() async {
        let (quantum, lastEngine, lastSession) = state.withLock { ($0.quantum, $0.engineTempo, $0.sessionTempo) }
        let enabled = session.isEnabled
        let timeline = session.timeline(quantum: quantum, aheadBy: 0)
        var engineTempo = await instrument.engine.snapshot().tempo
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
        let status = LinkStatus(
            enabled: enabled, peers: enabled ? session.peers : 0, tempo: sessionTempo, beat: timeline.beat,
            phase: timeline.phase, quantum: quantum, playing: timeline.playing)
        state.withLock {
            $0.engineTempo = engineTempo
            $0.sessionTempo = sessionTempo
            $0.status = status
        }
        if enabled { instrument.linkChanged(status) }
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
