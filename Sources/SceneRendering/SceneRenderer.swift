import func Foundation.pow
import Geometry
import Instrument
import Raster

/// Draws the instrument's scenes with the Swift rasterizer, frame after frame, at any size: the background
/// with its pulse, the lit panes, the trail layer (a picture kept between frames, fading by the scene's
/// persistence and stamped by lumis that leave trails) and the lumis. Used for stills, contact sheets and
/// the offline rendering of a performance to video.
public struct SceneRenderer: Sendable {
    public let width: Int
    public let height: Int
    private var trails: RasterCanvas
    /// Two frames drawn in turn: while one is being encoded elsewhere, the next is drawn into the other,
    /// and neither is allocated again.
    private var frames: [RasterCanvas]
    private var frameCount = 0
    private var lastTime: Double?
    private var lastErasures = 0
    /// Whether the trail layer may hold anything: false from the start and after an erase until the
    /// next stamp, so an empty layer costs no passes over memory.
    private var trailsMayShow = false
    private var unitPaths: [Form: Path] = [:]

    /// A renderer for frames of `width × height` pixels; the canvas's 16:9 is fitted to the height.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        trails = RasterCanvas(width: width, height: height)
        frames = [RasterCanvas(width: width, height: height), RasterCanvas(width: width, height: height)]
    }

    /// From canvas coordinates (canvas heights) to pixels: scaled to the frame's height, centred across.
    public var canvasToPixels: AffineTransform {
        let scale = Double(height)
        return AffineTransform.scale(x: scale, y: scale)
            .concatenating(.translation(x: (Double(width) - Canvas.aspect * scale) / 2, y: 0))
    }

    /// The frame of `scene`. Frames are expected in time order: the trail layer fades by the time since
    /// the previous frame (a jump back or of more than a second fades it as one second would).
    public mutating func render(_ scene: Scene) -> Bitmap {
        let toPixels = canvasToPixels
        updateTrails(for: scene, toPixels: toPixels)

        let slot = frameCount % 2
        frameCount += 1
        var canvas = frames[slot]
        frames[slot] = RasterCanvas(width: 0, height: 0)  // lend the frame's storage out, so it is not copied
        canvas.transform = toPixels
        if scene.panes.isEmpty, trailsMayShow {
            canvas.bitmap.fill(scene.background.opaque, adding: trails.bitmap)  // background and trails in one pass
        } else {
            canvas.bitmap.clear(to: scene.background.opaque)
            for pane in scene.panes {
                canvas.fill(Path { $0.addRect(pane.frame) }, paint: .solid(pane.color))
            }
            if trailsMayShow { canvas.bitmap.composite(trails.bitmap, with: .additive) }
        }
        Self.draw(scene, layer: .lumis, on: &canvas, paths: &unitPaths, toPixels: toPixels)
        frames[slot] = canvas
        return canvas.bitmap
    }

    private mutating func updateTrails(for scene: Scene, toPixels: AffineTransform) {
        if scene.erasures != lastErasures {
            if trailsMayShow { trails.bitmap.clear(to: .clear) }
            trailsMayShow = false
            lastErasures = scene.erasures
        } else if let lastTime, trailsMayShow {
            let elapsed = scene.time - lastTime
            let seconds = elapsed >= 0 && elapsed <= 1 ? elapsed : 1
            trails.bitmap.fade(by: pow(scene.trailPersistence.clamped(to: 0...1), seconds))
        }
        lastTime = scene.time
        if scene.instances.contains(where: { $0.layer == .trails }) {
            trailsMayShow = true
            Self.draw(scene, layer: .trails, on: &trails, paths: &unitPaths, toPixels: toPixels)
        }
    }

    private static func draw(
        _ scene: Scene, layer: CanvasLayer, on canvas: inout RasterCanvas, paths: inout [Form: Path],
        toPixels: AffineTransform
    ) {
        for instance in scene.instances where instance.layer == layer {
            let form = scene.forms[Int(instance.form)]
            let path = paths[form] ?? form.unitPath
            paths[form] = path
            canvas.transform = instance.transform.concatenating(toPixels)
            let paint = Paint.solid(instance.color)
            let composite = CompositeOperator(instance.blend)
            if instance.strokeWidth > 0 {
                canvas.stroke(path, style: StrokeStyle(width: Double(instance.strokeWidth), join: .round), paint: paint, composite: composite)
            } else {
                canvas.fill(path, paint: paint, composite: composite)
            }
        }
    }
}

extension CompositeOperator {
    /// How a lumi's blend mode composites.
    public init(_ blend: BlendMode) {
        switch blend {
        case .sourceOver: self = .sourceOver
        case .additive: self = .additive
        case .screen: self = .screen
        case .multiply: self = .multiply
        }
    }
}

extension RGBAColor {
    var opaque: RGBAColor { RGBAColor(red: red, green: green, blue: blue, alpha: 1) }
}
