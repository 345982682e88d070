import Engine
import Foundation
import Instrument
import Testing
import TestSupport

/// Listening, live: an input's blocks become heard intents, one a hop; an input that stops sending is said and
/// the envelopes fall to silence; one that fails says why; one that cannot be opened is refused and nothing is
/// heard. The input here is a fake the test plays into, and the clock is the test's.
@Suite struct LiveListeningTests {
    /// An input that delivers what the test plays, on the test's own thread.
    final class PlayedInput: SoundInput, @unchecked Sendable {
        let name = "device: test"
        let sampleRate = 48_000
        let channelCount = 1
        let bufferFrames = 480
        private var deliver: (@Sendable (UnsafeBufferPointer<Float>) -> Void)?
        private var failed: (@Sendable (String) -> Void)?

        func start(deliver: @escaping @Sendable (UnsafeBufferPointer<Float>) -> Void, failed: @escaping @Sendable (String) -> Void) throws {
            self.deliver = deliver
            self.failed = failed
        }

        func stop() { deliver = nil }

        /// `seconds` of a sine at `amplitude`, a hop at a time.
        func play(seconds: Double, amplitude: Float = 0.5) {
            let samples = (0..<Int(seconds * 48_000)).map { amplitude * Float(sin(2 * Double.pi * 100 * Double($0) / 48_000)) }
            samples.withUnsafeBufferPointer { all in
                for start in stride(from: 0, to: all.count, by: 480) {
                    deliver?(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + 480)]))
                }
            }
        }

        func fail(_ reason: String) { failed?(reason) }
    }

    /// Hears what the instrument hears.
    final class HeardProbe: LiveAudience {
        private let stream: AsyncStream<ListeningStatus>
        private let continuation: AsyncStream<ListeningStatus>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream(of: ListeningStatus.self) }
        func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {}
        func recording(_ on: Bool, savedAt location: String?) {}
        func libraryChanged(revision: Int) {}
        func heard(_ status: ListeningStatus) { continuation.yield(status) }
        func first(where condition: (ListeningStatus) -> Bool) async -> ListeningStatus? {
            for await status in stream where condition(status) { return status }
            return nil
        }
    }

    private func listening(opening input: PlayedInput?) -> (LiveListening<ManualClock>, LiveInstrument<ManualClock>, ManualClock, HeardProbe) {
        let clock = ManualClock()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock))
        let probe = HeardProbe()
        instrument.listen(probe)
        let listening = LiveListening(instrument: instrument) { source in
            if source == .none { return nil }
            guard let input, source != .device("gone") else { throw AudioDeviceRefusal() }
            return input
        }
        return (listening, instrument, clock, probe)
    }

    struct AudioDeviceRefusal: Error, CustomStringConvertible { var description: String { "access to the device was refused" } }

    @Test(.timeLimit(.minutes(1))) func eachHopIsAHeardIntentAndTheMeterIsTold() async throws {
        let input = PlayedInput()
        let (listening, instrument, _, probe) = listening(opening: input)
        try listening.listen(to: .defaultInput)
        let running = Task { await listening.run() }
        defer { running.cancel() }
        let changes = ChangeProbe()
        instrument.listen(changes)
        input.play(seconds: 0.5)
        let status = try #require(await probe.first { $0.hearing && $0.level > 0.9 })
        #expect(status.source == "device: test" && status.problem == nil && status.bands[0] > 0.9)
        // 50 hops: 50 heard intents (and nothing else) reached the engine.
        #expect(await changes.first { $0.revision == 50 } != nil)
        #expect(listening.recentDelays.count == 50)
    }

    @Test(.timeLimit(.minutes(1))) func anInputThatStopsSendingIsSaidAndTheShowGoesOn() async throws {
        let input = PlayedInput()
        let (listening, instrument, clock, probe) = listening(opening: input)
        try listening.listen(to: .defaultInput)
        let running = Task { await listening.run() }
        let watching = Task { await listening.watch(every: .milliseconds(250)) }
        defer { running.cancel(); watching.cancel() }
        let changes = ChangeProbe()
        instrument.listen(changes)
        input.play(seconds: 0.3)
        _ = await changes.first { $0.revision == 30 }
        // Nothing more comes: a second and a quarter later it is said.
        for _ in 0..<5 {
            while clock.sleeperCount == 0 { await Task.yield() }
            clock.advance(by: .milliseconds(250))
        }
        let stalled = try #require(await probe.first { !$0.hearing && $0.problem != nil })
        #expect(stalled.problem?.contains("no sound has come from device: test") == true)
        // The instrument plays on, and sound coming back clears it.
        try await instrument.perform(.padDown(pad: 0, velocity: 1))
        input.play(seconds: 0.1)
        #expect(await probe.first { $0.hearing && $0.problem == nil } != nil)
    }

    @Test(.timeLimit(.minutes(1))) func aFailingInputSaysWhyAndNothingIsHeard() async throws {
        let input = PlayedInput()
        let (listening, instrument, _, probe) = listening(opening: input)
        try listening.listen(to: .defaultInput)
        let running = Task { await listening.run() }
        defer { running.cancel() }
        let changes = ChangeProbe()
        instrument.listen(changes)
        input.play(seconds: 0.1, amplitude: 0.8)
        _ = await probe.first { $0.hearing }
        input.fail("the device was unplugged")
        let failed = try #require(await probe.first { $0.problem != nil })
        #expect(failed.problem == "the device was unplugged" && !failed.hearing)
        // Then silence is heard: 10 hops and the silence after them reached the engine.
        #expect(await changes.first { $0.revision == 11 } != nil)
    }

    @Test func anInputThatCannotBeOpenedIsRefusedAndSaid() throws {
        let (listening, _, _, _) = listening(opening: PlayedInput())
        #expect(throws: LiveError.self) { try listening.listen(to: .device("gone")) }
        #expect(listening.status.problem == "access to the device was refused" && !listening.status.hearing)
        #expect(try listening.listen(to: .none).source == "none")
    }

    @Test func aListeningArgumentNamesAFileOnlyWhenOneIsThere() {
        #expect(ListeningSource(argument: "none") { _ in true } == .none)
        #expect(ListeningSource(argument: "default") { _ in true } == .defaultInput)
        #expect(ListeningSource(argument: "set.wav") { $0 == "set.wav" } == .file("set.wav"))
        #expect(ListeningSource(argument: "USB Audio") { _ in false } == .device("USB Audio"))
    }
}
