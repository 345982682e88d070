import Engine
import Fixtures
import Instrument
import Raster
import SceneRendering
import ServiceLifecycle
import Synchronization

/// The fixtures' clock as a service of the server: `LiveFixtures.keepSending` on a thread of its own
/// (`ThreadExecutor.dmx`, never the engine's or the frame ticker's), the stage drawn by `RenderedStage`. When
/// the server stops, every transmitter is ended (sACN streams terminated).
struct DMXService<C: Clock>: Service where C.Duration == Duration {
    let session: LiveSession<C>

    func run() async throws {
        guard let fixtures = session.fixtures else { return try await gracefulShutdown() }
        await cancelWhenGracefulShutdown {
            await withTaskExecutorPreference(ThreadExecutor.dmx) {
                var stage = RenderedStage(scenes: session.stage)
                await fixtures.keepSending(on: session.engine.clock, picture: &stage)
            }
        }
        for transmitter in fixtures.transmitters { await transmitter.end() }
    }
}

/// The stage for the fixtures (the `StagePicture` adapter): the scene the frame ticker last drew — it already
/// went through the headroom limiter the canvases see — drawn again by the Swift rasterizer at the fixtures'
/// size.
struct RenderedStage: StagePicture {
    let scenes: LatestScene
    private var renderer = SceneRenderer(width: LiveFixtures.stageSize.width, height: LiveFixtures.stageSize.height, framesInFlight: 1)

    init(scenes: LatestScene) { self.scenes = scenes }

    /// The scene drawn last, kept for `sounding()`.
    private var drawn: Scene?

    mutating func draw(rows: [Range<Int>]) -> Bitmap? {
        drawn = scenes.latest
        return drawn.map { renderer.render($0, rows: rows) }
    }

    func sounding() -> [SoundingLumi] { drawn?.soundingLumis ?? [] }
}

/// The scene the frame ticker last drew, for whoever shows the stage at another rate (the fixtures).
final class LatestScene: Sendable {
    private let scene = Mutex<Scene?>(nil)

    var latest: Scene? { scene.withLock { $0 } }
    func keep(_ new: Scene) { scene.withLock { $0 = new } }
}
