import Engine
import Instrument
import Testing
import TestSupport

@testable import Server

/// The frame ticker on the manual clock: a frame each interval of the engine's clock, on the grid, and no
/// burst of frames to make up for lost time.
@Suite("The frame ticker", .timeLimit(.minutes(1)))
struct FrameTickerTests {
    /// Yields until the ticker has ticked `count` times and sleeps on the clock again.
    func ticked(_ count: Int, _ session: LiveSession<ManualClock>, _ clock: ManualClock) async throws {
        try await awaitUntil("\(count) ticks, and the ticker waiting on the clock again") { session.ticks.count >= count && clock.sleeperCount > 0 }
    }

    @Test func aFrameEachIntervalAndNoBurstAfterFallingBehind() async throws {
        let clock = ManualClock()
        let session = LiveSession(instrument: LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock)))
        let ticker = FrameTicker(session: session, fps: 50)  // a tick every 20 ms
        let running = Task { try await ticker.run() }

        try await ticked(1, session, clock)
        clock.advance(by: .milliseconds(19))
        await Task.yield()
        #expect(session.ticks.count == 1, "not before its interval")
        clock.advance(by: .milliseconds(1))
        try await ticked(2, session, clock)
        clock.advance(by: .milliseconds(20))
        try await ticked(3, session, clock)
        #expect(session.ticks.count == 3)

        // A second lost (a stalled machine): one tick, then the grid starts again from there.
        clock.advance(by: .seconds(1))
        try await ticked(4, session, clock)
        #expect(session.ticks.count == 4)
        clock.advance(by: .milliseconds(20))
        try await ticked(5, session, clock)
        #expect(session.ticks.count == 5)

        running.cancel()
        _ = await running.result
    }
}
