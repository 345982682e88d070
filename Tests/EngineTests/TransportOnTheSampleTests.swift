import Audio
import Engine
import Foundation
import Instrument
import Testing
import TestSupport

/// Starts and stops that wait for a moment (a Link session's downbeat), played through a sound device: the
/// sound placed to the sample, counting the device's latency, and the light a frame ahead of it.
@Suite("A start and a stop placed to the sample")
struct TransportOnTheSampleTests {
    /// The device's latency, in frames (10 ms at 48 kHz), and the light's (a frame of a 60 fps canvas).
    static let deviceLatency = 480
    static let lightLatency = Duration.seconds(1.0 / 60)

    /// A stage with a device pulled by hand: `pull` runs its clock on a block at a time, as a device would.
    struct Device {
        let stage: CompositionTransportTests.Stage
        let output = PulledOutput(latencyFrames: TransportOnTheSampleTests.deviceLatency)
        let transport: CompositionTransport<ManualClock>

        init(startsAfter wait: Double? = nil) async throws {
            stage = try await CompositionTransportTests.Stage()
            transport = CompositionTransport(
                instrument: stage.instrument, shelf: try TestCompositions(), output: output, lightLatency: TransportOnTheSampleTests.lightLatency)
            if let wait { transport.quantizeStarts { asked in asked.advanced(by: .seconds(wait)) } }
        }

        var seconds: Double { stage.clock.now.offset.inSeconds }
        /// The clock's moment `seconds` from its start.
        func moment(_ seconds: Double) -> ManualClock.Instant { stage.clock.now.advanced(by: .seconds(seconds - self.seconds)) }

        /// Pulls blocks of 480 frames for `duration`, the clock moving 10 ms before each and the transport
        /// ticking after: each frame's left sample with the moment it is heard.
        func pull(for duration: Double) async -> [(heardAt: Double, sample: Float)] {
            var heard: [(heardAt: Double, sample: Float)] = []
            for _ in 0..<Int((duration * 100).rounded()) {
                stage.clock.advance(by: .milliseconds(10))
                let heardAt = seconds + Double(TransportOnTheSampleTests.deviceLatency) / 48_000
                for (index, frame) in output.frames(480).enumerated() where index % 2 == 0 {
                    heard.append((heardAt + Double(index / 2) / 48_000, frame))
                }
                await transport.tick()
            }
            return heard
        }
    }

    @Test func aStartThatWaitsIsHeardFromItsSampleTheLightlatencyAfterItsMoment() async throws {
        let device = try await Device(startsAfter: 0.1)
        try await device.transport.play("Test")
        #expect(device.transport.status.startsIn == 0.1 && !device.transport.status.playing)
        let heard = await device.pull(for: 0.7)
        let first = try #require(heard.firstIndex { $0.sample != 0 })
        // The composition's first sample (its sound begins at once) heard at the moment plus the light's latency.
        #expect(abs(heard[first].heardAt - (0.1 + 1.0 / 60)) <= 0.5 / 48_000 + 1e-9)
        #expect(heard[first].sample == 0.25 && device.transport.status.playing)
        #expect(abs(try #require(device.transport.lastStart).offset.inSeconds - 0.1) < 1e-9)
        // What it heard from there is the composition from its start: its half-second sound ends 24,000 frames on.
        let end = try #require(heard[first...].firstIndex { $0.sample == 0 })
        #expect(end - first == 24_000)
    }

    @Test func aStartAlreadyPastPlaysAsFromItsMomentNotFromTheCompositionsStart() async throws {
        let device = try await Device(startsAfter: -0.05)
        try await device.transport.play("Test")
        let heard = await device.pull(for: 0.6)
        // The sound heard from the first pull on is the composition as from 50 ms before the play: its
        // half-second sound ends 50 ms and the light's latency early.
        #expect(heard[0].sample == 0.25)
        let end = try #require(heard.firstIndex { $0.sample == 0 })
        #expect(abs(heard[end].heardAt - (-0.05 + 1.0 / 60 + 0.5)) <= 0.5 / 48_000 + 1e-9)
        #expect(abs(try #require(device.transport.lastStart).offset.inSeconds + 0.05) < 1e-9)
    }

    @Test func theLightIsPerformedALightLatencyBeforeItsSoundIsHeard() async throws {
        let device = try await Device()
        try await device.transport.play("Test")
        _ = await device.pull(for: 1.2)
        let light = try await device.stage.light()
        // The light voice is due 1 s into the composition, heard from the first pull (10 ms in, and the
        // device's 10 ms): 1.02 s on the clock, performed a frame (and at most a 10 ms block) before.
        let down = try #require(light.first)
        #expect(down.intent == "down 0 0.75")
        #expect(down.time <= 1.02 - 1.0 / 60 + 1e-9 && down.time > 1.02 - 1.0 / 60 - 0.01 - 1e-9)
    }

    @Test func aStopThatWaitsEndsTheSoundAtItsSample() async throws {
        let device = try await Device()
        try await device.transport.play("Test")
        _ = await device.pull(for: 2.1)  // the part's second sound (from 2 s of the composition) heard
        let stopsAt = device.seconds + 0.25
        await device.transport.stop(at: device.moment(stopsAt))
        #expect(device.transport.status.playing)  // until then
        let heard = await device.pull(for: 0.5)
        // It plays until the stop's sample, heard the light's latency after its moment, and not after.
        let last = try #require(heard.last { $0.sample != 0 })
        #expect(abs(last.heardAt + 1.0 / 48_000 - (stopsAt + 1.0 / 60)) <= 0.5 / 48_000 + 1e-9)
        #expect(!device.transport.status.playing)
    }

    @Test func aStopThatWaitsLetsTheLightGoAtItsMoment() async throws {
        let device = try await Device()
        try await device.transport.play("Test")
        _ = await device.pull(for: 1.5)  // the light voice (1 s to 2 s of the composition) lit
        let stopsAt = device.seconds + 0.25
        await device.transport.stop(at: device.moment(stopsAt))
        _ = await device.pull(for: 0.5)
        let light = try await device.stage.light()
        #expect(light.map(\.intent) == ["down 0 0.75", "up 0"])
        // Let go at the first tick from the stop's moment, not at the voice's own end (2 s on).
        #expect(light[1].time >= stopsAt - 1e-9 && light[1].time < stopsAt + 0.01 + 1e-9)
    }

    @Test func aStopAskedForAtAMomentPastOrWhileAStartWaitsIsAtOnce() async throws {
        let device = try await Device(startsAfter: 0.5)
        try await device.transport.play("Test")
        await device.transport.stop(at: device.moment(2))
        #expect(device.transport.status.startsIn == nil && !device.transport.status.playing)
        #expect(await device.pull(for: 0.7).allSatisfy { $0.sample == 0 })  // the start was called off
        let playing = try await Device()
        try await playing.transport.play("Test")
        _ = await playing.pull(for: 0.1)
        await playing.transport.stop(at: playing.moment(0.05))
        #expect(!playing.transport.status.playing)
        #expect(await playing.pull(for: 0.1).allSatisfy { $0.sample == 0 })
    }

    /// A device that stops pulling never holds the transport: a start or a stop it has not reached a quarter of
    /// a second after its sound was due is taken by the tick.
    @Test func aDeviceThatStopsPullingDoesNotHoldAStartOrAStop() async throws {
        let device = try await Device(startsAfter: 0.1)
        try await device.transport.play("Test")
        device.stage.clock.advance(by: .seconds(0.1 + 1.0 / 60 + 0.2))
        await device.transport.tick()
        #expect(!device.transport.status.playing, "not before the grace has passed")
        device.stage.clock.advance(by: .seconds(0.1))
        await device.transport.tick()
        #expect(device.transport.status.playing)
        await device.transport.stop(at: device.moment(device.seconds + 0.1))
        device.stage.clock.advance(by: .seconds(0.1 + 1.0 / 60 + 0.3))
        await device.transport.tick()
        #expect(!device.transport.status.playing)
    }
}
