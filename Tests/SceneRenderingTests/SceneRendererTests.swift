import Foundation
import Geometry
import Instrument
import Raster
import SceneRendering
import Testing

@Suite("Drawing scenes")
struct SceneRendererTests {
    func instance(at point: Point, size: Double, color: RGBAColor, layer: CanvasLayer = .lumis, blend: BlendMode = .sourceOver) -> SceneInstance {
        SceneInstance(
            form: 0, transform: .placement(position: point, angle: 0, sx: size, sy: size), color: color, strokeWidth: 0,
            layer: layer, blend: blend)
    }

    @Test func layersStackBackgroundPanesTrailsLumis() {
        var renderer = SceneRenderer(width: 160, height: 90)
        let middle = Point(x: Canvas.aspect / 2, y: 0.5)
        let scene = Scene(
            time: 0, background: RGBAColor(red: 0, green: 0, blue: 1),
            panes: [LitPaneInstance(frame: Rect(x: 0, y: 0, width: Canvas.aspect / 2, height: 1), color: RGBAColor(red: 0, green: 1, blue: 0))],
            instances: [instance(at: middle, size: 0.4, color: RGBAColor(red: 1, green: 0, blue: 0))],
            forms: [.circle])
        let frame = renderer.render(scene)
        #expect(frame.color(x: 80, y: 45) == RGBAColor(red: 1, green: 0, blue: 0))  // the lumi on top
        #expect(frame.color(x: 5, y: 5) == RGBAColor(red: 0, green: 1, blue: 0))  // the pane over the background
        #expect(frame.color(x: 155, y: 5) == RGBAColor(red: 0, green: 0, blue: 1))  // the background
    }

    @Test func trailsStayAndFadeByTheirPersistenceUntilErased() {
        var renderer = SceneRenderer(width: 64, height: 36)
        let stamp = instance(at: Point(x: 0.3, y: 0.5), size: 0.3, color: .white, layer: .trails, blend: .additive)
        var scene = Scene(time: 0, background: .black, instances: [stamp], forms: [.circle], trailPersistence: 0.25)
        _ = renderer.render(scene)
        // One second later, with nothing stamped, a quarter is left.
        scene = Scene(time: 1, background: .black, forms: [.circle], trailPersistence: 0.25)
        let faded = renderer.render(scene)
        #expect(abs(faded.color(x: 11, y: 18).red - 0.25) < 0.01)
        scene = Scene(time: 1.5, background: .black, forms: [.circle], trailPersistence: 0.25, erasures: 1)
        #expect(renderer.render(scene).color(x: 11, y: 18).red == 0)
    }

    @Test func aFactoryChordRendersItsLight() throws {
        let log = try PerformanceLog(chordset: FactoryChordsets.contrasts, events: [
            PerformanceEvent(time: 0, intent: .padDown(pad: 5, velocity: 1)),
        ])
        var renderer = SceneRenderer(width: 320, height: 180)
        let frame = renderer.render(log.scene(at: 1))
        // The chord's lumis cover a good part of the picture in colours other than the background.
        let background = frame.color(x: 0, y: 0)
        var different = 0
        for y in stride(from: 0, to: 180, by: 4) {
            for x in stride(from: 0, to: 320, by: 4) where frame.color(x: x, y: y) != background { different += 1 }
        }
        #expect(different > 200)
    }
}

/// Frames are drawn in bands of rows that stay in the cache; the picture must be the one drawn whole.
@Suite("Drawing in bands")
struct BandedDrawingTests {
    @Test func aFrameDrawnInBandsIsTheFrameDrawnWhole() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia, seed: 5)
        for pad in [0, 2, 5] { try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: pad, velocity: 0.9))) }
        try state.apply(PerformanceEvent(time: 0.2, intent: .tap(at: Point(x: 0.3, y: 0.6), velocity: 1)))
        var scene = state.scene(at: 1.2)
        scene.panes = []
        scene.instances.removeAll { $0.layer == .trails }
        #expect(scene.instances.count > 5)
        let width = 960, height = 540  // bands of 136 rows: four of them, the last one short
        var renderer = SceneRenderer(width: width, height: height)
        let banded = renderer.render(scene)
        // Converted to video band by band as each is drawn: the frame converted whole.
        var planes: [UInt8] = [], wholePlanes: [UInt8] = []
        var again = SceneRenderer(width: width, height: height)
        again.renderYUV420(scene, into: &planes)
        banded.yuv420(into: &wholePlanes)
        #expect(planes == wholePlanes)

        var whole = RasterCanvas(width: width, height: height)
        whole.bitmap.clear(to: Self.opaque(scene.background))
        Self.drawWhole(scene, layer: .lumis, on: &whole, toPixels: renderer.canvasToPixels)
        let largest = Self.largestDifference(banded, whole.bitmap)
        #expect(largest <= 1, "the largest difference is \(largest)")
    }

    /// The trail layer is faded and stamped band by band too: two frames, the second over the faded first,
    /// and over the background and three overlapping panes.
    @Test func trailsFadedAndStampedInBandsAreTheTrailsDrawnWhole() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia, seed: 5)
        for pad in [0, 2, 5] { try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: pad, velocity: 0.9))) }
        let scenes = [state.scene(at: 1.2), state.scene(at: 1.2 + 1.0 / 60)]
        #expect(scenes.allSatisfy { $0.instances.contains { $0.layer == .trails } })
        #expect(scenes[1].panes.count == 3)
        let width = 960, height = 540
        var renderer = SceneRenderer(width: width, height: height)
        _ = renderer.render(scenes[0])
        let banded = renderer.render(scenes[1])

        let toPixels = renderer.canvasToPixels
        var trails = RasterCanvas(width: width, height: height)
        Self.drawWhole(scenes[0], layer: .trails, on: &trails, toPixels: toPixels)
        trails.bitmap.fade(by: pow(scenes[1].trailPersistence, 1.0 / 60))
        Self.drawWhole(scenes[1], layer: .trails, on: &trails, toPixels: toPixels)
        var whole = RasterCanvas(width: width, height: height, background: Self.opaque(scenes[1].background))
        whole.transform = toPixels
        for pane in scenes[1].panes { whole.fill(Path { $0.addRect(pane.frame) }, paint: .solid(pane.color)) }
        whole.bitmap.composite(trails.bitmap, with: .additive)
        Self.drawWhole(scenes[1], layer: .lumis, on: &whole, toPixels: toPixels)
        let largest = Self.largestDifference(banded, whole.bitmap)
        #expect(largest <= 1, "the largest difference is \(largest)")
    }

    /// What the fixtures read: only some rows drawn, frame after frame with trails, are those rows of the whole
    /// frame, byte for byte; when the rows change, the trail layer starts again.
    @Test func rowsDrawnAloneAreThoseRowsOfTheWholeFrame() throws {
        var state = PerformanceState(chordset: FactoryChordsets.lumia, seed: 5)
        for pad in [0, 2, 5] { try state.apply(PerformanceEvent(time: 0, intent: .padDown(pad: pad, velocity: 0.9))) }
        let scenes = (0..<6).map { state.scene(at: 1.2 + Double($0) / 40) }
        #expect(scenes.allSatisfy { $0.instances.contains { $0.layer == .trails } })
        let rows = [3..<4, 20..<23, 40..<41, 71..<72]
        var whole = SceneRenderer(width: 128, height: 72, framesInFlight: 1)
        var some = SceneRenderer(width: 128, height: 72, framesInFlight: 1)
        for scene in scenes {
            let full = whole.render(scene), limited = some.render(scene, rows: rows)
            for row in rows.joined() {
                let bytes = (row * 128 * 4)..<((row + 1) * 128 * 4)
                #expect(full.pixels[bytes] == limited.pixels[bytes], "row \(row) at \(scene.time)")
            }
        }
        // Other rows now: the trail layer is emptied, so a frame drawn whole again is a first frame's.
        var fresh = SceneRenderer(width: 128, height: 72, framesInFlight: 1)
        #expect(some.render(scenes[5], rows: [0..<72]).pixels == fresh.render(scenes[5]).pixels)
    }

    /// The instances of `layer` drawn one after another over the whole canvas, as before banding.
    static func drawWhole(_ scene: Scene, layer: CanvasLayer, on canvas: inout RasterCanvas, toPixels: Geometry.AffineTransform) {
        for instance in scene.instances where instance.layer == layer {
            canvas.transform = instance.transform.concatenating(toPixels)
            let path = scene.forms[Int(instance.form)].unitPath
            let paint = Paint.solid(instance.color), composite = CompositeOperator(instance.blend)
            if instance.strokeWidth > 0 {
                canvas.stroke(path, style: StrokeStyle(width: Double(instance.strokeWidth), join: .round), paint: paint, composite: composite)
            } else {
                canvas.fill(path, paint: paint, composite: composite)
            }
        }
    }

    static func opaque(_ color: RGBAColor) -> RGBAColor {
        RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: 1)
    }

    /// The largest difference of any channel of any pixel.
    static func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
