import Engine
import Foundation
import Geometry
import Instrument
import Testing
import TestSupport

@Suite("The engine")
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

    @Test func aBadIntentIsRefusedAndNotLogged() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock)
        try await engine.startRecording()
        await #expect(throws: InstrumentError.self) { try await engine.perform(.padDown(pad: 9, velocity: 1)) }
        try await engine.perform(.tempo(beatsPerMinute: 90))
        let recording = try #require(await engine.stopRecording())
        #expect(recording.events.map(\.intent) == [.tempo(beatsPerMinute: 90)])
    }

    @Test func aRecordingReplaysTheFramesThatWereShown() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.pulseGarden, clock: clock)
        try await engine.perform(.recallChord(3))
        clock.advance(by: .seconds(1))
        try await engine.perform(.padDown(pad: 3, velocity: 0.8))
        clock.advance(by: .seconds(1))
        try await engine.startRecording()
        var shown: [Scene] = []
        for step in 0..<30 {
            if step == 10 { try await engine.perform(.tap(at: Point(x: 0.3, y: 0.6), velocity: 1)) }
            if step == 20 { try await engine.perform(.padUp(pad: 3)) }
            shown.append(await engine.frame())
            clock.advance(by: .milliseconds(100))
        }
        let recording = try #require(await engine.stopRecording())
        #expect(recording.recordedFrom == 2)
        #expect(recording.recordedSpan.upperBound >= 4.9)
        // Replayed from the file, the recording shows the same frames at the same moments.
        let reread = try JSONDecoder().decode(PerformanceLog.self, from: try JSONEncoder().encode(recording))
        var player = PerformancePlayer(log: reread)
        for scene in shown { #expect(player.scene(at: scene.time) == scene) }
    }

    @Test func notRecordingGivesNoRecording() async {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ManualClock())
        #expect(await engine.stopRecording() == nil)
        #expect(await engine.snapshot().isRecording == false)
    }

    @Test func aFloodOfLargeIntentsFillsTheLogAndThenOnlyThePerformanceGoesOn() async throws {
        let clock = ManualClock()
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock, maximumLogBytes: 200_000)
        try await engine.startRecording()
        try await engine.perform(.padDown(pad: 0, velocity: 1))
        clock.advance(by: .seconds(1))
        for index in 0..<200 {  // each chordset loaded is logged whole
            try await engine.perform(.loadChordset(FactoryChordsets.all[index % 4]))
            clock.advance(by: .milliseconds(10))
        }
        #expect(await engine.logIsFull)
        let logged = await engine.loggedEventCount
        #expect(logged > 1 && logged < 201)
        try await engine.perform(.tempo(beatsPerMinute: 100))  // still played
        #expect(await engine.snapshot().tempo == 100)
        #expect(await engine.loggedEventCount == logged)
        let recording = try #require(await engine.stopRecording())
        // The recording says honestly how far it goes: to where the log filled up, not to now.
        #expect(try #require(recording.recordedUntil) < 3.0)
        await #expect(throws: InstrumentError.self) { try await engine.startRecording() }
    }
}
