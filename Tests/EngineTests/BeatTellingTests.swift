import Engine
import Instrument
import Synchronization
import TestSupport
import Testing

/// Each whole beat told as the performance reaches it, on the engine's clock: its number and the tempo then,
/// a tempo changed while waiting followed, nothing told before its time.
@Suite struct BeatTellingTests {
    @Test(.timeLimit(.minutes(1))) func eachBeatIsToldAsItIsReachedWithTheTempoThen() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock)
        try await engine.perform(.tempo(beatsPerMinute: 120))
        let told = Mutex<[(beat: Int, tempo: Double)]>([])
        let telling = Task { await engine.tellBeats { beat, tempo in told.withLock { $0.append((beat, tempo)) } } }
        defer { telling.cancel() }
        let start = await engine.snapshot().beat
        try await clock.awaitSleeper()
        clock.advance(by: .milliseconds(499))
        try await clock.awaitSleeper()
        #expect(told.withLock { $0.isEmpty }, "nothing before its time")
        clock.advance(by: .milliseconds(1))  // half a second at 120 BPM: the next beat
        try await awaitUntil("the first beat told") { told.withLock { $0.count } == 1 }
        let first = try #require(told.withLock { $0.first })
        #expect(first.beat == Int(start.rounded(.down)) + 1 && first.tempo == 120)
        // Slower while it waits for the next: told when the performance reaches it at the new tempo, not before.
        try await clock.awaitSleeper()
        try await engine.perform(.tempo(beatsPerMinute: 60))
        clock.advance(by: .milliseconds(500))
        try await clock.awaitSleeper()
        let reached = await engine.snapshot().beat
        if reached + 0.01 < Double(first.beat + 1) { #expect(told.withLock { $0.count } == 1, "not told before it is reached") }
        clock.advance(by: .seconds(1))
        try await awaitUntil("the second beat told") { told.withLock { $0.count } == 2 }
        #expect(told.withLock { $0[1].beat } == first.beat + 1 && told.withLock { $0[1].tempo } == 60)
    }
}
