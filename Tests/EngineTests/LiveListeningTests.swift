@testable import Engine
import Foundation
import Instrument
import Synchronization
import Testing
import TestSupport

/// Listening, live: an input's blocks become heard intents, one a hop; an input that stops sending is said and
/// the envelopes fall to silence; one that fails says why; one that cannot be opened is refused and nothing is
/// heard. The input here is a fake the test plays into, and the clock is the test's.
@Suite(.serialized) struct LiveListeningTests {
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
            started.withLock { $0 += 1 }
            isOpen = true
            removal = nil
        }

        /// What `lost` says (a device removed), set by the test.
        var removal: String?
        var lost: String? { removal }
        /// How many times it was started (read from the test while the library's pool starts it), and whether
        /// it is open now (started and not stopped).
        private let started = Mutex(0)
        var starts: Int { started.withLock { $0 } }
        private(set) var isOpen = false

        func stop() {
            deliver = nil
            isOpen = false
        }

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
        let (instrument, clock, probe) = heardInstrument()
        let listening = LiveListening(instrument: instrument, open: { source in
            if source == .none { return nil }
            guard let input, source != .device("gone") else { throw AudioDeviceRefusal() }
            return input
        }, retrying: Self.onAThreadOfItsOwn)
        return (listening, instrument, clock, probe)
    }

    /// An instrument on the test's clock, and a probe of what it hears.
    private func heardInstrument() -> (LiveInstrument<ManualClock>, ManualClock, HeardProbe) {
        let clock = ManualClock()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock))
        let probe = HeardProbe()
        instrument.listen(probe)
        return (instrument, clock, probe)
    }

    /// Retries on a thread of their own: the library's pool is shared by every test running at once, and a
    /// retry must not wait behind their work.
    static let onAThreadOfItsOwn: @Sendable (@escaping @Sendable () -> Void) -> Void = { job in Thread { job() }.start() }

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
            try await clock.awaitSleeper()
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
        #expect(failed.problem?.hasPrefix("the device was unplugged") == true && failed.lost && !failed.hearing)
        // Then silence is heard: 10 hops and the silence after them reached the engine.
        #expect(await changes.first { $0.revision == 11 } != nil)
    }

    /// Advances `clock` by `steps` quarters of a second, each once the watch sleeps again.
    private func quarters(_ steps: Int, on clock: ManualClock) async throws {
        for _ in 0..<steps {
            try await clock.awaitSleeper()
            clock.advance(by: .milliseconds(250))
        }
    }

    @Test(.timeLimit(.minutes(1))) func aRemovedDeviceIsSaidAtTheNextLookTriedAgainAndTakenBack() async throws {
        let input = PlayedInput()
        let (listening, instrument, clock, probe) = listening(opening: input)
        try listening.listen(to: .defaultInput)
        let running = Task { await listening.run() }
        let watching = Task { await listening.watch(every: .milliseconds(250)) }
        defer { running.cancel(); watching.cancel() }
        let changes = ChangeProbe()
        instrument.listen(changes)
        // Every hop heard before the device goes: a hop of sound still queued after the loss would end it.
        input.play(seconds: 0.1)
        _ = await changes.first { $0.revision == 10 }
        // Unplugged: its driver goes on delivering zeros, but SDL says it is gone. Said at the next look.
        input.removal = "device: test was removed"
        try await quarters(1, on: clock)
        let lost = try #require(await probe.first { $0.lost })
        #expect(lost.problem?.hasPrefix("device: test was removed") == true && !lost.hearing)
        // Plugged in again: the same input, tried again 2 s on (closed and opened anew), is heard once more.
        try await quarters(8, on: clock)
        try await awaitUntil("the input to be started again") { input.starts >= 2 }
        #expect(input.isOpen)
        input.play(seconds: 0.1)
        let back = try #require(await probe.first { !$0.lost && $0.hearing })
        #expect(back.problem == nil)
    }

    @Test func aRemovedDevicesZerosDoNotBringItBackButSoundDoes() {
        typealias Loss = InputHealth<ManualClock.Instant>.Loss
        for loss in [Loss.removed("gone"), .failed("read error")] {
            #expect(!loss.endsWith(soundAt: 0) && loss.endsWith(soundAt: 0.001))
        }
        // Any block at all ends a stall.
        #expect(Loss.stalled.endsWith(soundAt: 0))
    }

    /// A working input whose source stopped or was muted gives exact zeros: that is said as silence, not as a
    /// lost device, and the input is not opened again every two seconds for it (it was, and its sound cut).
    @Test(.timeLimit(.minutes(1))) func digitalSilenceAfterSoundIsSaidNotLostNorReopenedAndSoundEndsIt() async throws {
        let input = PlayedInput()
        let (listening, _, clock, probe) = listening(opening: input)
        try listening.listen(to: .defaultInput)
        let running = Task { await listening.run() }
        let watching = Task { await listening.watch(every: .milliseconds(250)) }
        defer { running.cancel(); watching.cancel() }
        // Exact zeros before any sound are nothing to say (nothing was plugged in yet).
        input.play(seconds: 2.5, amplitude: 0)
        input.play(seconds: 0.5)
        _ = await probe.first { $0.hearing && $0.level > 0.5 }
        #expect(!listening.status.silent && listening.status.problem == nil)
        // Sound, then two seconds of nothing but zeros: said as silence, at once.
        input.play(seconds: 2.05, amplitude: 0)
        let silent = try #require(await probe.first { $0.silent })
        #expect(silent.problem == "device: test gives only digital silence (exact zeros) since it last gave sound: is anything playing into it, or is it muted?")
        #expect(!silent.lost && silent.hearing)
        // Six seconds of zeros and of the watch's looks: never taken for lost, never opened again.
        for _ in 0..<24 {
            let hops = listening.current.withLock { $0.hops }
            input.play(seconds: 0.25, amplitude: 0)
            try await awaitUntil("the zeros to be heard") { listening.current.withLock { $0.hops } >= hops + 25 }
            try await quarters(1, on: clock)
        }
        #expect(input.starts == 1 && input.isOpen && !listening.status.lost && listening.status.silent)
        input.play(seconds: 0.1, amplitude: 0.3)
        let back = try #require(await probe.first { !$0.silent })
        #expect(back.problem == nil && back.hearing)
    }

    /// A device that hangs when opened again: one reopen at a time, however long it hangs, on the inputs' own
    /// thread; a performer choosing another input meanwhile is not kept waiting, and the device, when it
    /// finally opens, is closed (no longer wanted).
    @Test(.timeLimit(.minutes(1))) func aReopenThatHangsIsTheOnlyOneAndHoldsNothingElse() async throws {
        let input = PlayedInput()
        let (instrument, clock, probe) = heardInstrument()
        let opens = Mutex(0)
        let device = DispatchSemaphore(value: 0)
        let listening = LiveListening(instrument: instrument, open: { source in
            guard source != .none else { return nil }
            // The first open answers; every later one hangs until the test lets the device answer.
            if opens.withLock({ count in defer { count += 1 }; return count }) > 0 {
                device.wait()
                device.signal()
            }
            return input
        })
        try listening.listen(to: .device("USB Audio"))
        let running = Task { await listening.run() }
        let watching = Task { await listening.watch(every: .milliseconds(250)) }
        defer { running.cancel(); watching.cancel(); device.signal() }
        input.play(seconds: 0.1)
        _ = await probe.first { $0.hearing }
        input.fail("the device gave a read error")
        _ = try #require(await probe.first { $0.lost })
        try await quarters(8, on: clock)  // the first retry, 2 s on: it hangs
        try await awaitUntil("the reopen to begin") { opens.withLock { $0 } == 2 }
        try await quarters(40, on: clock)  // ten more seconds of looks: none starts another
        #expect(opens.withLock { $0 } == 2, "one reopen at a time")
        let answered = await WorkerPool.library.run { 7 }
        #expect(answered == 7, "the library's threads are not held")
        #expect(try listening.listen(to: .none).source == "none", "choosing another input does not wait for the hung one")
        device.signal()  // the device answers at last: the input it opened is no longer wanted
        try await awaitUntil("the reopen to end") { !listening.current.withLock { $0.health.reopening } }
        #expect(input.starts == 1 && !input.isOpen, "opened late, closed, never started")
        #expect(listening.status.source == "none" && !listening.status.lost)
    }

    @Test(.timeLimit(.minutes(1))) func aFailingInputIsTriedAgainUntilItOpens() async throws {
        let input = PlayedInput()
        let (instrument, clock, probe) = heardInstrument()
        let refusals = Mutex(0)
        let listening = LiveListening(instrument: instrument, open: { source in
            // After the first open, the next two tries are refused (the device is still away).
            let refused = refusals.withLock { count in defer { count += 1 }; return count == 1 || count == 2 }
            if refused { throw AudioDeviceRefusal() }
            return source == .none ? nil : input
        }, retrying: Self.onAThreadOfItsOwn)
        try listening.listen(to: .device("USB Audio"))
        let running = Task { await listening.run() }
        let watching = Task { await listening.watch(every: .milliseconds(250)) }
        defer { running.cancel(); watching.cancel() }
        input.play(seconds: 0.1)
        _ = await probe.first { $0.hearing }
        input.fail("the device gave a read error")
        _ = try #require(await probe.first { $0.lost })
        // Tried at 2 s and 4 s (refused, and said), opened at 6 s.
        for _ in 0..<2 {
            try await quarters(8, on: clock)
            let notYet = try #require(await probe.first { $0.problem?.contains("not yet") == true })
            #expect(notYet.lost && notYet.problem?.contains("access to the device was refused") == true)
            // One reopen at a time: the next is due once this one has ended.
            try await awaitUntil("the reopen to end") { !listening.current.withLock { $0.health.reopening } }
        }
        try await quarters(8, on: clock)
        try await awaitUntil("the input to be started again") { input.starts >= 2 }
        input.play(seconds: 0.1)
        #expect(await probe.first { !$0.lost && $0.hearing } != nil)
        #expect(refusals.withLock { $0 } == 4)
    }

    /// How many exclusive inputs are open now, and the most there ever were at once.
    final class OpenInputs: Sendable {
        let counts = Mutex((now: 0, most: 0))
    }

    /// An input that, like a raw ALSA device, cannot be opened twice at once.
    final class ExclusiveInput: SoundInput, Sendable {
        let name = "device: exclusive", sampleRate = 48_000, channelCount = 1, bufferFrames = 480
        let open: OpenInputs
        init(_ open: OpenInputs) throws {
            self.open = open
            let busy = open.counts.withLock { counts in
                counts.now += 1
                counts.most = max(counts.most, counts.now)
                return counts.now > 1
            }
            if busy {
                open.counts.withLock { $0.now -= 1 }
                throw AudioDeviceRefusal()
            }
        }
        func start(deliver: @escaping @Sendable (UnsafeBufferPointer<Float>) -> Void, failed: @escaping @Sendable (String) -> Void) throws {}
        func stop() { open.counts.withLock { $0.now -= 1 } }
    }

    @Test(.timeLimit(.minutes(1))) func listenCallsComeOneAtATimeAndCloseTheOldInputFirst() async throws {
        let open = OpenInputs()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock()))
        let listening = LiveListening(instrument: instrument) { source in source == ListeningSource.none ? nil : try ExclusiveInput(open) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { try listening.listen(to: ListeningSource.device("exclusive")) } }
            try await group.waitForAll()
        }
        #expect(open.counts.withLock { $0.now == 1 && $0.most == 1 })
        try listening.listen(to: ListeningSource.none)
        #expect(open.counts.withLock { $0.now } == 0)
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

    @Test(arguments: ["nosuch.wav", "set.FLAC", "takes/one", "./x", "a.mp3"])
    func aValueThatReadsAsAFilesPathNamesAFile(argument: String) {
        #expect(ListeningSource.namesAFile(argument))
    }

    @Test(arguments: ["USB Audio", "Built-in Audio Analog Stereo", "hw.0", ".wav", "Monitor of Speakers"])
    func aDevicesNameDoesNotReadAsAFile(argument: String) {
        #expect(!ListeningSource.namesAFile(argument))
    }
}
