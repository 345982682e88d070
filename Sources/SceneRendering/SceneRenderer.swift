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
        // The frame is drawn in bands of rows that stay in the cache: everything that covers a band —
        // background, panes, trails, lumis — before the next band, so that a dozen translucent veils over
        // the whole canvas cost one pass over memory, not a dozen.
        let lumis = Self.rowSpans(of: scene, layer: .lumis, toPixels: toPixels, height: height)
        for top in stride(from: 0, to: height, by: bandRows) {
            let rows = top..<min(height, top + bandRows)
            canvas.clip = Rect(x: 0, y: Double(top), width: Double(width), height: Double(rows.count))
            if scene.panes.isEmpty, trailsMayShow {
                canvas.bitmap.fill(scene.background.opaque, adding: trails.bitmap, rows: rows)  // background and trails in one pass
            } else {
                canvas.bitmap.clear(to: scene.background.opaque, rows: rows)
                canvas.transform = toPixels  // the lumis of the band before placed their own
                for pane in scene.panes {
                    canvas.fill(Path { $0.addRect(pane.frame) }, paint: .solid(pane.color))
                }
                if trailsMayShow { canvas.bitmap.composite(trails.bitmap, with: .additive, rows: rows) }
            }
            Self.draw(scene, instances: lumis.lazy.filter { $0.rows.overlaps(rows) }.map(\.index), on: &canvas, paths: &unitPaths, toPixels: toPixels)
        }
        canvas.clip = nil
        frames[slot] = canvas
        return canvas.bitmap
    }

    /// How many rows a band holds: about 256 KB of pixels, which stays in the cache while a band is drawn.
    private var bandRows: Int { max(8, (1 << 18) / max(1, width * 4)) }

    /// The instances of `layer`, in drawing order, with the rows of the frame each may touch (its form's
    /// unit square placed, widened by its stroke and a pixel or two of antialiasing).
    static func rowSpans(of scene: Scene, layer: CanvasLayer, toPixels: AffineTransform, height: Int) -> [(index: Int, rows: Range<Int>)] {
        scene.instances.indices.compactMap { index in
            let instance = scene.instances[index]
            guard instance.layer == layer else { return nil }
            let placed = instance.transform.concatenating(toPixels)
            // The unit square's corners reach |b| / 2 + |d| / 2 above and below its centre.
            let reach = (abs(placed.b) + abs(placed.d)) / 2
            let low = placed.ty - reach, high = placed.ty + reach
            let scale = max((placed.a * placed.a + placed.b * placed.b).squareRoot(), (placed.c * placed.c + placed.d * placed.d).squareRoot())
            let margin = Double(instance.strokeWidth) * scale + 2
            guard low.isFinite, high.isFinite, margin.isFinite else { return nil }
            let first = Int(max(0, min(Double(height), (low - margin).rounded(.down))))
            let last = Int(max(0, min(Double(height), (high + margin).rounded(.up))))
            return first < last ? (index, first..<last) : nil
        }
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
        _ scene: Scene, layer: CanvasLayer, on canvas: inout RasterCanvas, paths: inout [Form: Path], toPixels: AffineTransform
    ) {
        draw(scene, instances: scene.instances.indices.lazy.filter { scene.instances[$0].layer == layer }, on: &canvas, paths: &paths, toPixels: toPixels)
    }

    private static func draw(
        _ scene: Scene, instances: some Sequence<Int>, on canvas: inout RasterCanvas, paths: inout [Form: Path],
        toPixels: AffineTransform
    ) {
        for index in instances {
            let instance = scene.instances[index]
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
