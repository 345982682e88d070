import Engine
import Instrument
import Synchronization
import Testing
import TestSupport

/// Keeping time with a Link session (a fake one here, on the test's clock): tempo both ways, clamped to
/// the instrument's range; the beat put in phase within the quantum; one check at a time however many ask;
/// starts on the quantum's downbeat; a start that cannot play said; the tempo heard told only once steady.
@Suite struct LiveLinkTests {
    /// A session whose tempo, peers and start the test sets, and whose beat runs on the test's clock from
    /// `phaseAtZero`. It keeps what the instrument told it, and — when `countsChecks` — how many checks were
    /// under way at once (a check reads `isEnabled` first; `LinkListener` hears its end).
    final class FakeSession: TempoSession {
        struct State {
            var isEnabled = false
            var tempo = 120.0
            var phaseAtZero = 0.0
            var peers = 1
            var playing = false
            /// The tempos the instrument set, in order.
            var tempoSet: [Double] = []
            /// The starts and stops the instrument asked for: whether, as from when (seconds on the test's
            /// clock), and the quantum.
            var startsAndStops: [Told] = []
            var playingChangedAt = 0.0
            var playingChangedEarlier = 0.0
            var countsChecks = false
            var checksUnderWay = 0
            var mostChecksAtOnce = 0
        }

        struct Told: Equatable {
            var playing: Bool
            var at: Double
            var quantum: Double
        }

        let clock: ManualClock
        let state = Mutex(State())
        init(clock: ManualClock) { self.clock = clock }

        var tempo: Double {
            get { state.withLock { $0.tempo } }
            set { state.withLock { $0.tempo = newValue } }
        }
        var phaseAtZero: Double {
            get { state.withLock { $0.phaseAtZero } }
            set { state.withLock { $0.phaseAtZero = newValue } }
        }
        /// Whether the session plays; set by the test, it started or stopped now — or `playingChangedEarlier`
        /// seconds before (a check sees it late).
        var playing: Bool {
            get { state.withLock { $0.playing } }
            set {
                let now = self.now
                state.withLock { state in
                    state.playing = newValue
                    state.playingChangedAt = now - state.playingChangedEarlier
                }
            }
        }
        var playingChangedEarlier: Double {
            get { state.withLock { $0.playingChangedEarlier } }
            set { state.withLock { $0.playingChangedEarlier = newValue } }
        }
        var peerCount: Int {
            get { state.withLock { $0.peers } }
            set { state.withLock { $0.peers = newValue } }
        }
        var tempoSet: [Double] { state.withLock { $0.tempoSet } }
        var startsAndStops: [Told] { state.withLock { $0.startsAndStops } }

        var isEnabled: Bool {
            state.withLock { state in
                if state.countsChecks {
                    state.checksUnderWay += 1
                    state.mostChecksAtOnce = max(state.mostChecksAtOnce, state.checksUnderWay)
                }
                return state.isEnabled
            }
        }
        func checkEnded() { state.withLock { $0.checksUnderWay -= 1 } }
        func setEnabled(_ enabled: Bool) { state.withLock { $0.isEnabled = enabled } }
        var peers: Int { state.withLock { $0.isEnabled ? $0.peers : 0 } }
        var now: Double { clock.now.offset.inSeconds }

        func timeline(quantum: Double, aheadBy seconds: Double) -> (tempo: Double, beat: Double, phase: Double, playing: Bool) {
            let now = self.now
            return state.withLock { state in
                let beat = state.phaseAtZero + (now + seconds) * state.tempo / 60
                let phase = beat.truncatingRemainder(dividingBy: quantum)
                return (state.tempo, beat, phase < 0 ? phase + quantum : phase, state.playing)
            }
        }

        /// The session's phase within `quantum` at `time` (seconds on the test's clock).
        func phase(at time: Double, quantum: Double) -> Double {
            timeline(quantum: quantum, aheadBy: time - now).phase
        }

        /// What the session calls at a start or stop (the test calls it, as Link's thread would).
        let onPlayingChange = Mutex<(@Sendable () -> Void)?>(nil)
        func whenPlayingChanges(_ handler: @escaping @Sendable () -> Void) { onPlayingChange.withLock { $0 = handler } }

        func playingChanged() -> Double {
            let now = self.now
            return state.withLock { $0.playingChangedAt - now }
        }

        func clockMicros(secondsFromNow seconds: Double) -> Int64 { Int64(((now + seconds) * 1_000_000).rounded()) }

        func setTempo(_ bpm: Double) {
            state.withLock { state in
                state.tempo = bpm
                state.tempoSet.append(bpm)
            }
        }

        func setPlaying(_ playing: Bool, at seconds: Double, quantum: Double) {
            let now = self.now
            state.withLock { state in
                state.playing = playing
                state.playingChangedAt = now + seconds
                state.startsAndStops.append(Told(playing: playing, at: now + seconds, quantum: quantum))
            }
        }
    }

    /// Hears where the session is (the end of each check) and the instrument's tempo as it changes.
    final class LinkListener: LiveAudience {
        let session: FakeSession
        private let heard = Mutex<(link: [LinkStatus], tempi: [Double])>(([], []))
        init(session: FakeSession) { self.session = session }

        var link: [LinkStatus] { heard.withLock { $0.link } }
        /// How many times the instrument's tempo became `bpm`.
        func timesTempoBecame(_ bpm: Double) -> Int {
            let tempi = heard.withLock { $0.tempi }
            let before: [Double?] = [nil] + tempi.map { $0 }
            return zip(before, tempi).filter { $0 != bpm && $1 == bpm }.count
        }

        func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
            if aspects.contains(.tempo) { heard.withLock { $0.tempi.append(state.tempo) } }
        }
        func recording(_ on: Bool, savedAt location: String?) {}
        func libraryChanged(revision: Int) {}
        func linkChanged(_ status: LinkStatus) {
            session.checkEnded()
            heard.withLock { $0.link.append(status) }
        }
    }

    private func linked() -> (LiveLink<ManualClock>, LiveInstrument<ManualClock>, FakeSession, ManualClock) {
        let clock = ManualClock()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock))
        let session = FakeSession(clock: clock)
        return (LiveLink(instrument: instrument, session: session), instrument, session, clock)
    }

    /// A link with a composition transport ("Test" loaded, stopped) and a listener.
    private func linkedWithTransport(outputLatency: Double = 0, loaded: Bool = true) async throws -> (
        link: LiveLink<ManualClock>, transport: CompositionTransport<ManualClock>, session: FakeSession, clock: ManualClock, listener: LinkListener
    ) {
        let clock = ManualClock()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock))
        let session = FakeSession(clock: clock)
        let listener = LinkListener(session: session)
        instrument.listen(listener)
        let transport = CompositionTransport(instrument: instrument, shelf: try TestCompositions(), output: nil)
        let link = LiveLink(instrument: instrument, session: session, outputLatency: outputLatency, transport: transport)
        if loaded {
            try await transport.play("Test")  // not joined: at once
            #expect(transport.status.playing && transport.status.startsIn == nil)
            await transport.stop()
        }
        return (link, transport, session, clock, listener)
    }

    @Test func theTempoTravelsBothWaysClampedToTheInstrumentsRange() async throws {
        let (link, instrument, session, clock) = linked()
        try link.set(enabled: true, quantum: 4)
        session.tempo = 133.5
        await link.sync()
        #expect(await instrument.engine.snapshot().tempo == 133.5)
        try await instrument.perform(.tempo(beatsPerMinute: 97))
        clock.advance(by: .milliseconds(100))
        await link.sync()
        #expect(session.tempoSet == [97])
        for (offered, taken) in [(999.0, 300.0), (5, 20)] {
            session.tempo = offered
            clock.advance(by: .milliseconds(100))
            await link.sync()
            #expect(await instrument.engine.snapshot().tempo == taken)
        }
        #expect(link.status.enabled && link.status.peers == 1 && link.status.problem == nil)
    }

    @Test(arguments: [0.0, 1.5, 3.9, -2.25])
    func theBeatIsPutInPhaseWithTheSessionWithinTheQuantum(phase: Double) async throws {
        let (link, instrument, session, clock) = linked()
        session.phaseAtZero = phase
        clock.advance(by: .milliseconds(700))
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        let state = await instrument.engine.snapshot()
        let sessionBeat = session.timeline(quantum: 4, aheadBy: 0).beat
        var difference = (state.beat - sessionBeat).truncatingRemainder(dividingBy: 4)
        if difference > 2 { difference -= 4 } else if difference < -2 { difference += 4 }
        #expect(abs(difference) < 1e-6, "engine beat \(state.beat), session beat \(sessionBeat)")
        // Checked again a moment later, nothing is left to correct.
        clock.advance(by: .milliseconds(100))
        await link.sync()
        #expect(abs(link.recentPhaseErrors.last ?? 1) < 1e-6)
    }

    @Test func aQuantumOutOfRangeIsRefusedAndChangesNothing() throws {
        let (link, _, session, _) = linked()
        for quantum in [0.0, 65, .nan, -4, .infinity] {
            #expect(throws: LiveError.self) { try link.set(enabled: true, quantum: quantum) }
        }
        #expect(!session.isEnabled && link.status.quantum == 4)
    }

    /// Fifty consoles asking at once while the loop's own check comes due: the checks never overlap, and each
    /// change is carried across once — the fader's tempo told to the session once, the session's taken once.
    @Test(.timeLimit(.minutes(1))) func checksRunOneAtATimeHoweverManyAskAndEachChangeIsCarriedOnce() async throws {
        let (link, instrument, session, clock) = linked()
        let listener = LinkListener(session: session)
        instrument.listen(listener)
        session.state.withLock { $0.countsChecks = true }
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        let looping = Task { await link.keepInTime(every: .milliseconds(100)) }

        /// The loop's check comes due while fifty more are asked for at once; returns when all have ended.
        func manyAtOnce() async throws {
            try await clock.awaitSleeper()  // the loop waits for its next check
            clock.advance(by: .milliseconds(100))
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<50 { group.addTask { await link.sync() } }
            }
            try await clock.awaitSleeper()  // the loop's check has ended too
        }

        try await instrument.perform(.tempo(beatsPerMinute: 97))  // the fader moved
        try await manyAtOnce()
        #expect(session.tempoSet == [97])
        session.tempo = 133.5  // another app moved the session
        try await manyAtOnce()
        #expect(listener.timesTempoBecame(133.5) == 1)
        #expect(session.tempoSet == [97])
        looping.cancel()
        await looping.value
        let (mostAtOnce, underWay) = session.state.withLock { ($0.mostChecksAtOnce, $0.checksUnderWay) }
        #expect(mostAtOnce == 1 && underWay == 0)
        #expect(listener.link.count >= 3 && listener.link.allSatisfy(\.enabled))
    }

    /// A peer starts the session mid-bar: the composition waits for the quantum's next downbeat, and its
    /// start (beat 0) falls on the session's bar — as seen, so `outputLatency` before it on the engine's clock.
    @Test(.timeLimit(.minutes(1)), arguments: [0.0, 0.05])
    func theSessionStartingPlaysFromTheQuantumsNextDownbeat(latency: Double) async throws {
        let (link, transport, session, clock, _) = try await linkedWithTransport(outputLatency: latency)
        try link.set(enabled: true, quantum: 4)
        clock.advance(by: .milliseconds(700))
        await link.sync()
        session.playing = true  // at 0.7 s: beat 1.4 of the bar (120 BPM, two beats a second)
        await link.sync()
        // The next downbeat as seen is beat 4, at 2 s; the engine draws it `latency` before.
        let downbeat = 2.0 - latency
        #expect(!transport.status.playing)
        #expect(abs((transport.status.startsIn ?? 0) - (downbeat - 0.7)) < 1e-9)
        clock.advance(by: .seconds(downbeat - 0.7 - 0.001))
        await transport.tick()
        #expect(!transport.status.playing, "a millisecond before the downbeat, it still waits")
        clock.advance(by: .milliseconds(2))
        await transport.tick()
        let status = transport.status
        #expect(status.playing && status.startsIn == nil)
        // The playhead ran from the downbeat itself, not from the tick that found it come.
        let start = session.now - status.seconds
        #expect(abs(start - downbeat) < 1e-4, "started at \(start) s, the downbeat is at \(downbeat) s")
        let phase = session.phase(at: start + latency, quantum: 4)
        #expect(min(phase, 4 - phase) < 1e-3, "the composition's start is at phase \(phase) of the session's bar")
        // The session's start is not told back to it, and the next checks start nothing again.
        clock.advance(by: .milliseconds(100))
        await link.sync()
        #expect(session.startsAndStops.isEmpty && transport.status.playing)
    }

    /// The session started 20 ms before a downbeat and the check saw it 50 ms after: the transport plays as
    /// from that downbeat, counted from Link's own moment of the start — it used to wait for the next bar.
    /// And a start seen before its downbeat still waits for it.
    @Test(.timeLimit(.minutes(1)), arguments: [(seenAt: 2.05, startedAt: 1.98, downbeat: 2.0), (seenAt: 1.5, startedAt: 1.45, downbeat: 2.0)])
    func theSessionsStartIsCountedFromLinksOwnMomentNotFromTheCheck(seenAt: Double, startedAt: Double, downbeat: Double) async throws {
        let (link, transport, session, clock, listener) = try await linkedWithTransport()
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        clock.advance(by: .seconds(seenAt))
        session.playingChangedEarlier = seenAt - startedAt
        session.playing = true
        await link.sync()
        if downbeat > seenAt {
            #expect(!transport.status.playing && abs((transport.status.startsIn ?? 0) - (downbeat - seenAt)) < 1e-9)
            clock.advance(by: .seconds(downbeat - seenAt + 1e-6))
        }
        await transport.tick()
        let status = transport.status
        #expect(status.playing)
        #expect(abs(session.now - status.seconds - downbeat) < 1e-4, "started at \(session.now - status.seconds) s, the downbeat is at \(downbeat) s")
        await link.sync()
        let told = try #require(listener.link.last?.transportStartedAtMicros)
        #expect(abs(told - Int64(downbeat * 1_000_000)) <= 1, "said on the session's clock: \(told) µs")
    }

    /// The session started 10 ms before a downbeat, with a frame (16.7 ms) between the engine's drawing and
    /// the light seen: the start is that downbeat, drawn a frame before it — not the next bar, which it was
    /// when the downbeat was looked for a frame after the start (3 starts in 100 at quantum 1, bench/link_start.py).
    @Test(.timeLimit(.minutes(1))) func aStartLessThanAFrameBeforeADownbeatIsSeenOnThatDownbeat() async throws {
        let frame = 1.0 / 60
        let (link, transport, session, clock, _) = try await linkedWithTransport(outputLatency: frame)
        try link.set(enabled: true, quantum: 1)
        await link.sync()
        clock.advance(by: .seconds(1.99))  // beat 3.98 at 120 BPM: the downbeat at 2.0 s
        session.playing = true
        await link.sync()
        await transport.tick()
        #expect(transport.status.playing)
        let start = session.now - transport.status.seconds
        #expect(abs(start - (2.0 - frame)) < 1e-4, "drawn from \(start) s, seen at \(start + frame) s; the downbeat is at 2.0 s")
    }

    /// A start and a stop of the session are followed at once — Link calls back — not at the next check.
    @Test(.timeLimit(.minutes(1))) func theSessionsStartAndStopAreFollowedWithoutWaitingForACheck() async throws {
        let (link, transport, session, clock, _) = try await linkedWithTransport()
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        clock.advance(by: .seconds(2))  // on a downbeat
        session.playing = true
        session.onPlayingChange.withLock { $0 }?()
        try await awaitUntil("the transport to start") { transport.status.playing }
        session.playing = false
        session.onPlayingChange.withLock { $0 }?()
        try await awaitUntil("the transport to stop") { !transport.status.playing }
    }

    /// A peer stops the session ahead of time (Link's timeForIsPlaying 0.4 s after the stop is seen): the
    /// transport plays on until that moment, less the frame the light takes to be seen, and its playhead stops
    /// there — it used to stop when the stop was seen.
    @Test(.timeLimit(.minutes(1))) func theSessionsStopIsPlacedAtLinksOwnMoment() async throws {
        let frame = 1.0 / 60
        let (link, transport, session, clock, _) = try await linkedWithTransport(outputLatency: frame)
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        clock.advance(by: .seconds(2))  // on a downbeat: it plays as from a frame before it
        session.playing = true
        await link.sync()
        #expect(transport.status.playing)
        clock.advance(by: .seconds(1))
        session.playingChangedEarlier = -0.4
        session.playing = false
        await link.sync()
        clock.advance(by: .seconds(0.3))
        await transport.tick()
        #expect(transport.status.playing)
        clock.advance(by: .seconds(0.2))
        await transport.tick()
        #expect(!transport.status.playing)
        #expect(abs(transport.status.seconds - 1.4) < 1e-4, "stopped \(transport.status.seconds) s in; the session's stop is 1.4 s after its start")
        await link.sync()
        #expect(session.startsAndStops.isEmpty)  // the session's own stop is not told back to it
    }

    /// The performer plays the composition while joined: it too waits for the next downbeat, and the
    /// session is told to start as from the moment play was asked for — its peers then start on that same
    /// downbeat (Link's start/stop sync). Alone, it starts at once, and the session from then.
    @Test(.timeLimit(.minutes(1)), arguments: [1, 0])
    func playingTheCompositionWaitsForTheDownbeatAndStartsTheSession(peers: Int) async throws {
        let (link, transport, session, clock, _) = try await linkedWithTransport()
        session.peerCount = peers
        try link.set(enabled: true, quantum: 4)
        clock.advance(by: .milliseconds(700))
        await link.sync()
        try await transport.play()
        if peers == 0 {
            #expect(transport.status.playing)
        } else {
            #expect(!transport.status.playing && abs((transport.status.startsIn ?? 0) - 1.3) < 1e-9)
        }
        clock.advance(by: .milliseconds(50))
        await link.sync()
        #expect(session.startsAndStops.count == 1)
        let told = try #require(session.startsAndStops.first)
        #expect(told.playing && told.quantum == 4 && abs(told.at - 0.7) < 1e-9)
        if peers > 0 {
            clock.advance(by: .milliseconds(1251))
            await transport.tick()
            #expect(transport.status.playing)
            #expect(abs(session.now - transport.status.seconds - 2.0) < 1e-4)
        }
        // The session, now playing, does not start the composition again; stopping the one stops the other.
        clock.advance(by: .milliseconds(100))
        await link.sync()
        await transport.stop()
        await link.sync()
        #expect(session.startsAndStops.map(\.playing) == [true, false])
    }

    /// The session starts with nothing loaded to play: the performer is told why, where Link's state is
    /// shown; when the session stops, the problem goes.
    @Test(.timeLimit(.minutes(1))) func aStartThatCannotPlayIsSaid() async throws {
        let (link, transport, session, clock, listener) = try await linkedWithTransport(loaded: false)
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        session.playing = true
        clock.advance(by: .milliseconds(100))
        await link.sync()
        #expect(!transport.status.playing)
        let problem = try #require(link.status.problem)
        #expect(problem.contains("Link session started") && problem.contains("no composition is loaded"))
        #expect(listener.link.last?.problem == problem)
        clock.advance(by: .milliseconds(100))
        await link.sync()
        #expect(link.status.problem == problem, "said until it stops or something plays")
        session.playing = false
        clock.advance(by: .milliseconds(100))
        await link.sync()
        #expect(link.status.problem == nil && listener.link.last?.problem == nil)
    }

    /// With "Tempo follows sound": an estimate that wanders (here between a tempo and its half) moves the
    /// instrument but is never told to the session; a steady one — within 1 % for 4 s of the engine's clock,
    /// after 8 onsets — is told once, however long it stays.
    @Test(.timeLimit(.minutes(1))) func onlyASteadyTempoHeardIsToldToTheSession() async throws {
        let (link, instrument, session, clock) = linked()
        try await instrument.perform(.soundResponse(SoundResponse(tempoFollows: true)))
        try link.set(enabled: true, quantum: 4)
        await link.sync()
        func hear(_ tempo: Double) async throws {
            clock.advance(by: .milliseconds(100))
            try await instrument.perform(.heard(Heard(level: 0.5, peak: 0.5, bands: [0.5, 0, 0, 0], onset: 0.8, tempo: tempo)))
            await link.sync()
        }
        var followed: Set<Double> = []
        for step in 0..<100 {  // ten seconds, the estimate flipping between 128 and 64 each second
            try await hear(step % 20 < 10 ? 128 : 64)
            followed.insert(await instrument.engine.snapshot().tempo)
        }
        #expect(followed == [64, 128], "the instrument's own tempo follows every estimate")
        #expect(session.tempoSet.isEmpty, "a wandering estimate is not told")
        // Steady: within ±0.4 of 128 (0.6 % apart) from now on.
        for step in 0..<39 { try await hear(step % 2 == 0 ? 128.4 : 127.6) }
        #expect(session.tempoSet.isEmpty, "steady for 3.9 s: not yet")
        for step in 39..<42 { try await hear(step % 2 == 0 ? 128.4 : 127.6) }
        #expect(session.tempoSet == [128])
        for step in 42..<100 { try await hear(step % 2 == 0 ? 128.4 : 127.6) }
        #expect(session.tempoSet == [128], "told once")
        #expect(link.status.tempo == 128)
    }

    @Test func aTempoIsSteadyAfterEnoughOnsetsOnceItHoldsWithinTheToleranceForTheWindow() {
        /// Feeds one estimate every 0.1 s from `from` for `seconds`, and gives what was to be told.
        func feed(_ steady: inout SteadyTempo, _ tempo: Double?, onsets: Int, from: Double, seconds: Double) -> [Double] {
            var told: [Double] = []
            for step in 0..<Int((seconds * 10).rounded()) {
                steady.hear(tempo, onsets: onsets, at: from + Double(step) / 10)
                if let tempo = steady.takeUntold() { told.append(tempo) }
            }
            return told
        }
        var steady = SteadyTempo()
        #expect(feed(&steady, 120, onsets: 7, from: 0, seconds: 6).isEmpty, "seven onsets are not enough")
        #expect(feed(&steady, 120, onsets: 8, from: 6, seconds: 1) == [120], "the eighth: steady since 4 s and more")
        #expect(feed(&steady, 120.5, onsets: 20, from: 7, seconds: 6).isEmpty, "within 1 % of what was told: nothing new")
        #expect(feed(&steady, nil, onsets: 20, from: 13, seconds: 1).isEmpty)
        #expect(feed(&steady, 124, onsets: 20, from: 14, seconds: 3.9).isEmpty, "after a silence, the window starts again")
        #expect(feed(&steady, 124, onsets: 20, from: 17.9, seconds: 0.3) == [124], "3 % from the last told: told")
        #expect(feed(&steady, 130, onsets: 20, from: 10, seconds: 3.9).isEmpty, "a clock gone back starts again")
        #expect(feed(&steady, 130, onsets: 20, from: 13.9, seconds: 0.3) == [130])
        #expect(steady.told == 130)
    }
}
