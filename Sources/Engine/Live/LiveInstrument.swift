import Instrument
import Synchronization

/// The live instrument's use cases, whoever asks for them — a console, a canvas, an OSC controller:
/// intents applied once and heard by everyone listening; chords stored and kept in the library; stepping
/// through the library's chordsets; recordings started, journaled durably as they are played, stopped and
/// saved. Transport-free: the server decodes a request, calls one of these, and encodes what comes back.
public final class LiveInstrument<C: Clock>: Sendable where C.Duration == Duration {
    public let engine: InstrumentEngine<C>
    /// Where stored chords are kept and chordsets stepped through (nil: stored chords live only in the
    /// performance, and stepping is refused).
    let shelf: (any ChordsetShelf)?
    /// Where recordings are journaled and saved (nil: recording is refused).
    let recordings: (any RecordingStore)?
    private let audiences = Mutex<[any LiveAudience]>([])
    private let libraryChanges = Atomic<Int>(0)
    /// What went wrong with the last recording, until the next one starts.
    private let problem = Mutex<String?>(nil)
    /// The recording's flush under way, as the flusher watches it.
    private let flushes = FlushWatch<C.Instant>()

    public init(engine: InstrumentEngine<C>, shelf: (any ChordsetShelf)? = nil, recordings: (any RecordingStore)? = nil) {
        self.engine = engine
        self.shelf = shelf
        self.recordings = recordings
    }

    /// Adds someone who hears every change from now on.
    public func listen(_ audience: any LiveAudience) {
        audiences.withLock { $0.append(audience) }
    }

    /// How many times the library changed since the start (chords stored, chordsets stepped to, the
    /// chordset list's changes).
    public var libraryRevision: Int { libraryChanges.load(ordering: .relaxed) }

    /// Tells everyone the library changed.
    public func libraryChanged() {
        let revision = libraryChanges.add(1, ordering: .relaxed).newValue
        tell { $0.libraryChanged(revision: revision) }
    }

    /// Tells everyone the music library changed.
    public func musicChanged(revision: Int) {
        tell { $0.musicChanged(revision: revision) }
    }

    /// Tells everyone where the composition transport is.
    public func transportChanged(_ status: TransportStatus) {
        tell { $0.transportChanged(status) }
    }

    /// Tells everyone what is heard.
    public func heardChanged(_ status: ListeningStatus) {
        tell { $0.heard(status) }
    }

    /// Tells everyone where the Link session is.
    public func linkChanged(_ status: LinkStatus) {
        tell { $0.linkChanged(status) }
    }

    private func tell(_ message: (any LiveAudience) -> Void) {
        for audience in audiences.withLock({ $0 }) { message(audience) }
    }

    /// Applies an intent and tells everyone what changed; a chord stored, or given a polyphony, is saved in the library. A bad
    /// intent changes nothing and is refused with the reason, for its sender alone. `moment` (engine seconds)
    /// stamps it earlier than now, as sound heard is stamped by when it was played.
    @discardableResult
    public func perform(_ intent: Intent, at moment: Double? = nil) async throws(LiveError) -> Set<PerformanceState.Aspect> {
        let (changed, state): (Set<PerformanceState.Aspect>, EngineSnapshot)
        do { (changed, state) = try await engine.performReporting(intent, at: moment) } catch { throw .refused(error) }
        tell { $0.changed(changed, state: state) }
        if let position = intent.chordToSave, let shelf {
            do {
                try await WorkerPool.library.run { try shelf.store(state.chordset.chords[position], in: state.chordset.id) }
            } catch {
                throw LiveError(.notSaved, "chord \(position + 1) is stored in the performance but could not be saved in the library", cause: error)
            }
            libraryChanged()
        }
        return changed
    }

    /// Plays the chordset `offset` places from the one playing in the library's list.
    public func stepChordset(by offset: Int) async throws(LiveError) {
        guard let shelf else { throw LiveError(.unavailable, "this instrument has no chordset library to step through") }
        let playing = await engine.snapshot().chordset
        let next: Chordset?
        do { next = try await WorkerPool.library.run { try shelf.step(from: playing.id, by: offset) } } catch {
            throw LiveError(.notSaved, "the chordset library could not be read", cause: error)
        }
        guard let next else { throw LiveError(.endOfList, offset > 0 ? "this is the last chordset" : "this is the first chordset") }
        try await perform(.loadChordset(next))
        libraryChanged()
    }

    /// Starts recording from the state now (a recording under way goes on) and tells everyone; as the next
    /// part of the set saved at `previous`, when one filled.
    public func startRecording(following previous: String? = nil) async throws(LiveError) {
        guard let recordings else { throw LiveError(.unavailable, "this instrument has no folder to save recordings in") }
        // Begun in the engine at once, its journal opened on the disk's thread: a slow disk never holds the engine.
        guard let (start, id) = await engine.beginRecording() else { return }
        let journal: any RecordingJournal
        do {
            journal = try await WorkerPool.recordingDisk.run { try recordings.begin(start, following: previous) }
        } catch {
            await engine.abandonRecording(id)
            throw LiveError(.notSaved, "the recording could not be started", cause: error)
        }
        guard await engine.attach(journal, to: id) else {
            // Stopped while its journal was being opened: saved as it began.
            do {
                let saved = try await WorkerPool.recordingDisk.run { try journal.finish(until: start.recordedFrom) }
                tell { $0.recording(false, savedAt: saved) }
            } catch {
                _ = await keepWhatWasWritten(journal, after: error)
            }
            return
        }
        problem.withLock { $0 = nil }
        tell { $0.recording(true, savedAt: nil) }
    }

    /// Stops recording, saves it as a performance log for `imager render performance` and tells everyone
    /// where it went. Nil when nothing was being recorded. When its last moments cannot be written, what
    /// reached the disk is saved (`keepWhatWasWritten`) and the refusal says where.
    @discardableResult
    public func stopRecording() async throws(LiveError) -> String? {
        // Detached from the engine in one step, and finished away from it: the performance goes on.
        guard let stopped = await engine.stopRecording() else { return nil }
        let saved: String
        do {
            saved = try await WorkerPool.recordingDisk.run { try stopped.journal.finish(until: stopped.until) }
        } catch {
            throw await keepWhatWasWritten(stopped.journal, after: error)
        }
        tell { $0.recording(false, savedAt: saved) }
        return saved
    }

    /// What went wrong with the last recording — its disk failed and it was stopped, or it could not keep
    /// the sound heard — until the next recording starts; nil when nothing did. For `/status`.
    public var recordingProblem: String? { problem.withLock { $0 } }

    /// Says something the recording under way could not keep (the sound heard) while it goes on without it:
    /// on every console (`LiveAudience.recordingFailed`) and in `recordingProblem`.
    public func recordingGoesOn(without problem: String) {
        self.problem.withLock { $0 = problem }
        tell { $0.recordingFailed(problem, stopped: false, savedAt: nil) }
    }

    /// Closes a recording already detached from the engine, whose disk failed, with what reached the disk
    /// (`RecordingJournal.finishAsWritten`), and says so once: on every console and in `recordingProblem`.
    /// What it said, with the failure as its cause.
    private func keepWhatWasWritten(_ journal: any RecordingJournal, after failure: any Error) async -> LiveError {
        let said: LiveError
        let saved: String?
        do {
            let kept = try await WorkerPool.recordingDisk.run { try journal.finishAsWritten() }
            saved = kept.log
            let leftOut = kept.leftOut.map { " (\($0))" } ?? ""
            said = LiveError(.notSaved, "the recording was stopped and what reached the disk saved in \(kept.log)\(leftOut), as the disk failed", cause: failure)
        } catch {
            saved = nil
            said = LiveError(
                .notSaved, "the recording was stopped, and what reached the disk kept for the next start to close (it could not be saved now: \(error)), as the disk failed",
                cause: failure)
        }
        problem.withLock { $0 = said.message }
        tell { $0.recordingFailed(said.message, stopped: true, savedAt: saved) }
        return said
    }

    /// Starts or stops recording, as a record button does (from a console or over OSC).
    public func record(_ on: Bool) async throws(LiveError) {
        if on { try await startRecording() } else { try await stopRecording() }
    }

    /// Makes what the recording under way holds durable: written and on the disk. Called at least every
    /// second (`keepRecordingDurable`), on the recording's disk thread, away from the engine, which goes on
    /// meanwhile. What the disk did not take in time and was left out is said, and the recording goes on. The
    /// first flush that fails stops the recording — a disk that refused once is not trusted with more, and a
    /// journal queue must not grow while it is retried — and closes it with what reached the disk, said at
    /// once on every console and in `recordingProblem`; it throws what it said. A recording that has filled up
    /// is saved and its next part begins (`continueFullRecording`).
    public func flushRecording() async throws(LiveError) {
        guard let (journal, until) = await engine.recordingProgress else { return }
        let leftOut: [String]
        do { leftOut = try await WorkerPool.recordingDisk.run { try journal.flush(until: until) } } catch {
            // Unless it was stopped meanwhile (its stop then says how it ended).
            guard await engine.stopRecording(journaledIn: journal) != nil else { return }
            throw await keepWhatWasWritten(journal, after: error)
        }
        if !leftOut.isEmpty { recordingGoesOn(without: leftOut.joined(separator: "; ")) }
        if await engine.recordingIsFull { try await continueFullRecording() }
    }

    /// A recording that reached its limit — its log's million events, or the hearings kept beside it — is
    /// saved, its next part begins from the state now (named after it: `…-part2`), and every console is told
    /// where the full one went: a set goes on being recorded, in parts, however long it lasts, and `imager
    /// render performance --whole-set` renders the parts as one video. (What was played between the moment it
    /// filled and this, at most a flush's interval, is in neither.) When the new one cannot begin, that is said
    /// instead.
    private func continueFullRecording() async throws(LiveError) {
        guard let saved = try await stopRecording() else { return }
        do { try await startRecording(following: saved) } catch {
            let said = "the recording reached its limit and was saved in \(saved); a new one could not begin: \(error.message)"
            problem.withLock { $0 = said }
            tell { $0.recordingFailed(said, stopped: true, savedAt: saved) }
            throw LiveError(.notSaved, said, cause: error)
        }
        tell { $0.recordingFailed("the recording reached its limit and was saved in \(saved); its next part began", stopped: false, savedAt: nil) }
    }

    /// How long a flush may wait for the disk before the disk is said not to be taking the recording.
    public static var diskHangLimit: Duration { .seconds(5) }

    /// Flushes the recording under way every `interval` of `clock` until cancelled, one flush at a time: a
    /// flush that waits for the disk is watched, not joined by another. When one has waited `hangLimit`, every
    /// console is told the disk is not taking the recording (and what is held for it meanwhile); when it
    /// answers, that it goes on. The first failed flush stops the recording with what reached the disk
    /// (`flushRecording`) and is handed to `failed`, once; the performance goes on, and so does the flusher,
    /// for the next recording.
    public func keepRecordingDurable(
        every interval: Duration, on clock: C, hangLimit: Duration = diskHangLimit, failed: @escaping @Sendable (LiveError) -> Void = { _ in }
    ) async {
        var deadline = clock.now
        while !Task.isCancelled {
            deadline = deadline.advanced(by: interval)
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
            let now = clock.now
            switch flushes.next(at: now, hangLimit: hangLimit) {
            case .waits: continue
            case .hangs(let waited):
                let held = await engine.recordingProgress?.journal.heldForTheDisk ?? "what is queued"
                recordingGoesOn(
                    without: "the disk is not taking the recording: nothing has reached it for \(Self.seconds(waited)) s. The performance goes on, \(held) are held for it, and what is played past that is left out and counted")
            case .starts:
                Task {
                    do throws(LiveError) { try await self.flushRecording() } catch { failed(error) }
                    guard let ended = self.flushes.ended(), ended.saidHung else { return }
                    guard await self.engine.recordingProgress != nil else { return }
                    self.recordingGoesOn(
                        without: "the disk took the recording again after \(Self.seconds(ended.began.duration(to: clock.now))) s: it goes on (what was left out meanwhile, if anything, is said)")
                }
            }
        }
    }

    /// Whether the flusher's flush is under way (waiting for the disk, perhaps).
    public var isFlushing: Bool { flushes.isUnderWay }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return String((seconds * 10).rounded() / 10)
    }

    /// Keeps what the controls hold in the library every `interval` of `clock` while they change, until
    /// cancelled, and once more then: a performer who comes back — after a restart, a crash or a power cut
    /// — finds the instrument as they left it (at most `interval` earlier). A failure is handed to `failed`
    /// and tried again at the next change; it never stops the performance. Without a library, it only waits
    /// to be cancelled.
    public func keepControls(every interval: Duration, on clock: C, failed: @Sendable (LiveError) -> Void = { _ in }) async {
        var kept = await engine.controls
        func keepIfChanged() async {
            guard let shelf else { return }
            let controls = await engine.controls
            guard controls != kept else { return }
            do {
                try await WorkerPool.library.run { try shelf.keep(controls) }
                kept = controls
            } catch {
                failed(LiveError(.notSaved, "the controls could not be kept in the library", cause: error))
            }
        }
        var deadline = clock.now
        while !Task.isCancelled {
            deadline = deadline.advanced(by: interval)
            do { try await clock.sleep(until: deadline, tolerance: nil) } catch { break }
            await keepIfChanged()
        }
        await keepIfChanged()
    }

    /// Closes the recordings a crash left unfinished (at start, before anything is played).
    public func recoverUnfinishedRecordings() throws(LiveError) -> [RecoveredRecording] {
        guard let recordings else { return [] }
        do { return try recordings.recoverUnfinished() } catch {
            throw LiveError(.notSaved, "the unfinished recordings could not be closed", cause: error)
        }
    }
}
