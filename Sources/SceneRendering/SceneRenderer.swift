import Dispatch
import class Foundation.ProcessInfo
import Geometry
import Instrument
import Raster
import Synchronization

/// Draws the instrument's scenes with the Swift rasterizer, frame after frame, at any size: the background
/// with its pulse, the lit panes, the trail layer (a picture kept between frames, fading by the scene's
/// persistence and stamped by lumis that leave trails) and the lumis. Used for stills, contact sheets and
/// the offline rendering of a performance to video.
///
/// A frame is drawn in bands of rows (`SceneBand`), each a band of the frame and the same rows of the trail
/// layer, drawn whole before the next so its pixels stay in a core's cache. With `cores` above one, that
/// many bands are drawn at once, each on a thread of its own: the frames are the same, byte for byte, as the
/// band of a picture drawn alone has the pixels the whole picture has there.
public struct SceneRenderer: Sendable {
    public let width: Int
    public let height: Int
    /// How many bands are drawn at once (1: one after another, on the caller's thread).
    public let cores: Int
    /// The threads that draw the bands at once: GCD's by default; the server's are niced (Engine's
    /// `NicedThreads`), so that its offline drawing yields to the live instrument.
    public var bandRunner: BandRunner = BandRunners.dispatch
    private var bands: [SceneBand]
    /// Frames handed out in turn: while the last ones are being converted and encoded elsewhere, the next is
    /// assembled into another, and none is allocated again (none at all for video, which takes the bands).
    private var frames: [Bitmap]
    private var frameCount = 0
    private var lastTime: Double?
    private var lastErasures = 0
    /// Whether the trail layer may hold anything: false from the start and after an erase until the
    /// next stamp, so an empty layer costs no passes over memory.
    private var trailsMayShow = false
    private var unitPaths: [Form: UnitShape] = [:]
    /// The canvas the shapes are placed with (its transform alone is used), kept from frame to frame.
    private var placing = RasterCanvas(width: 0, height: 0)
    private let placement: AffineTransform?
    /// The rows the last frame drew, when it drew only some (`render(_:rows:)`); nil: all of them.
    private var drawnRows: [Range<Int>]?

    /// A renderer for frames of `width × height` pixels; the canvas's 16:9 is fitted to the height. Up to
    /// `framesInFlight` frames it returned may still be held elsewhere when it draws the next without
    /// allocating (a frame still held when its turn comes again is copied, never overwritten). `cores` bands
    /// are drawn at once.
    public init(width: Int, height: Int, framesInFlight: Int = 2, cores: Int = 1) {
        self.init(width: width, height: height, framesInFlight: framesInFlight, placement: nil, cores: cores)
    }

    /// A renderer that places the canvas on its frames by `placement` (canvas coordinates to pixels) — a
    /// mapped output's slice (`StageOutput.slicePlacement`) — instead of fitting its 16:9 to the height.
    public init(width: Int, height: Int, framesInFlight: Int = 2, placement: AffineTransform?, cores: Int = 1) {
        self.width = width
        self.height = height
        self.placement = placement
        self.cores = max(1, cores)
        let bandRows = SceneBand.rows(forWidth: width)
        bands = stride(from: 0, to: max(0, height), by: bandRows).map { SceneBand(width: width, rows: $0..<min(height, $0 + bandRows)) }
        frames = Array(repeating: Bitmap(width: 0, height: 0), count: max(1, framesInFlight))
    }

    /// The cores of this machine: how many bands offline work draws at once.
    public static var allCores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

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
        render(scene, only: nil)
    }

    /// The frame of `scene` drawn in `rows` alone (the others hold whatever they held): what the fixtures read
    /// costs only the rows they read. The trail layer keeps up in those rows; when they change, it starts empty.
    public mutating func render(_ scene: Scene, rows: [Range<Int>]) -> Bitmap {
        render(scene, only: rows)
    }

    /// The frame of `scene` as Y′CbCr 4:2:0 in `planes` (as `Bitmap.yuv420(into:)` writes it), each band
    /// converted by the thread that drew it as soon as it is drawn, while its pixels are in the cache; the
    /// frame itself is never assembled.
    public mutating func renderYUV420(_ scene: Scene, into planes: inout [UInt8]) {
        let size = Bitmap.yuv420Size(width: width, height: height)
        if planes.count != size { planes = [UInt8](repeating: 0, count: size) }
        let height = height
        planes.withUnsafeMutableBufferPointer { target in
            draw(scene, only: nil) { band in band.canvas.bitmap.yuv420(into: target, asRowsFrom: band.rows.lowerBound, ofHeight: height) }
        }
    }

    private mutating func render(_ scene: Scene, only limited: [Range<Int>]?) -> Bitmap {
        draw(scene, only: limited) { _ in }
        let slot = frameCount % frames.count
        frameCount += 1
        var frame = frames[slot]
        frames[slot] = Bitmap(width: 0, height: 0)  // lend the frame's storage out, so it is written in place
        if frame.width != width || frame.height != height { frame = Bitmap(width: width, height: height) }
        for band in bands where limited.map({ $0.contains { $0.overlaps(band.rows) } }) ?? true {
            frame.paste(band.canvas.bitmap, x: 0, y: band.rows.lowerBound)
        }
        frames[slot] = frame
        return frame
    }

    /// Draws every band (or those `limited` reaches) of `scene`, handing each to `finished` on the thread
    /// that drew it as soon as it is drawn.
    private mutating func draw(_ scene: Scene, only limited: [Range<Int>]?, finished: (SceneBand) -> Void) {
        if limited != drawnRows {
            if trailsMayShow { for index in bands.indices { bands[index].clearTrails() } }
            trailsMayShow = false
            drawnRows = limited
        }
        let toPixels = canvasToPixels
        let fade = trailFade(for: scene)
        let shapes = Self.place(scene, on: &placing, paths: &unitPaths, toPixels: toPixels, height: height, within: limited)
        let layers = SceneBand.Layers(shapes, of: scene)
        if !layers.stamps.isEmpty { trailsMayShow = true }
        let drawing = SceneBand.Drawing(
            scene: scene, fade: fade, layers: layers,
            panes: scene.panes.compactMap { pane in
                Path { $0.addRect(pane.frame) }.applying(toPixels).bounds.map { ColoredRectangle(frame: $0, color: pane.color) }
            },
            addingTrails: trailsMayShow)
        let wanted = bands.indices.filter { index in limited.map { $0.contains { $0.overlaps(bands[index].rows) } } ?? true }
        if cores == 1 || wanted.count < 2 {
            for index in wanted {
                bands[index].draw(drawing, within: limited)
                finished(bands[index])
            }
            return
        }
        let next = Atomic(0)
        withoutActuallyEscaping(finished) { finished in
            bands.withUnsafeMutableBufferPointer { all in
                let inFlight = BandsInFlight(bands: all, finished: finished)
                bandRunner(min(cores, wanted.count)) { _ in
                    // Each thread takes the next band no thread has taken, until none is left.
                    while case let taken = next.add(1, ordering: .relaxed).oldValue, taken < wanted.count {
                        inFlight.draw(wanted[taken], drawing, within: limited)
                    }
                }
            }
        }
    }

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
        /// Whether the shape before it in drawing order is the same shape in the same place (a lumi after its
        /// trail stamp).
        var samePlaceAsPrevious = false
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
            let samePlace = previous.map { $0.instance.hasSameGeometry(as: instance) } ?? false
            if samePlace, let previous {
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
            if !rows.isEmpty { shapes.append(PlacedShape(index: index, path: placed, rows: rows, samePlaceAsPrevious: samePlace)) }
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

    /// What the trail layer is multiplied by this frame — nil when it is not faded — after clearing it if
    /// the performer erased since the last frame.
    private mutating func trailFade(for scene: Scene) -> Double? {
        defer { lastTime = scene.time }
        if scene.erasures != lastErasures {
            if trailsMayShow { for index in bands.indices { bands[index].clearTrails() } }
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

/// The bands of one frame handed to the threads that draw them, and what each hands its band on to.
// Safe to send: each thread draws only the bands it took from the shared count, so no band is touched by two
// threads, and the bands outlive the drawing (`withUnsafeMutableBufferPointer` around it); `finished` is
// called for different bands at once, and writes only what belongs to its band (its rows of the planes).
private struct BandsInFlight: @unchecked Sendable {
    let bands: UnsafeMutableBufferPointer<SceneBand>
    let finished: (SceneBand) -> Void

    func draw(_ index: Int, _ drawing: SceneBand.Drawing, within limited: [Range<Int>]?) {
        bands[index].draw(drawing, within: limited)
        finished(bands[index])
    }
}

/// How a frame's bands are drawn at once: `body` run for each of `0..<iterations`, at once, all of them done
/// before it returns.
public typealias BandRunner = @Sendable (_ iterations: Int, _ body: @Sendable (Int) -> Void) -> Void

/// The ways bands are drawn at once that need nothing of the caller.
public enum BandRunners {
    /// GCD's threads, at the process's priority (the command line's offline work).
    public static let dispatch: BandRunner = { iterations, body in DispatchQueue.concurrentPerform(iterations: iterations, execute: body) }
}
