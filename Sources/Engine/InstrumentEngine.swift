import Instrument

/// The one source of truth of a live performance (DESIGN.md §3.1): an actor that owns the performance state,
/// takes intents, stamps them with the time on its clock, and gives out frames and snapshots. While a
/// recording runs, every intent applied goes to its journal as it is applied; a recording starts from a
/// checkpoint of the state, so nothing played before it needs to be kept.
///
/// Generic over its clock, so tests drive time by hand; nothing here sleeps, and nothing here waits for a
/// disk (a journal only queues what it is given). It runs on a thread of its own (`ThreadExecutor.engine`),
/// never on Swift's shared pool, where a route, an encoder or a database call could keep it waiting.
public actor InstrumentEngine<C: Clock> where C.Duration == Duration {
    public nonisolated var unownedExecutor: UnownedSerialExecutor { ThreadExecutor.engine.asUnownedSerialExecutor() }

    /// The clock the performance runs on: the engine stamps intents with it, and the server ticks frames,
    /// paces its clients and flushes recordings by it.
    public nonisolated let clock: C
    private nonisolated let start: C.Instant
    private var state: PerformanceState
    private var recording: Recording?
    private var lastPrune = 0.0
    /// The output stage every frame goes through, in the order frames are made.
    private var limiter = HeadroomLimiter()
    /// How many intents have been applied: it orders states told to clients.
    private var revision = 0
    /// The most events one recording's log holds, and the most hearings kept beside it.
    private let maximumRecordedEvents: Int
    private let maximumRecordedHearings: Int

    /// A recording under way: its journal (nil while it is opened, on the disk's thread), the events played
    /// meanwhile, where it began, how many events its log holds and how many hearings are kept beside it, and
    /// when it filled up.
    private struct Recording {
        let id: Int
        var journal: (any RecordingJournal)?
        var pending: [PerformanceEvent] = []
        let from: Double
        var events = 0
        var hearings = 0
        var filledAt: Double?

        /// Journals `event`, or holds it until the journal is open; how it was kept.
        mutating func append(_ event: PerformanceEvent) -> RecordedAs {
            guard let journal else {
                pending.append(event)
                return .event
            }
            return journal.append(event)
        }
    }
    private var recordings = 0

    /// An engine starting now on `chordset`, whose recordings hold at most `maximumRecordedEvents` events each
    /// (a performance log's limit) and keep at most `maximumRecordedHearings` hearings beside them.
    public init(
        chordset: Chordset, clock: C, seed: UInt64 = 0x1_1A6E, maximumRecordedEvents: Int = PerformanceLog.maximumEvents,
        maximumRecordedHearings: Int = Hearings.maximumCount
    ) {
        self.init(
            state: PerformanceState(chordset: chordset, seed: seed), clock: clock, maximumRecordedEvents: maximumRecordedEvents,
            maximumRecordedHearings: maximumRecordedHearings)
    }

    /// An engine starting now from `state` (a performance on a chordset, its controls as a performer left
    /// them).
    public init(
        state: PerformanceState, clock: C, maximumRecordedEvents: Int = PerformanceLog.maximumEvents,
        maximumRecordedHearings: Int = Hearings.maximumCount
    ) {
        self.clock = clock
        self.maximumRecordedEvents = min(maximumRecordedEvents, PerformanceLog.maximumEvents)
        self.maximumRecordedHearings = min(maximumRecordedHearings, Hearings.maximumCount)
        start = clock.now
        self.state = state
    }

    /// What the controls hold now.
    public var controls: PerformanceState.Controls { state.controls }

    /// Seconds since the engine started.
    public var time: Double {
        start.duration(to: clock.now).inSeconds
    }

    /// The engine's time (seconds since it started) at `instant` of its clock.
    public nonisolated func seconds(at instant: C.Instant) -> Double {
        start.duration(to: instant).inSeconds
    }

    /// Applies an intent now. A bad intent is refused with the reason and changes nothing; a good one is
    /// journaled if a recording runs, and what it changed is returned for the clients to hear.
    @discardableResult
    public func perform(_ intent: Intent, at moment: Double? = nil) throws(InstrumentError) -> Set<PerformanceState.Aspect> {
        // A moment asked for (sound heard, stamped by when it was played) is kept when it lies between the last
        // event and now.
        let now = time
        let event = PerformanceEvent(time: max(min(moment ?? now, now), state.time), intent: intent)
        let changed = try state.apply(event)
        revision += 1
        // A recording cannot refuse what the state took; when it is full — its log's events or the hearings kept
        // beside it at their limit — the performance goes on unrecorded.
        if var recording, recording.filledAt == nil {
            self.recording = nil  // held once while it changes: what waits for a journal being opened is not copied
            if recording.events < maximumRecordedEvents, recording.hearings < maximumRecordedHearings {
                switch recording.append(event) {
                case .event: recording.events += 1
                case .hearing: recording.hearings += 1
                }
            } else {
                recording.filledAt = event.time
            }
            self.recording = recording
        }
        return changed
    }

    /// Applies an intent now, as `perform` does, and gives the state just after it: what changed and the
    /// whole state it changed in, in one step (no other intent can come between them).
    public func performReporting(_ intent: Intent, at moment: Double? = nil) throws(InstrumentError) -> (changed: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        let changed = try perform(intent, at: moment)
        return (changed, snapshot())
    }

    /// The frame now, letting go of what can no longer be seen every quarter second.
    public func frame() -> Scene {
        let now = max(time, state.time)
        if now - lastPrune >= 0.25 {
            state.prune(at: now)
            lastPrune = now
        }
        var scene = state.scene(at: now)
        limiter.apply(to: &scene)
        return scene
    }

    /// The tempo heard last (nil while the sound suggests none) and how many onsets have been heard.
    public var hearing: (tempo: Double?, onsets: Int) { (state.heard.tempo, state.heardOnsets) }

    /// How many events the recording under way holds in its log (0 when none runs): the hearings kept beside
    /// it (`recordedHearingCount`) are not among them.
    public var recordedEventCount: Int { recording?.events ?? 0 }

    /// How many hearings the recording under way keeps beside its log (0 when none runs).
    public var recordedHearingCount: Int { recording?.hearings ?? 0 }

    /// When the recording under way began (engine seconds), if one is under way.
    public var recordingStart: Double? { recording?.from }

    /// Whether the recording under way is full: the performance goes on, but nothing more is recorded.
    public var recordingIsFull: Bool { recording?.filledAt != nil }

    /// The lumis on the stage now: how many, how many of them sound (the rest fade), how many were stolen,
    /// and the polyphony.
    public var lumiCounts: LumiCounts {
        let now = max(time, state.time)
        return LumiCounts(
            live: state.liveLumiCount, sounding: state.soundingLumis(at: now), stolen: state.stolenLumis, polyphony: state.polyphony)
    }

    /// The state as a console shows it.
    public func snapshot() -> EngineSnapshot {
        let now = max(time, state.time)
        return EngineSnapshot(
            time: now, chordset: state.chordset, colors: state.colors, pulse: state.pulse,
            design: state.design, lumiCount: state.lumiCount, selectedChord: state.selectedChord, pads: state.pads, tempo: state.tempo.beatsPerMinute, beat: state.beat(at: now),
            trailPersistence: state.trailPersistence, headroom: state.headroom, liveLumis: state.liveLumiCount,
            polyphony: state.polyphony, stolenLumis: state.stolenLumis, isRecording: recording != nil,
            soundResponse: state.soundResponse, revision: revision)
    }

    /// Begins a recording now, from a checkpoint of the state now: what its journal starts with, for the
    /// caller to open it away from the engine (on the disk's thread) and `attach` it; what is played meanwhile
    /// is held for it. Nil when a recording is already under way.
    public func beginRecording() -> (start: PerformanceLog, id: Int)? {
        guard recording == nil else { return nil }
        let now = max(time, state.time)
        recordings += 1
        recording = Recording(id: recordings, from: now)
        return (PerformanceLog(checkpoint: state, recordedFrom: now), recordings)
    }

    /// Gives the recording `id` its journal, opened, with what was played since it began; false (nothing
    /// kept) when it is no longer under way — stopped, or abandoned, meanwhile.
    public func attach(_ journal: any RecordingJournal, to id: Int) -> Bool {
        guard var recording, recording.id == id, recording.journal == nil else { return false }
        recording.journal = journal
        let pending = recording.pending
        recording.pending = []
        recording.events = 0
        for event in pending {
            switch journal.append(event) {
            case .event: recording.events += 1
            case .hearing: recording.hearings += 1
            }
        }
        self.recording = recording
        return true
    }

    /// Lets go of the recording `id`, whose journal could not be opened.
    public func abandonRecording(_ id: Int) {
        if recording?.id == id { recording = nil }
    }

    /// The journal of the recording under way and the moment it has reached (where a full one stopped); nil
    /// when none runs, or its journal is still being opened.
    public var recordingProgress: (journal: any RecordingJournal, until: Double)? {
        guard let recording, let journal = recording.journal else { return nil }
        return (journal, recording.filledAt ?? max(time, state.time))
    }

    /// Stops recording: the journal, for the caller to finish away from the engine, and the moment the
    /// recording ends. Nil if nothing was being recorded, or its journal was still being opened (its opener
    /// then finds it stopped).
    public func stopRecording() -> (journal: any RecordingJournal, until: Double)? {
        defer { recording = nil }
        return recordingProgress
    }

    /// Stops recording as `stopRecording` does, only if the recording under way is the one journaled in
    /// `journal` (one whose disk failed is stopped; one started since is not).
    public func stopRecording(journaledIn journal: any RecordingJournal) -> (journal: any RecordingJournal, until: Double)? {
        guard let recording, recording.journal === journal else { return nil }
        return stopRecording()
    }
}
