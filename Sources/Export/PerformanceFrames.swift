import Instrument
import Raster
import SceneRendering
import StageOutputs

/// Frames of a performance in order, each drawn after the one before (the trail layer depends on it).
/// Called from one thread at a time (the pipeline's drawing stage), so its state needs no lock.
public final class PerformanceFrames: @unchecked Sendable {
    // Safe to send: FramePipeline calls `frame` or `yuv420Frame` only from its drawing thread, in order.
    private var player: PerformancePlayer
    private var renderer: SceneRenderer
    /// Set when the frames are a stage output's (`--stage-output`): drawn by it instead.
    private var output: OutputRenderer?
    private let fps: Int
    private let start: Double
    private let planes: YUVFrameRing

    /// Frames handed on as bitmaps (`frame`), up to `FramePipeline.framesInFlight` of them alive at once; or,
    /// `forVideo`, converted as they are drawn (`yuv420Frame`), which keeps a single bitmap.
    /// With `output`, each frame is what that stage output showed (its slice, warped, blended, masked).
    /// Each frame is drawn over `cores` cores, in bands (the same pixels as on one), by `bands`' threads.
    public init(
        log: PerformanceLog, width: Int, height: Int, fps: Int, from start: Double = 0, forVideo: Bool = false, keptBySink: Int = 0,
        output: StageOutput? = nil, cores: Int = 1, bands: @escaping BandRunner = BandRunners.dispatch
    ) {
        player = PerformancePlayer(log: log)
        let framesInFlight = forVideo ? 1 : FramePipeline.framesInFlight
        renderer = SceneRenderer(
            width: output == nil ? width : 1, height: output == nil ? height : 1, framesInFlight: framesInFlight, cores: cores)
        self.output = output.map { OutputRenderer($0, width: width, height: height, framesInFlight: framesInFlight, cores: cores) }
        renderer.bandRunner = bands
        self.output?.bandRunner = bands
        self.fps = fps
        self.start = start
        planes = YUVFrameRing(keptBySink: keptBySink)
    }

    /// Frame `index`, drawn after every frame before it.
    public func frame(_ index: Int) -> Bitmap {
        let scene = scene(index)
        return output?.render(scene) ?? renderer.render(scene)
    }

    /// Frame `index` as Y′CbCr 4:2:0, each band converted as soon as it is drawn, while it is in the cache.
    public func yuv420Frame(_ index: Int) -> [UInt8] {
        let scene = scene(index)
        if let frame = output?.render(scene) {
            return planes.next { planes in frame.yuv420(into: &planes) }
        }
        return planes.next { planes in renderer.renderYUV420(scene, into: &planes) }
    }

    /// The scene of frame `index`.
    public func scene(_ index: Int) -> Scene {
        player.scene(at: start + Double(index) / Double(fps))
    }
}
