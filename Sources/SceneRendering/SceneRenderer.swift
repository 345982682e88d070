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
    /// Frames drawn in turn: while the last ones are being converted and encoded elsewhere, the next is
    /// drawn into another, and none is allocated again.
    private var frames: [RasterCanvas]
    private var frameCount = 0
    private var lastTime: Double?
    private var lastErasures = 0
    /// Whether the trail layer may hold anything: false from the start and after an erase until the
    /// next stamp, so an empty layer costs no passes over memory.
    private var trailsMayShow = false
    private var unitPaths: [Form: UnitShape] = [:]
    private let placement: AffineTransform?
    /// The rows the last frame drew, when it drew only some (`render(_:rows:)`); nil: all of them.
    private var drawnRows: [Range<Int>]?

    /// A renderer for frames of `width × height` pixels; the canvas's 16:9 is fitted to the height. Up to
    /// `framesInFlight` frames it returned may still be held elsewhere when it draws the next without
    /// allocating (a frame still held when its turn comes again is copied, never overwritten).
    public init(width: Int, height: Int, framesInFlight: Int = 2) {
        self.init(width: width, height: height, framesInFlight: framesInFlight, placement: nil)
    }

    /// A renderer that places the canvas on its frames by `placement` (canvas coordinates to pixels) — a
    /// mapped output's slice (`StageOutput.slicePlacement`) — instead of fitting its 16:9 to the height.
    public init(width: Int, height: Int, framesInFlight: Int = 2, placement: AffineTransform?) {
        self.width = width
        self.height = height
        self.placement = placement
        trails = RasterCanvas(width: width, height: height)
        frames = (0..<max(1, framesInFlight)).map { _ in RasterCanvas(width: width, height: height) }
    }

    /// From canvas coordinates (canvas heights) to pixels: the placement given, or scaled to the frame's
    /// height and centred across.
    public var canvasToPixels: AffineTransform {
        if let placement { return placement }
        let scale = Double(height)
        return AffineTransform.scale(x: scale, y: scale)
            .concatenating(.translation(x: (Double(width) - Canvas.aspect * scale) / 2, y: 0))
    }

    /// The frame of `scene`. Frames are expected in time order: the trail layer fades by the time since
    /// the previous frame (a jump back or of more than a second fades it as one second would).
    public mutating func render(_ scene: Scene) -> Bitmap {
        render(scene) { _, _ in }
    }

    /// The frame of `scene`, as `render(_:)` draws it, handing each band of rows to `finished` as soon as it
    /// is drawn, in order from the top, while its pixels are still in the cache: video export converts them
    /// there, which spares it a pass over the whole frame.
    public mutating func render(_ scene: Scene, finished: (_ frame: Bitmap, _ rows: Range<Int>) -> Void) -> Bitmap {
        render(scene, only: nil, finished: finished)
    }

    /// The frame of `scene` drawn in `rows` alone (the others hold whatever they held): what the fixtures read
    /// costs only the rows they read. The trail layer keeps up in those rows; when they change, it starts empty.
    public mutating func render(_ scene: Scene, rows: [Range<Int>]) -> Bitmap {
        render(scene, only: rows) { _, _ in }
    }

    private mutating func render(
        _ scene: Scene, only limited: [Range<Int>]?, finished: (_ frame: Bitmap, _ rows: Range<Int>) -> Void
    ) -> Bitmap {
        if limited != drawnRows {
            if trailsMayShow { trails.bitmap.clear(to: .clear) }
            trailsMayShow = false
            drawnRows = limited
        }
        let toPixels = canvasToPixels
        let slot = frameCount % frames.count
        frameCount += 1
        var canvas = frames[slot]
        frames[slot] = RasterCanvas(width: 0, height: 0)  // lend the frame's storage out, so it is not copied

        let fade = trailFade(for: scene)
        let shapes = Self.place(scene, on: &canvas, paths: &unitPaths, toPixels: toPixels, height: height, within: limited)
        let stamps = shapes.filter { scene.instances[$0.index].layer == .trails }
        let lumis = shapes.filter { scene.instances[$0.index].layer == .lumis }
        if !stamps.isEmpty { trailsMayShow = true }
        let panes = scene.panes.compactMap { pane in
            Path { $0.addRect(pane.frame) }.applying(toPixels).bounds.map { ColoredRectangle(frame: $0, color: pane.color) }
        }

        // The frame is drawn in bands of rows that stay in the cache: everything that covers a band — the
        // trail layer's fade and stamps, background, panes, trails, lumis — before the next band, so that a
        // dozen translucent veils over the whole canvas cost one pass over memory, not a dozen.
        for rows in bands(within: limited ?? [0..<height]) {
            let top = rows.lowerBound
            let band = Rect(x: 0, y: Double(top), width: Double(width), height: Double(rows.count))
            if let fade { trails.bitmap.fade(by: fade, rows: rows) }
            trails.clip = band
            Self.fill(stamps, of: scene, within: rows, on: &trails)
            // Background, panes and trails in one pass.
            canvas.bitmap.fill(scene.background.opaque, under: panes, adding: trailsMayShow ? trails.bitmap : nil, rows: rows)
            canvas.clip = band
            Self.fill(lumis, of: scene, within: rows, on: &canvas)
            finished(canvas.bitmap, rows)
        }
        canvas.clip = nil
        trails.clip = nil
        frames[slot] = canvas
        return canvas.bitmap
    }

    /// `ranges` (clamped to the frame) cut into bands of at most `bandRows` rows, top first.
    private func bands(within ranges: [Range<Int>]) -> [Range<Int>] {
        ranges.flatMap { range -> [Range<Int>] in
            let rows = range.clamped(to: 0..<height)
            return stride(from: rows.lowerBound, to: rows.upperBound, by: bandRows).map { $0..<min(rows.upperBound, $0 + bandRows) }
        }
    }

    /// How many rows a band holds: about 512 KB of pixels, which with the same rows of the trail layer stays in
    /// a core's cache while the band is drawn. An even number, so that a band holds whole rows of 4:2:0 chroma.
    private var bandRows: Int { max(8, (1 << 19) / max(1, width * 4)) & ~1 }

    /// A form's path in the unit square, and its bounds, worked out once.
    struct UnitShape {
        let path: Path
        let bounds: Rect?

        init(_ path: Path) {
            self.path = path
            bounds = path.bounds
        }
    }

    /// A shape of the frame: an instance's form placed on the pixels, and the rows it may cover.
    struct PlacedShape {
        let index: Int
        let path: PlacedPath
        let rows: Range<Int>
    }

    /// Every instance of the scene that can be seen, in drawing order, placed once for the whole frame. A
    /// lumi's trail stamp comes just before the lumi, with the same geometry: it is placed once for both.
    static func place(
        _ scene: Scene, on canvas: inout RasterCanvas, paths: inout [Form: UnitShape], toPixels: AffineTransform, height: Int,
        within limited: [Range<Int>]? = nil
    ) -> [PlacedShape] {
        var shapes: [PlacedShape] = []
        shapes.reserveCapacity(scene.instances.count)
        var previous: (instance: SceneInstance, path: PlacedPath?)?
        for (index, instance) in scene.instances.enumerated() {
            let placed: PlacedPath?
            if let previous, previous.instance.hasSameGeometry(as: instance) {
                placed = previous.path
            } else {
                let form = scene.forms[Int(instance.form)]
                let shape = paths[form] ?? UnitShape(form.unitPath)
                paths[form] = shape
                let path = shape.path
                canvas.transform = instance.transform.concatenating(toPixels)
                // Drawing some rows only: a shape that cannot reach them is not placed at all.
                if let limited, !Self.mayReach(limited, bounds: shape.bounds, transform: canvas.transform, stroke: Double(instance.strokeWidth)) {
                    previous = (instance, nil)
                    continue
                }
                placed = instance.strokeWidth > 0
                    ? canvas.place(stroking: path, style: StrokeStyle(width: Double(instance.strokeWidth), join: .round))
                    : canvas.place(path)
            }
            previous = (instance, placed)
            guard let placed else { continue }
            let rows = placed.rows(within: height)
            if !rows.isEmpty { shapes.append(PlacedShape(index: index, path: placed, rows: rows)) }
        }
        return shapes
    }

    /// Whether a path of `bounds` placed by `transform` (its stroke `stroke` wide, in the path's units) may cover any of `rows`:
    /// its bounds' corners placed, widened by the stroke and a pixel.
    static func mayReach(_ rows: [Range<Int>], bounds: Rect?, transform: AffineTransform, stroke: Double) -> Bool {
        guard let bounds else { return false }
        let ys = [
            Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
            Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY),
        ].map { transform.apply(to: $0).y }
        let origin = transform.apply(to: .zero)
        func length(_ point: Point) -> Double { ((point.x - origin.x) * (point.x - origin.x) + (point.y - origin.y) * (point.y - origin.y)).squareRoot() }
        // However the stroke turns, it reaches no further than its width times the longer side the transform makes.
        let margin = stroke * (length(transform.apply(to: Point(x: 1, y: 0))) + length(transform.apply(to: Point(x: 0, y: 1)))) + 1
        let top = ys.min()! - margin, bottom = ys.max()! + margin
        guard top.isFinite, bottom.isFinite else { return true }
        return rows.contains { Double($0.lowerBound) < bottom && Double($0.upperBound) > top }
    }

    /// Fills, on `canvas` (clipped to the band), those of `shapes` that reach into the band's `rows`.
    private static func fill(_ shapes: [PlacedShape], of scene: Scene, within rows: Range<Int>, on canvas: inout RasterCanvas) {
        for shape in shapes where shape.rows.overlaps(rows) {
            let instance = scene.instances[shape.index]
            canvas.fill(shape.path, paint: .solid(instance.color), composite: CompositeOperator(instance.blend))
        }
    }

    /// What the trail layer is multiplied by this frame — nil when it is not faded — after clearing it if
    /// the performer erased since the last frame.
    private mutating func trailFade(for scene: Scene) -> Double? {
        defer { lastTime = scene.time }
        if scene.erasures != lastErasures {
            if trailsMayShow { trails.bitmap.clear(to: .clear) }
            trailsMayShow = false
            lastErasures = scene.erasures
            return nil
        }
        guard let lastTime, trailsMayShow else { return nil }
        return scene.trailSurvival(after: scene.time - lastTime)
    }
}

extension SceneInstance {
    /// Whether the two are the same shape in the same place: a lumi and its trail stamp.
    func hasSameGeometry(as other: SceneInstance) -> Bool {
        form == other.form && a == other.a && b == other.b && c == other.c && d == other.d && tx == other.tx
            && ty == other.ty && strokeWidth == other.strokeWidth
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
