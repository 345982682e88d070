import Engine
import Geometry
import Instrument
import Raster
import SceneRendering
import Testing
import TestSupport

/// A frame drawn over several cores, its bands at once, is the frame drawn on one: byte for byte, frame after
/// frame (the trail layer carried from each to the next), as a bitmap and as video's Y′CbCr.
@Suite("Drawing over several cores")
struct CoresTests {
    /// 1280×720: bands of 102 rows, seven and a short one, so that threads take bands out of order.
    static let width = 1280, height = 720

    @Test(arguments: [2, 3])
    func performancesDrawnOverSeveralCoresAreTheFramesDrawnOnOne(cores: Int) throws {
        var log = try PerformanceLog(chordset: FactoryChordsets.lumia, events: [
            PerformanceEvent(time: 0, intent: .padDown(pad: 0, velocity: 0.9)),
            PerformanceEvent(time: 0.1, intent: .padDown(pad: 5, velocity: 0.7)),
            PerformanceEvent(time: 0.3, intent: .tap(at: Point(x: 0.4, y: 0.6), velocity: 1)),
            PerformanceEvent(time: 0.5, intent: .padDown(pad: 2, velocity: 1)),
        ])
        log.startHeadroom(at: 0.5)
        let scenes = (0..<12).map { log.scene(at: 0.2 + Double($0) / 20) }
        #expect(scenes.contains { $0.instances.contains { $0.layer == .trails } } && scenes.contains { !$0.panes.isEmpty })
        try expectSameFrames(scenes, cores: cores)
    }

    /// Seeded random scenes: every form, turned and stretched, filled and stroked, painted over, added,
    /// screened and multiplied, on both layers, over panes, with time passing and an erase.
    @Test func randomScenesDrawnOverSeveralCoresAreTheFramesDrawnOnOne() throws {
        var random = SeededGenerator(seed: 47)
        let forms: [Form] = [.circle, .polygon(sides: 5), .star(points: 7, innerRadius: 0.4), .ring(innerRadius: 0.6), .line, .rose(petals: 5)]
        let scenes = (0..<10).map { frame in
            Scene(
                time: Double(frame) / 30, background: Self.color(&random, alpha: 1),
                panes: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    LitPaneInstance(
                        frame: Rect(x: .random(in: 0...1.5, using: &random), y: .random(in: -0.2...0.9, using: &random),
                                    width: .random(in: 0.05...0.6, using: &random), height: .random(in: 0.05...0.6, using: &random)),
                        color: Self.color(&random, alpha: .random(in: 0.2...1, using: &random)))
                },
                instances: (0..<60).map { _ in Self.instance(&random, forms: forms.count) },
                forms: forms, trailPersistence: 0.3, erasures: frame >= 7 ? 1 : 0)
        }
        try expectSameFrames(scenes, cores: 3)
    }

    /// The server draws its offline frames (the lab's renders) on niced threads of its own, not GCD's: the same
    /// frames again.
    @Test func framesDrawnOnTheServersNicedThreadsAreTheFramesDrawnOnOne() throws {
        let threads = NicedThreads(helpers: 2, niceness: 15)
        var log = try PerformanceLog(chordset: FactoryChordsets.lumia, events: [
            PerformanceEvent(time: 0, intent: .padDown(pad: 1, velocity: 0.8)),
            PerformanceEvent(time: 0.2, intent: .padDown(pad: 6, velocity: 1)),
        ])
        log.startHeadroom(at: 0.5)
        let scenes = (0..<8).map { log.scene(at: 0.1 + Double($0) / 20) }
        try expectSameFrames(scenes, cores: 3, bands: { threads.perform($0, $1) })
    }

    func expectSameFrames(_ scenes: [Scene], cores: Int, bands: @escaping BandRunner = BandRunners.dispatch) throws {
        var one = SceneRenderer(width: Self.width, height: Self.height, framesInFlight: 1)
        var several = SceneRenderer(width: Self.width, height: Self.height, framesInFlight: 1, cores: cores)
        var video = SceneRenderer(width: Self.width, height: Self.height, framesInFlight: 1, cores: cores)
        several.bandRunner = bands
        video.bandRunner = bands
        for scene in scenes {
            let alone = one.render(scene)
            let together = several.render(scene)
            #expect(alone == together, "at \(scene.time): the largest difference is \(Self.largestDifference(alone, together))")
            var planes: [UInt8] = [], expected: [UInt8] = []
            video.renderYUV420(scene, into: &planes)
            alone.yuv420(into: &expected)
            #expect(planes == expected, "video at \(scene.time)")
            if alone != together || planes != expected { return }
        }
    }

    static func instance(_ random: inout SeededGenerator, forms: Int) -> SceneInstance {
        let transform = AffineTransform.placement(
            position: Point(x: .random(in: -0.1...1.9, using: &random), y: .random(in: -0.1...1.1, using: &random)),
            angle: .random(in: 0...(2 * .pi), using: &random),
            sx: .random(in: 0.01...0.7, using: &random), sy: .random(in: 0.01...0.7, using: &random))
        return SceneInstance(
            form: Int32.random(in: 0..<Int32(forms), using: &random), transform: transform,
            color: color(&random, alpha: .random(in: 0.1...1, using: &random)),
            strokeWidth: Bool.random(using: &random) ? 0 : .random(in: 0.01...0.2, using: &random),
            layer: Bool.random(using: &random) ? .lumis : .trails, blend: BlendMode.allCases.randomElement(using: &random)!)
    }

    static func color(_ random: inout SeededGenerator, alpha: Double) -> RGBAColor {
        RGBAColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                  blue: .random(in: 0...1, using: &random), alpha: alpha)
    }

    static func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
