import Instrument
import Raster
import StageOutputs

/// Draws scenes as a stage output shows them (docs/outputs.md), the offline twin of a `/canvas?output=NAME`
/// page: Main is the stage fitted to the window as ever, times its brightness; a mapped output draws its slice
/// into a picture of its own (about the window's pixels, the slice's aspect) and warps that onto the window.
/// Frames are expected in time order (the trail layer depends on the frame before).
public struct OutputRenderer {
    private var renderer: SceneRenderer
    private let warp: OutputWarp?
    private let brightness: Double

    /// A renderer of `output` onto a window of `width × height` pixels, drawing over `cores` cores.
    public init(_ output: StageOutput, width: Int, height: Int, framesInFlight: Int = 2, cores: Int = 1) {
        brightness = output.brightness
        if output.isMain {
            renderer = SceneRenderer(width: width, height: height, framesInFlight: framesInFlight, cores: cores)
            warp = nil
        } else {
            let source = output.sliceTargetSize(forPixels: width * height)
            renderer = SceneRenderer(
                width: source.width, height: source.height, framesInFlight: 1,
                placement: output.slicePlacement(width: source.width, height: source.height), cores: cores)
            warp = OutputWarp(output, width: width, height: height, source: source)
        }
    }

    /// The threads that draw the bands at once (`SceneRenderer.bandRunner`).
    public var bandRunner: BandRunner {
        get { renderer.bandRunner }
        set { renderer.bandRunner = newValue }
    }

    /// The window's picture of `scene`.
    public mutating func render(_ scene: Scene) -> Bitmap {
        let stage = renderer.render(scene)
        if let warp { return warp.warp(stage) }
        guard brightness < 1 else { return stage }
        var dimmed = stage
        let factor = Float(brightness)
        for index in dimmed.pixels.indices where index % 4 != 3 {
            dimmed.pixels[index] = UInt8((Float(dimmed.pixels[index]) * factor).rounded())
        }
        return dimmed
    }
}
