import DMX
import Engine
import Fixtures
import Instrument
import Raster
import SceneRendering
import ServiceLifecycle
import Synchronization

/// The fixtures' clock: `rate` times a second, on a thread of its own (`ThreadExecutor.dmx`, never the
/// engine's or the frame ticker's), the stage the frame ticker last drew is drawn again at 128×72 by the Swift
/// rasterizer, each light of the patch sampled from it, and the frames sent to every target. The stage's
/// scene already went through the headroom limiter the canvases see. When the server stops, sACN streams
/// are ended.
struct DMXService<C: Clock>: Service where C.Duration == Duration {
    /// The size the stage is drawn at for the fixtures.
    static var stageSize: (width: Int, height: Int) { (128, 72) }

    let session: LiveSession<C>

    func run() async throws {
        guard let fixtures = session.fixtures else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown {
            await withTaskExecutorPreference(ThreadExecutor.dmx) { await sending(fixtures) }
        }
        for sender in fixtures.senders { await sender.end() }
    }

    private func sending(_ fixtures: LiveFixtures) async {
        let clock = session.engine.clock
        let interval = Duration.seconds(1) / fixtures.rate
        let start = clock.now
        var deadline = start
        var renderer = SceneRenderer(width: Self.stageSize.width, height: Self.stageSize.height, framesInFlight: 1)
        while !Task.isCancelled {
            let time = start.duration(to: clock.now).inSeconds
            let senders = fixtures.senders
            let frames = senders.isEmpty ? [:] : Self.frames(of: fixtures.now, scene: session.stage.latest, renderer: &renderer, at: time)
            for sender in senders { sender.send(frames, at: time) }
            fixtures.frames.add(1, ordering: .relaxed)
            deadline = deadline.advanced(by: interval)
            if deadline < clock.now { deadline = clock.now.advanced(by: interval) }  // fell behind: no burst
            do { try await clock.sleep(until: deadline, tolerance: .microseconds(500)) } catch { return }
        }
    }

    /// The DMX frames of `now`'s patch for `scene` (a dark stage before the first frame).
    static func frames(
        of now: (patch: FixturePatch, problems: [String], controls: FixtureControls), scene: Scene?, renderer: inout SceneRenderer,
        at time: Double
    ) -> [Int: DMXFrame] {
        guard !now.patch.fixtures.isEmpty else { return [:] }
        // Only the rows the lights read are drawn: the rest of the picture is never looked at.
        let picture = scene.map { renderer.render($0, rows: now.patch.rowsRead(height: stageSize.height)) }
            ?? Bitmap(width: stageSize.width, height: stageSize.height)
        return FixtureOutput.frames(of: now.patch, showing: StageSampler(picture), controls: now.controls, at: time)
    }
}

/// The scene the frame ticker last drew, for whoever shows the stage at another rate (the fixtures).
final class LatestScene: Sendable {
    private let scene = Mutex<Scene?>(nil)

    var latest: Scene? { scene.withLock { $0 } }
    func keep(_ new: Scene) { scene.withLock { $0 = new } }
}

/// What `/status` tells of DMX: the rate asked, the frames sent since the start, and each target.
public struct LiveDMXStatus: Sendable, Codable, Equatable {
    public struct Target: Sendable, Codable, Equatable {
        public var target: String
        public var packets: Int
        /// Why it cannot be sent to now (tried again every 5 s); absent while it can.
        public var problem: String?
    }

    public var rate: Int
    public var frames: Int
    public var fixtures: Int
    public var universes: [Int]
    public var targets: [Target]
    public var problems: [String]
}
