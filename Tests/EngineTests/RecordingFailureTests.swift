import Engine
import Foundation
import Instrument
import Synchronization
import Testing
import TestSupport

/// A recording whose disk fails is stopped at the first failed flush, said once to everyone and in the
/// instrument's `recordingProblem`, and closed with what reached the disk, while the performance goes on; a
/// recording that cannot keep the sound says so and goes on without it; a recording during which the input
/// changes keeps each stretch at its own input's rate, in step with the recording's time.
@Suite("Recordings that fail or change input", .timeLimit(.minutes(1)))
struct RecordingFailureTests {
    /// Hears what the instrument says of its recordings.
    final class Listener: LiveAudience {
        let heard = Mutex<[String]>([])
        func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {}
        func libraryChanged(revision: Int) {}
        func recording(_ on: Bool, savedAt location: String?) {
            heard.withLock { $0.append("recording \(on) \(location ?? "-")") }
        }
        func recordingFailed(_ problem: String, stopped: Bool, savedAt location: String?) {
            heard.withLock { $0.append("failed \(stopped ? "stopped" : "goes on") \(location ?? "-"): \(problem)") }
        }
        var said: [String] { heard.withLock { $0 } }
    }

    /// An input at the rate and channels the test chooses, delivering what the test plays on its thread.
    final class PlayedInput: SoundInput, @unchecked Sendable {
        let name: String
        let sampleRate: Int
        let channelCount: Int
        let bufferFrames: Int
        private let deliver = Mutex<(@Sendable (UnsafeBufferPointer<Float>) -> Void)?>(nil)
        private let played = Mutex(0)

        init(name: String, sampleRate: Int, channels: Int) {
            self.name = name
            self.sampleRate = sampleRate
            channelCount = channels
            bufferFrames = sampleRate / 100
        }

        func start(deliver: @escaping @Sendable (UnsafeBufferPointer<Float>) -> Void, failed: @escaping @Sendable (String) -> Void) throws {
            self.deliver.withLock { $0 = deliver }
        }

        func stop() { deliver.withLock { $0 = nil } }

        /// The next hundredth of a second of a 220 Hz sine, on every channel.
        func playHop() {
            let first = played.withLock { played in defer { played += bufferFrames }; return played }
            var samples: [Float] = []
            for frame in first..<(first + bufferFrames) {
                let phase = 2 * Double.pi * 220 * Double(frame) / Double(sampleRate)
                samples += repeatElement(0.5 * Float(sin(phase)), count: channelCount)
            }
            let deliver = deliver.withLock { $0 }
            samples.withUnsafeBufferPointer { deliver?($0) }
        }
    }

    /// Waits for a sleeper on `clock`, moves the clock on, then lets the tasks it woke run until `done` holds.
    private func advance(_ clock: ManualClock, by duration: Duration, until done: () async -> Bool) async throws {
        try await awaitUntil("a sleeper on the clock") { clock.sleeperCount > 0 }
        clock.advance(by: duration)
        try await awaitUntil("the tasks the clock woke to be done") { await done() }
    }

    /// A recording that reaches its limit is saved at the next flush and a new one begins from the state then,
    /// said on every console — it used to stop recording, said only in `/status`.
    @Test func aFullRecordingIsSavedAndANewOneBeginsSaidOnEveryConsole() async throws {
        let clock = ManualClock()
        let store = MemoryRecordings()
        let instrument = LiveInstrument(
            engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock, maximumRecordedEvents: 10), recordings: store)
        let listener = Listener()
        instrument.listen(listener)
        try await instrument.startRecording()
        for step in 0..<15 {
            clock.advance(by: .milliseconds(10))
            try await instrument.perform(.tempo(beatsPerMinute: 100 + Double(step)))
        }
        #expect(await instrument.engine.recordingIsFull)
        try await instrument.flushRecording()

        let (full, next) = (try #require(store.all.first), try #require(store.all.last))
        #expect(store.all.count == 2)
        #expect(full.log.events.count == 10 && abs((full.log.recordedUntil ?? 0) - 0.11) < 1e-9, "saved up to where it filled")
        #expect(await !instrument.engine.recordingIsFull)
        #expect(await instrument.engine.recordedEventCount == 0)
        #expect(next.log.checkpoint?.tempo.beatsPerMinute == 114, "the new one begins from the state now")
        #expect(full.following == nil && next.following == full.location, "the new one is the next part of the set")
        #expect(listener.said == [
            "recording true -", "recording false memory:0", "recording true -",
            "failed goes on -: the recording reached its limit and was saved in memory:0; its next part began",
        ])
        try await instrument.perform(.tempo(beatsPerMinute: 90))
        #expect(await instrument.engine.recordedEventCount == 1, "the new one records")
        #expect(try await instrument.stopRecording() == next.location)
    }

    @Test func aRecordingWhoseDiskFailsIsStoppedSaidOnceAndKeepsWhatReachedTheDisk() async throws {
        let clock = ManualClock()
        let store = MemoryRecordings()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock), recordings: store)
        let listener = Listener()
        instrument.listen(listener)
        let failures = Mutex<[String]>([])
        let flushing = Task { await instrument.keepRecordingDurable(every: .milliseconds(250), on: clock) { error in failures.withLock { $0.append(error.message) } } }
        defer { flushing.cancel() }

        try await instrument.startRecording()
        let journal = try #require(store.all.first)
        try await instrument.perform(.tempo(beatsPerMinute: 90))
        try await advance(clock, by: .milliseconds(250)) { journal.flushes.count == 1 }

        // The disk fails: the next flush stops the recording, and it is said once, everywhere.
        journal.failWrites("write: No space left on device")
        try await instrument.perform(.tempo(beatsPerMinute: 100))
        try await advance(clock, by: .milliseconds(250)) { failures.withLock { $0.count } == 1 }
        #expect(await instrument.engine.recordingProgress == nil)
        #expect(await !instrument.engine.snapshot().isRecording)
        #expect(journal.wasFinishedAsWritten)
        #expect(journal.log.events.map(\.intent) == [.tempo(beatsPerMinute: 90)], "what reached the disk, and only that")
        #expect(journal.log.recordedUntil == 0.25)
        let problem = try #require(instrument.recordingProblem)
        #expect(problem.contains("No space left on device") && problem.contains("saved in memory:0"))
        #expect(listener.said == ["recording true -", "failed stopped memory:0: \(problem)"])
        #expect(failures.withLock { $0 } == [problem])

        // The performance and the flusher go on; nothing more is said; the next recording records again.
        for _ in 0..<3 {
            try await instrument.perform(.tempo(beatsPerMinute: 110))
            try await advance(clock, by: .milliseconds(250)) { true }
        }
        #expect(failures.withLock { $0.count } == 1 && listener.said.count == 2)
        try await instrument.startRecording()
        #expect(instrument.recordingProblem == nil)
        let next = try #require(store.all.last)
        try await advance(clock, by: .milliseconds(250)) { next.flushes.count == 1 }
        #expect(try await instrument.stopRecording() == next.location)
    }

    @Test func aStopWhoseLastWriteFailsKeepsWhatReachedTheDiskAndSaysWhere() async throws {
        let store = MemoryRecordings()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock()), recordings: store)
        let listener = Listener()
        instrument.listen(listener)
        try await instrument.startRecording()
        let journal = try #require(store.all.first)
        try await instrument.perform(.tempo(beatsPerMinute: 90))
        try await instrument.flushRecording()
        try await instrument.perform(.tempo(beatsPerMinute: 100))
        journal.failWrites("fsync: Input/output error")
        do {
            try await instrument.stopRecording()
            Issue.record("a stop whose disk failed was said to have saved everything")
        } catch {
            #expect(error.code == .notSaved)
            #expect(error.message.contains("saved in memory:0") && error.message.contains("Input/output error"))
            #expect(instrument.recordingProblem == error.message)
        }
        #expect(journal.wasFinishedAsWritten && journal.log.events.map(\.intent) == [.tempo(beatsPerMinute: 90)])
        #expect(listener.said.last?.hasPrefix("failed stopped memory:0: ") == true)
    }

    /// Listening for `instrument` to the inputs named `a` and `b`.
    private func listening(_ instrument: LiveInstrument<ManualClock>, _ inputs: [String: PlayedInput]) -> LiveListening<ManualClock> {
        LiveListening(instrument: instrument) { source in
            guard case .device(let name) = source else { return nil }
            return inputs[name]
        }
    }

    @Test func aRecordingThatCannotKeepTheSoundSaysSoAndGoesOn() async throws {
        let clock = ManualClock()
        let store = MemoryRecordings()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock), recordings: store)
        let listener = Listener()
        instrument.listen(listener)
        let input = PlayedInput(name: "device: a", sampleRate: 48_000, channels: 1)
        let listening = listening(instrument, ["a": input])
        try listening.listen(to: .device("a"))
        let running = Task { await listening.run() }
        defer { running.cancel() }
        try await instrument.startRecording()
        let journal = try #require(store.all.first)
        journal.refuseSound("open performance.heard: Read-only file system")
        for _ in 0..<30 {
            clock.advance(by: .milliseconds(10))
            input.playHop()
        }
        let changes = ChangeProbe()
        instrument.listen(changes)
        _ = await changes.first { $0.revision >= 30 }
        try await awaitUntil("the recording's problem to be said") { instrument.recordingProblem != nil }
        #expect(instrument.recordingProblem?.contains("Read-only file system") == true)
        #expect(listener.said.filter { $0.hasPrefix("failed goes on -: ") }.count == 1, "said once: \(listener.said)")
        #expect(await instrument.engine.recordingProgress != nil, "the recording goes on")
        #expect(journal.sound == nil)
    }

    /// A recording under way while the instrument listens to `inputs` (by name), `first` of them first; the
    /// listening runs until the task returned is cancelled.
    private func recording(listeningTo inputs: [String: PlayedInput], first: String, on clock: ManualClock) async throws
        -> (instrument: LiveInstrument<ManualClock>, listening: LiveListening<ManualClock>, journal: MemoryJournal, running: Task<Void, Never>)
    {
        let store = MemoryRecordings()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock), recordings: store)
        let listening = listening(instrument, inputs)
        try listening.listen(to: .device(first))
        let running = Task { await listening.run() }
        try await instrument.startRecording()
        return (instrument, listening, try #require(store.all.first), running)
    }

    /// Plays `hops` hops of `input` as the clock moves, and waits until the recording's sound holds `seconds` in
    /// all: every hop given to the engine and its sound kept (a hop still on its way when the next input starts
    /// would set the next input's clock offset — see the report of issue 34's recording parts).
    private func play(_ hops: Int, of input: PlayedInput, on clock: ManualClock, until journal: MemoryJournal, holds seconds: Double) async throws {
        for _ in 0..<hops {
            clock.advance(by: .milliseconds(10))
            input.playHop()
        }
        try await awaitUntil("\(seconds) s of sound kept") { (journal.sound?.seconds ?? 0) >= seconds }
    }

    @Test func aRecordingThatChangesInputKeepsEachStretchAtItsOwnRateInStep() async throws {
        let clock = ManualClock()
        let first = PlayedInput(name: "device: a", sampleRate: 48_000, channels: 1)
        let second = PlayedInput(name: "device: b", sampleRate: 44_100, channels: 2)
        let (_, listening, journal, running) = try await recording(listeningTo: ["a": first, "b": second], first: "a", on: clock)
        defer { running.cancel() }

        // A second of the first input, then a second of the other, a hop at a time as the clock moves.
        try await play(100, of: first, on: clock, until: journal, holds: 1)
        try listening.listen(to: .device("b"))
        try await play(100, of: second, on: clock, until: journal, holds: 2)

        let sound = try #require(journal.sound)
        #expect(sound.sampleRate == 48_000 && sound.channels == 1, "the journal keeps the first input's rate and channels")
        let stretches = sound.stretches
        #expect(stretches.map(\.sampleRate) == [48_000, 44_100] && stretches.map(\.channels) == [1, 2])
        #expect(stretches.allSatisfy { abs($0.seconds - 1) <= 0.021 }, "\(stretches)")
        // The sound kept lasts as long as the recording ran.
        #expect(abs(sound.seconds - clock.now.offset.inSeconds) <= 0.021)
    }

    /// An input that comes back after three seconds without sound: the gap is given to the journal as silence
    /// held as a count (not as three seconds of zeros, which took the sound held for the disk), the sound stays
    /// in step with the recording's time, and the gap is said.
    @Test func anInputBackAfterAGapGivesItAsSilenceInStepAndSaysIt() async throws {
        let clock = ManualClock()
        let first = PlayedInput(name: "device: a", sampleRate: 48_000, channels: 1)
        let again = PlayedInput(name: "device: a again", sampleRate: 48_000, channels: 1)
        let (instrument, listening, journal, running) = try await recording(listeningTo: ["a": first, "again": again], first: "a", on: clock)
        defer { running.cancel() }
        try await play(100, of: first, on: clock, until: journal, holds: 1)

        // Three seconds of nothing, then the input back (opened anew) for half a second.
        clock.advance(by: .seconds(3))
        try listening.listen(to: .device("again"))
        try await play(50, of: again, on: clock, until: journal, holds: 4.49)
        let sound = try #require(journal.sound)
        #expect(abs(Double(sound.silencedFrames) / 48_000 - 3) <= 0.021, "\(sound.silencedFrames) frames of silence")
        #expect(abs(sound.seconds - clock.now.offset.inSeconds) <= 0.021, "in step with the recording's time")
        let said = try #require(instrument.recordingProblem)
        #expect(said.hasPrefix("the input gave no sound for 3") && said.hasSuffix("the recording keeps silence there"), "\(said)")
    }
}
