import ArgumentParser
import DMX
import Engine
import FixtureDefinitions
import Fixtures
import Foundation
import ImagerCommandLine
import Instrument
import SceneRendering

/// `imager-bench dmx`: what one DMX frame costs the server's DMX thread, on one core.
struct BenchDMXCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dmx",
        abstract: "Measure one DMX frame: the stage drawn at 128×72, sampled for the patch, encoded (one core).",
        discussion: """
            A busy stage (the scene benchmark's performance, its scenes worked out beforehand as the frame \
            ticker works them out for the canvases) is drawn at 128×72 by the Swift rasterizer — the rows the \
            lights read — a \
            patch of RGB strips filling the given number of universes (170 lights each) is sampled from it, \
            and every universe is encoded as an sACN packet, frame after frame at 40 Hz steps. Sending is not \
            timed. Prints the median, 90th percentile and best time per frame.
            """)

    @Option(name: .long, help: "Universes of strips to fill (1…256).")
    var universes: Int = 10

    @Option(name: .long, help: "Live lumis on the stage (1…100000).")
    var lumis: Int = 96

    @Option(name: .long, help: "Seconds to spend measuring (0.1…60).")
    var seconds: Double = 3

    @Flag(name: .long, help: "Real fixtures instead of strips: 64 profiled from QLC+'s definitions in the universes, 16 of them moving heads following the chords' lumis.")
    var profiled = false

    func validate() throws {
        guard (1...256).contains(universes) else { throw ValidationError("--universes takes a number from 1 to 256") }
        guard (1...100_000).contains(lumis) else { throw ValidationError("--lumis takes a number from 1 to 100000") }
        guard seconds.isFinite, (0.1...60).contains(seconds) else { throw ValidationError("--seconds takes a number from 0.1 to 60") }
    }

    func run() throws {
        let benchmark = SceneBenchmark(lumis: lumis)
        let patch = profiled ? try Self.profiledRig(universes: universes) : try FixturePatch((0..<universes).map { index in
            let y = (Double(index) + 0.5) / Double(universes)
            return Fixture(
                name: "Strip \(index + 1)", universe: index + 1, address: 1, kind: .rgb,
                placement: .strip(from: StagePoint(x: 0, y: y), to: StagePoint(x: 1, y: y), pixels: 170))
        })
        // The scenes are the frame ticker's (the engine works them out for the canvases whether or not DMX is
        // sent): the DMX thread takes the newest. Worked out here before the clock starts.
        let scenes = (0..<40).map { benchmark.state.scene(at: benchmark.frameTime + Double($0) / 40) }
        var renderer = SceneRenderer(width: 128, height: 72, framesInFlight: 1)
        var stream = DMXStream(protocol: .sacn, cid: [UInt8](repeating: 1, count: 16))
        let clock = ContinuousClock()
        var samples: [Double] = []
        var packets = 0
        var state = FixtureFrameState()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while clock.now < deadline || samples.count < 5 {
            let time = benchmark.frameTime + Double(samples.count % 40) / 40
            let start = clock.now
            let picture = renderer.render(scenes[samples.count % 40], rows: patch.rowsRead(height: 72))
            let scene = scenes[samples.count % 40]
            let frames = FixtureOutput.frames(
                of: patch, showing: StageSampler(picture, sounding: scene.soundingLumis), controls: FixtureControls(), at: time, state: &state)
            packets += stream.packets(for: frames, at: Double(samples.count) / 40).count
            samples.append((clock.now - start).inSeconds)
        }
        samples.sort()
        print("universes  lights  lumis  median ms  p90 ms  best ms  packets/frame")
        print(
            universes, patch.lights.joined().count, benchmark.state.liveLumiCount, FixedDecimals.format(samples[samples.count / 2] * 1e3, decimals: 3),
            FixedDecimals.format(samples[samples.count * 9 / 10] * 1e3, decimals: 3), FixedDecimals.format(samples[0] * 1e3, decimals: 3),
            FixedDecimals.format(Double(packets) / Double(samples.count), decimals: 1), separator: "  ")
    }

    /// 64 real fixtures over `universes` universes: 48 pars (a SlimPAR 56 in 7 channels, an RGBAW Hotbox, a
    /// PowerBar of four RGBW zones) along rows of the stage, and 16 American DJ XS 400 moving heads in 18
    /// channels following the eight chords' lumis.
    static func profiledRig(universes: Int) throws -> FixturePatch {
        let folder = FixtureDefinitionFolders.systemFolder
        func mode(_ file: String, _ name: String) throws -> PatchedProfile {
            let profile = try QXFReader.profile(from: try Data(contentsOf: folder.appendingPathComponent(file)))
            guard let mode = profile.mode(named: name) else { throw ValidationError("\(file) has no mode \(name)") }
            return mode
        }
        let pars = [
            try mode("Chauvet/Chauvet-SlimPAR-56.qxf", "7-Ch"), try mode("Blizzard_Lighting/Blizzard-Lighting-Hotbox-RGBAW.qxf", "10 Channel Mode"),
            try mode("Litecraft/Litecraft-PowerBar-4.qxf", "16 channel mode"),
        ]
        let head = try mode("American_DJ/American-DJ-XS-400.qxf", "18 Channel")
        let corners = [PanTilt(pan: 200, tilt: 300), PanTilt(pan: 340, tilt: 300), PanTilt(pan: 330, tilt: 500), PanTilt(pan: 210, tilt: 520)]
        var next = [Int](repeating: 1, count: universes)
        return try FixturePatch((0..<64).map { index in
            let universe = index % universes
            let profile = index < 48 ? pars[index % 3] : head
            defer { next[universe] += profile.channels.count }
            let place = StagePoint(x: (Double(index % 8) + 0.5) / 8, y: (Double(index / 8) + 0.5) / 8)
            let aim = index < 48 ? nil : FixtureAim(calibration: corners, follow: .chord(index % 8 + 1))
            return Fixture(
                name: "Fixture \(index + 1)", universe: universe + 1, address: next[universe], profile: profile,
                hold: index < 48 ? [:] : ["Strobing": 140], aim: aim, placement: .point(place))
        })
    }
}
