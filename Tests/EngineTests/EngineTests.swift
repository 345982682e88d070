import Engine
import Foundation
import Geometry
import Instrument
import Synchronization
import Testing
import TestSupport

@Suite("The engine", .timeLimit(.minutes(2)))
struct EngineTests {
    @Test func intentsAreStampedWithTheClocksTimeAndPlayed() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.contrasts, clock: clock)
        clock.advance(by: .milliseconds(1500))
        let changed = try await engine.perform(.padDown(pad: 2, velocity: 1))
        #expect(changed.contains(.pads))
        clock.advance(by: .milliseconds(500))
        let frame = await engine.frame()
        #expect(frame.time == 2)
        #expect(!frame.instances.isEmpty)
        let snapshot = await engine.snapshot()
        #expect(snapshot.pads[2].isDown && snapshot.pads[2].downTime == 1.5)
    }

    @Test func aBadIntentIsRefusedAndNotRecorded() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock)
        let store = MemoryRecordings()
        #expect(try await engine.startRecording(in: store))
        await #expect(throws: InstrumentError.self) { try await engine.perform(.padDown(pad: 9, velocity: 1)) }
        try await engine.perform(.tempo(beatsPerMinute: 90))
        let (journal, until) = try #require(await engine.stopRecording())
        _ = try journal.finish(until: until)
        #expect(try #require(store.all.first).log.events.map(\.intent) == [.tempo(beatsPerMinute: 90)])
    }

    @Test func aRecordingStartsFromACheckpointAndReplaysTheFramesThatWereShown() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.pulseGarden, clock: clock)
        try await engine.perform(.recallChord(3))
        try await engine.perform(.tempo(beatsPerMinute: 97))
        clock.advance(by: .seconds(1))
        try await engine.perform(.padDown(pad: 3, velocity: 0.8))
        clock.advance(by: .seconds(1))
        try await engine.perform(.tap(at: Point(x: 0.7, y: 0.2), velocity: 0.6))
        let store = MemoryRecordings()
        #expect(try await engine.startRecording(in: store))
        #expect(try await engine.startRecording(in: store) == false)  // one goes on; no second journal
        var shown: [Scene] = []
        for step in 0..<30 {
            if step == 10 { try await engine.perform(.tap(at: Point(x: 0.3, y: 0.6), velocity: 1)) }
            if step == 20 { try await engine.perform(.padUp(pad: 3)) }
            shown.append(await engine.frame())
            clock.advance(by: .milliseconds(100))
        }
        let (journal, until) = try #require(await engine.stopRecording())
        _ = try journal.finish(until: until)
        let recording = try #require(store.all.first).log
        #expect(store.all.count == 1)
        // Only what was played while recording is in it; what came before is in the checkpoint.
        #expect(recording.events.map(\.intent) == [.tap(at: Point(x: 0.3, y: 0.6), velocity: 1), .padUp(pad: 3)])
        #expect(recording.recordedFrom == 2)
        #expect(recording.checkpoint?.tempo.beatsPerMinute == 97)
        #expect(recording.recordedSpan.upperBound >= 4.9)
        // Replayed from the file, the recording shows the same frames at the same moments: the held pad,
        // the tap before the recording and their lumis included.
        let reread = try JSONDecoder().decode(PerformanceLog.self, from: Data(try recording.fileContents()))
        #expect(reread == recording)
        var player = PerformancePlayer(log: reread)
        for scene in shown { #expect(player.scene(at: scene.time) == scene) }
        #expect(shown[0].instances.count > 0)
    }

    @Test func notRecordingGivesNoRecording() async {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock())
        #expect(await engine.stopRecording() == nil)
        #expect(await engine.snapshot().isRecording == false)
    }

    @Test func aFullRecordingEndsWhereItFilledUpAndThePerformanceGoesOn() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock, maximumRecordedEvents: 50)
        #expect(try await engine.startRecording(in: MemoryRecordings()))
        try await engine.perform(.padDown(pad: 0, velocity: 1))
        clock.advance(by: .seconds(1))
        for index in 0..<200 {
            try await engine.perform(.loadChordset(FactoryChordsets.all[index % 4]))
            clock.advance(by: .milliseconds(10))
        }
        #expect(await engine.recordingIsFull)
        #expect(await engine.recordedEventCount == 50)
        try await engine.perform(.tempo(beatsPerMinute: 100))  // still played
        #expect(await engine.snapshot().tempo == 100)
        #expect(await engine.recordedEventCount == 50)
        // The recording says honestly how far it goes: to where it filled up, not to now.
        let (_, until) = try #require(await engine.stopRecording())
        #expect(until < 2)
    }
}

@Suite("The live instrument", .timeLimit(.minutes(2)))
struct LiveInstrumentTests {
    /// Hears what the instrument tells.
    final class Listener: LiveAudience {
        let heard = Mutex<[String]>([])
        func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
            heard.withLock { $0.append("changed \(state.revision)") }
        }
        func recording(_ on: Bool, savedAt location: String?) {
            heard.withLock { $0.append("recording \(on) \(location ?? "-")") }
        }
        func libraryChanged(revision: Int) {
            heard.withLock { $0.append("library \(revision)") }
        }
    }

    @Test func aRecordingIsFlushedOnTheClockAndSavedWhenItStops() async throws {
        let clock = ManualClock()
        let store = MemoryRecordings()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock), recordings: store)
        let listener = Listener()
        instrument.listen(listener)
        let flushing = Task { await instrument.keepRecordingDurable(every: .milliseconds(250), on: clock) }
        try await instrument.startRecording()
        let journal = try #require(store.all.first)
        try await instrument.perform(.tempo(beatsPerMinute: 90))
        #expect(journal.log.events.isEmpty)  // queued, not yet flushed
        // Time moves on: the flusher wakes at 250 ms and writes what was queued.
        try await advance(clock, by: .milliseconds(250), until: { !journal.flushes.isEmpty })
        #expect(journal.log.events.map(\.intent) == [.tempo(beatsPerMinute: 90)])
        #expect(journal.flushes.first == 0.25)
        let saved = try await instrument.stopRecording()
        #expect(saved == journal.location)
        #expect(journal.isFinished)
        #expect(listener.heard.withLock { $0 } == ["recording true -", "changed 1", "recording false memory:0"])
        flushing.cancel()
        await flushing.value
    }

    @Test func theControlsAreKeptOnTheClockWhileTheyChangeAndOnceMoreAtTheEnd() async throws {
        let clock = ManualClock()
        let shelf = MemoryShelf()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock), shelf: shelf)
        let keeping = Task { await instrument.keepControls(every: .seconds(1), on: clock) }
        try await clock.awaitSleeper()  // it has taken the controls as they start
        try await instrument.perform(.tempo(beatsPerMinute: 97))
        try await advance(clock, by: .seconds(1), until: { shelf.controlsKept.count == 1 })
        #expect(shelf.controlsKept.last?.tempo == 97)
        // Nothing changed: nothing written again.
        try await advance(clock, by: .seconds(1), until: { clock.sleeperCount == 1 })
        #expect(shelf.controlsKept.count == 1)
        try await instrument.perform(.ribbonCenter(.hue, 0.2))
        keeping.cancel()
        await keeping.value
        #expect(shelf.controlsKept.count == 2 && shelf.controlsKept.last?.colors.hue.center == 0.2)
    }

    @Test func withoutAFolderOrALibraryRecordingAndSteppingAreRefused() async throws {
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock()))
        await #expect(throws: LiveError.self) { try await instrument.startRecording() }
        await #expect(throws: LiveError.self) { try await instrument.stepChordset(by: 1) }
        do {
            try await instrument.perform(.padDown(pad: 12, velocity: 1))
            Issue.record("a pad that does not exist was played")
        } catch {
            #expect(error.code == .refused)
            #expect(error.cause is InstrumentError)
            #expect(error.message.contains("pad"))
        }
    }

    /// Waits for a sleeper on `clock`, moves the clock on, then lets the tasks it woke run until `done` holds.
    private func advance(_ clock: ManualClock, by duration: Duration, until done: () -> Bool) async throws {
        try await clock.awaitSleeper()
        clock.advance(by: duration)
        try await awaitUntil("what the clock's moving on brings") { done() }
    }
}
