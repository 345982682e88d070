import Engine
import Instrument
import Testing
import TestSupport

@Suite("A performer at the live instrument")
struct LivePerformerTests {
    @Test func theyLetGoOfThePadsTheyHoldWhenTheyLeaveAndOnlyThose() async throws {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock())
        let instrument = LiveInstrument(engine: engine)
        var leaving = LivePerformer(instrument: instrument)
        var staying = LivePerformer(instrument: instrument)
        try await leaving.perform(.padDown(pad: 2, velocity: 0.8))
        try await leaving.perform(.padDown(pad: 5, velocity: 0.8))
        try await leaving.perform(.padUp(pad: 2))
        try await staying.perform(.padDown(pad: 7, velocity: 0.5))
        #expect(leaving.held == [5])
        #expect(await engine.snapshot().pads.pads.map(\.isDown) == [false, false, false, false, false, true, false, true])

        await leaving.leave()
        #expect(leaving.held.isEmpty)
        #expect(await engine.snapshot().pads.pads.map(\.isDown) == [false, false, false, false, false, false, false, true])
    }

    @Test func aRefusedIntentHoldsNothing() async {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock())
        var performer = LivePerformer(instrument: LiveInstrument(engine: engine))
        await #expect(throws: LiveError.self) { try await performer.perform(.padDown(pad: 9, velocity: 1)) }
        #expect(performer.held.isEmpty)
    }
}
