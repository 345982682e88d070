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
    /// What the trail stamps painted, for their lumis to paint again in their own colours; and each stamp's
    /// fill in it, when it was recorded (by the stamp's place in `Layers.stamps`).
    private var recording = CoverageRecording()
    private var recorded: [CoverageRecording.Entry?] = []

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
        let layers: Layers
        let panes: [ColoredRectangle]
        /// Whether the trail layer may hold anything to add to the frame.
        let addingTrails: Bool
    }

    /// A frame's shapes by layer, in drawing order: the trail stamps and the lumis, and which stamp each lumi
    /// is the same shape in the same place as (its coverage is painted again instead of worked out again).
    struct Layers: Sendable {
        private(set) var stamps: [SceneRenderer.PlacedShape] = []
        private(set) var lumis: [SceneRenderer.PlacedShape] = []
        /// For each lumi, the place in `stamps` of its stamp, or nil.
        private(set) var stampOfLumi: [Int?] = []
        /// For each stamp, whether a lumi paints its coverage again.
        private(set) var stampIsShared: [Bool] = []

        init(_ shapes: [SceneRenderer.PlacedShape], of scene: Scene) {
            // The instance just before a lumi is its stamp when it is a stamp in the same place.
            var stampJustBefore: Int?
            for shape in shapes {
                switch scene.instances[shape.index].layer {
                case .trails:
                    stamps.append(shape)
                    stampIsShared.append(false)
                    stampJustBefore = shape.index
                    continue
                case .lumis:
                    let shared = shape.samePlaceAsPrevious && stampJustBefore == shape.index - 1
                    if shared { stampIsShared[stamps.count - 1] = true }
                    stampOfLumi.append(shared ? stamps.count - 1 : nil)
                    lumis.append(shape)
                default:
                    break
                }
                stampJustBefore = nil
            }
        }
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
            stamp(drawing.layers, of: drawing.scene, within: range)
            // Background, panes and trails in one pass.
            canvas.bitmap.fill(
                drawing.scene.background.opaque, under: drawing.panes, adding: drawing.addingTrails ? trails.bitmap : nil, rows: local,
                top: top)
            canvas.clip = clip
            paintLumis(drawing.layers, of: drawing.scene, within: range)
        }
        canvas.clip = nil
        trails.clip = nil
    }

    /// Fills the trail stamps that reach into `rows` on the trail layer (clipped to them), recording what
    /// those a lumi shares paint.
    private mutating func stamp(_ layers: Layers, of scene: Scene, within rows: Range<Int>) {
        recording.removeAll()
        recorded.removeAll(keepingCapacity: true)
        recorded.append(contentsOf: repeatElement(nil, count: layers.stamps.count))
        for (place, shape) in layers.stamps.enumerated() where shape.rows.overlaps(rows) {
            let instance = scene.instances[shape.index]
            let paint = Paint.solid(instance.color), composite = CompositeOperator(instance.blend)
            if layers.stampIsShared[place] {
                recorded[place] = trails.fill(shape.path, paint: paint, composite: composite, recordingInto: &recording)
            } else {
                trails.fill(shape.path, paint: paint, composite: composite)
            }
        }
    }

    /// Fills the lumis that reach into `rows` on the frame (clipped to them): a lumi whose stamp was recorded
    /// paints the stamp's coverage again in its own colour, which is what filling its path paints.
    private mutating func paintLumis(_ layers: Layers, of scene: Scene, within rows: Range<Int>) {
        for (place, shape) in layers.lumis.enumerated() where shape.rows.overlaps(rows) {
            let instance = scene.instances[shape.index]
            let paint = Paint.solid(instance.color), composite = CompositeOperator(instance.blend)
            if let stamp = layers.stampOfLumi[place], let entry = recorded[stamp],
               canvas.replay(entry, of: recording, paint: paint, composite: composite) {
                continue
            }
            canvas.fill(shape.path, paint: paint, composite: composite)
        }
    }
}
