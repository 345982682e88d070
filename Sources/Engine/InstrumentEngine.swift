import Instrument

/// The one source of truth of a live performance (DESIGN.md §3.1): an actor that owns the performance state,
/// takes intents, stamps them with the time on its clock, and gives out frames and snapshots. Every intent
/// applied is kept in the performance's log, so a stretch of it can be recorded and rendered later.
///
/// Generic over its clock, so tests drive time by hand; nothing here sleeps or does I/O.
public actor InstrumentEngine<C: Clock> where C.Duration == Duration {
    private let clock: C
    private let start: C.Instant
    private var state: PerformanceState
    /// Everything applied since the engine started, until it is full (`logIsFull`).
    private var log: PerformanceLog
    /// About how much memory the log holds, and when it filled up, if it did.
    private var logBytes = 0
    private var logFilledAt: Double?
    /// The most memory the log may take (about): a flood of large intents — chordsets loaded again and
    /// again, long strokes — must not exhaust the machine.
    private let maximumLogBytes: Int
    private var recordingFrom: Double?
    private var lastPrune = 0.0
    /// How many intents have been applied: it orders states told to clients.
    private var revision = 0

    /// An engine starting now on `chordset`, its log holding at most about `maximumLogBytes`.
    public init(chordset: Chordset, clock: C, seed: UInt64 = 0x1_1A6E, maximumLogBytes: Int = 256 << 20) {
        self.clock = clock
        self.maximumLogBytes = maximumLogBytes
        start = clock.now
        state = PerformanceState(chordset: chordset, seed: seed)
        log = PerformanceLog(chordset: chordset, seed: seed)
    }

    /// Seconds since the engine started.
    public var time: Double {
        start.duration(to: clock.now).inSeconds
    }

    /// Applies an intent now. A bad intent is refused with the reason and changes nothing; a good one is
    /// logged, and what it changed is returned for the clients to hear.
    @discardableResult
    public func perform(_ intent: Intent) throws(InstrumentError) -> Set<PerformanceState.Aspect> {
        let event = PerformanceEvent(time: max(time, state.time), intent: intent)
        let changed = try state.apply(event)
        revision += 1
        // The log cannot refuse what the state took; when it is full, the live performance goes on unlogged.
        if logFilledAt == nil {
            let bytes = Self.estimatedBytes(of: event)
            if log.events.count < PerformanceLog.maximumEvents, logBytes + bytes <= maximumLogBytes, (try? log.append(event)) != nil {
                logBytes += bytes
            } else {
                logFilledAt = event.time
            }
        }
        return changed
    }

    /// About how much memory an event takes in the log.
    static func estimatedBytes(of event: PerformanceEvent) -> Int {
        let payload: Int
        switch event.intent {
        case .stroke(let points, _): payload = points.count * 16  // two Doubles a point
        case .loadChordset(let chordset):
            payload = chordset.chords.reduce(0) { $0 + 256 + $1.lumis.count * 2 * MemoryLayout<Lumi>.stride }
        default: payload = 0
        }
        return MemoryLayout<PerformanceEvent>.stride + payload
    }

    /// Whether the log is full: the performance goes on, but nothing more can be recorded.
    public var logIsFull: Bool { logFilledAt != nil }

    /// Applies an intent now, as `perform` does, and gives the state just after it: what changed and the
    /// whole state it changed in, in one step (no other intent can come between them).
    public func performReporting(_ intent: Intent) throws(InstrumentError) -> (changed: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        let changed = try perform(intent)
        return (changed, snapshot())
    }

    /// The frame now, letting go of what can no longer be seen every quarter second.
    public func frame() -> Scene {
        let now = max(time, state.time)
        if now - lastPrune >= 0.25 {
            state.prune(at: now)
            lastPrune = now
        }
        return state.scene(at: now)
    }

    /// How many intents the performance's log holds.
    public var loggedEventCount: Int { log.events.count }

    /// The state as a console shows it.
    public func snapshot() -> EngineSnapshot {
        EngineSnapshot(
            time: max(time, state.time), chordset: state.chordset, colors: state.colors, pulse: state.pulse,
            design: state.design, selectedChord: state.selectedChord, pads: state.pads, tempo: state.tempo.beatsPerMinute,
            trailPersistence: state.trailPersistence, liveLumis: state.liveLumiCount, isRecording: recordingFrom != nil,
            revision: revision)
    }

    /// Starts recording now (a recording already running goes on); refused once the log is full.
    public func startRecording() throws(InstrumentError) {
        guard logFilledAt == nil else {
            throw .invalid("the performance log is full (\(log.events.count) events); restart the server to record again")
        }
        if recordingFrom == nil { recordingFrom = max(time, state.time) }
    }

    /// Stops recording and returns it: the log since the engine started, marked with the stretch recorded
    /// (the events before it set the stage). Nil if nothing was being recorded.
    public func stopRecording() -> PerformanceLog? {
        guard let from = recordingFrom else { return nil }
        recordingFrom = nil
        var recording = log
        recording.recordedFrom = from
        // A log that filled up while recording holds the performance only until then.
        recording.recordedUntil = max(logFilledAt ?? max(time, state.time), from)
        return recording
    }
}

/// What a console needs to show the instrument's state: sent in full when it connects.
public struct EngineSnapshot: Hashable, Sendable, Codable {
    public var time: Double
    public var chordset: Chordset
    public var colors: ColorSelection
    public var pulse: Pulse
    public var design: Lumi
    public var selectedChord: Int
    public var pads: TriggerPads
    public var tempo: Double
    public var trailPersistence: Double
    public var liveLumis: Int
    public var isRecording: Bool
    /// How many intents had been applied: of two snapshots, the one with the higher revision is newer.
    public var revision: Int
}
