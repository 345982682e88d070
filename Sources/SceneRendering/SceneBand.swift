import Geometry
import Instrument
import Raster

/// A band of a frame's rows and the same rows of the trail layer: what one core draws of a frame, whole —
/// the trail layer's fade and stamps, background, panes, trails, lumis — while its pixels stay in the cache,
/// so that a dozen translucent veils over the whole canvas cost one pass over memory, not a dozen. Its
/// canvases hold only its rows but draw in the frame's coordinates (`RasterCanvas.rowOffset`), so a band has
/// the pixels the whole frame drawn at once would have there.
struct SceneBand: Sendable {
    /// The frame's rows the band holds.
    let rows: Range<Int>
    /// The band of the frame.
    private(set) var canvas: RasterCanvas
    /// The same rows of the trail layer, kept from frame to frame.
    private var trails: RasterCanvas

    init(width: Int, rows: Range<Int>) {
        self.rows = rows
        canvas = RasterCanvas(width: width, height: rows.count)
        canvas.rowOffset = rows.lowerBound
        trails = canvas
    }

    /// How many rows a band holds: about 512 KB of pixels, which with the same rows of the trail layer stays in
    /// a core's cache while the band is drawn. An even number, so that a band holds whole rows of 4:2:0 chroma.
    static func rows(forWidth width: Int) -> Int { max(8, (1 << 19) / max(1, width * 4)) & ~1 }

    /// What every band draws of one frame: its shapes placed once for the whole frame.
    struct Drawing: Sendable {
        let scene: Scene
        /// What the trail layer is multiplied by first (nil: it is not faded).
        let fade: Double?
        let stamps: [SceneRenderer.PlacedShape]
        let lumis: [SceneRenderer.PlacedShape]
        let panes: [ColoredRectangle]
        /// Whether the trail layer may hold anything to add to the frame.
        let addingTrails: Bool
    }

    mutating func clearTrails() {
        trails.bitmap.clear(to: .clear)
    }

    /// Draws `drawing` in the band's rows, or in those of `limited` that fall in it.
    mutating func draw(_ drawing: Drawing, within limited: [Range<Int>]?) {
        let top = rows.lowerBound, width = Double(canvas.bitmap.width)
        for range in (limited ?? [rows]).map({ $0.clamped(to: rows) }) where !range.isEmpty {
            let local = (range.lowerBound - top)..<(range.upperBound - top)
            let clip = Rect(x: 0, y: Double(range.lowerBound), width: width, height: Double(range.count))
            if let fade = drawing.fade { trails.bitmap.fade(by: fade, rows: local) }
            trails.clip = clip
            Self.fill(drawing.stamps, of: drawing.scene, within: range, on: &trails)
            // Background, panes and trails in one pass.
            canvas.bitmap.fill(
                drawing.scene.background.opaque, under: drawing.panes, adding: drawing.addingTrails ? trails.bitmap : nil, rows: local,
                top: top)
            canvas.clip = clip
            Self.fill(drawing.lumis, of: drawing.scene, within: range, on: &canvas)
        }
        canvas.clip = nil
        trails.clip = nil
    }

    /// Fills, on `canvas` (clipped to the rows being drawn), those of `shapes` that reach into `rows`.
    private static func fill(_ shapes: [SceneRenderer.PlacedShape], of scene: Scene, within rows: Range<Int>, on canvas: inout RasterCanvas) {
        for shape in shapes where shape.rows.overlaps(rows) {
            let instance = scene.instances[shape.index]
            canvas.fill(shape.path, paint: .solid(instance.color), composite: CompositeOperator(instance.blend))
        }
    }
}
