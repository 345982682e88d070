import Engine
import Instrument
import Synchronization
import Testing
import TestSupport

/// A recording whose disk stops answering: said to every console once the flush under way has waited five
/// seconds of the engine's clock, while the engine, the library's threads and the performance go on and no
/// flush piles up behind it; when the disk answers, the recording goes on, whole, and that is said.
@Suite("A disk that hangs", .timeLimit(.minutes(1)))
struct DiskHangTests {
    @Test func aHungDiskIsSaidOnceAndTheRecordingGoesOnWhenItAnswers() async throws {
        let clock = ManualClock()
        let store = MemoryRecordings()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock), recordings: store)
        let listener = RecordingFailureTests.Listener()
        instrument.listen(listener)
        let flushing = Task { await instrument.keepRecordingDurable(every: .milliseconds(250), on: clock) }
        defer { flushing.cancel() }
        try await instrument.startRecording()
        let journal = try #require(store.all.first)
        defer { journal.answerWrites() }  // never leave the disk thread waiting, whatever happens here
        try await tick(clock) { journal.flushes.count == 1 && !instrument.isFlushing }

        // The disk stops answering: the next flush waits for it, and no other starts behind it.
        journal.hangWrites()
        try await tick(clock) { journal.flushesStarted == 2 }
        for step in 0..<19 {
            try await instrument.perform(.tempo(beatsPerMinute: 90 + Double(step)))  // the engine does not wait
            try await tick(clock) { true }
            #expect(listener.said == ["recording true -"], "nothing said before five seconds (\(step))")
        }
        #expect(journal.flushesStarted == 2, "no flush piles up behind the one that waits")
        let answered = await WorkerPool.library.run { 42 }
        #expect(answered == 42, "the library’s threads are not held by the disk")
        try await tick(clock) { listener.said.count == 2 }
        let said = try #require(listener.said.last)
        #expect(said.hasPrefix("failed goes on -: the disk is not taking the recording: nothing has reached it for 5.0 s."))
        #expect(said.contains("all of it (in memory) are held for it"))
        for _ in 0..<8 { try await tick(clock) { true } }
        #expect(listener.said.count == 2, "said once")

        // It answers: what was played meanwhile reaches it, and the recording goes on.
        journal.answerWrites()
        try await awaitUntil("the recording to be said to go on") { listener.said.count == 3 }
        #expect(listener.said.last == "failed goes on -: the disk took the recording again after 7.0 s: it goes on (what was left out meanwhile, if anything, is said)")
        try await tick(clock) { journal.flushes.count == 3 }
        #expect(journal.log.events.count == 19, "every event played while it waited")
        #expect(await instrument.engine.snapshot().isRecording)
        #expect(try await instrument.stopRecording() == journal.location)
    }

    /// Advances the clock by one flush interval once the flusher sleeps, then waits for `done`.
    private func tick(_ clock: ManualClock, until done: () async -> Bool) async throws {
        try await awaitUntil("the flusher to sleep") { clock.sleeperCount > 0 }
        clock.advance(by: .milliseconds(250))
        try await awaitUntil("the tasks the clock woke to be done") { await done() }
    }
}
