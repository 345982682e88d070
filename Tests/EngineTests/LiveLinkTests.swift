import Engine
import Instrument
import Synchronization
import Testing
import TestSupport

/// Keeping time with a Link session (a fake one here, on the test's clock): tempo both ways, clamped to
/// the instrument's range, and the beat put in phase within the quantum.
@Suite struct LiveLinkTests {
    /// A session whose tempo the test sets, and whose beat runs on the test's clock from `phaseAtZero`.
    final class FakeSession: TempoSession, @unchecked Sendable {
        let clock: ManualClock
        private let lock = Mutex(())
        var isEnabled = false
        var tempo = 120.0
        var phaseAtZero = 0.0
        var tempoSetByInstrument: Double?
        init(clock: ManualClock) { self.clock = clock }
        func setEnabled(_ enabled: Bool) { isEnabled = enabled }
        var peers: Int { isEnabled ? 1 : 0 }
        func timeline(quantum: Double, aheadBy seconds: Double) -> (tempo: Double, beat: Double, phase: Double, playing: Bool) {
            let now = Double(clock.now.offset.components.seconds) + Double(clock.now.offset.components.attoseconds) * 1e-18
            let beat = phaseAtZero + (now + seconds) * tempo / 60
            let phase = beat.truncatingRemainder(dividingBy: quantum)
            return (tempo, beat, phase < 0 ? phase + quantum : phase, playing)
        }
        func setTempo(_ bpm: Double) {
            tempo = bpm
            tempoSetByInstrument = bpm
        }
        var playing = false
        func setPlaying(_ playing: Bool) { self.playing = playing }
    }

    private func linked() -> (LiveLink<ManualClock>, LiveInstrument<ManualClock>, FakeSession, ManualClock) {
        let clock = ManualClock()
        let instrument = LiveInstrument(engine: InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock))
        let session = FakeSession(clock: clock)
        return (LiveLink(instrument: instrument, session: session), instrument, session, clock)
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
        #expect(session.tempoSetByInstrument == 97)
        for (offered, taken) in [(999.0, 300.0), (5, 20)] {
            session.tempo = offered
            clock.advance(by: .milliseconds(100))
            await link.sync()
            #expect(await instrument.engine.snapshot().tempo == taken)
        }
        #expect(link.status.enabled && link.status.peers == 1)
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
}
