import ImagerCommandLine
import ArgumentParser
import Export
import Foundation
import Geometry
import Instrument
import Raster

/// `imager-bench raster`: the rasterizer on the workloads of issue 3, for comparison with cairo and Skia
/// (bench/raster_peers.py runs all three in one go and prints the ratios).
struct BenchRasterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster",
        abstract: "Time the rasterizer: random circles at 1920×1080 and the prism cover at 2048×2048 (one core).",
        discussion: """
            The circles are those bench/raster_peers.py gives cairo and Skia: radius 4–40 px, random HSV \
            colours, alpha 0.6, source-over, from SplitMix64 seeded with 42; yuv420-1080 converts the frame of \
            1,000 circles to Y′CbCr 4:2:0 as video export does. Prints one line per workload: \
            its name, the median and the best time in milliseconds, after two runs to warm up. With --frames 1 2, \
            also the mean time a frame of those factory chordsets' demos takes to draw at 1920×1080 \
            (frames-1 is Lumia's), and to draw and convert to Y′CbCr band by band as video export does \
            (video-1), the median of the runs. With --passage LOG, also the lumis' shapes (the frame with the \
            most lumis of each factory chordset's demo: stars, roses, rings, strokes, with their blends) and \
            a busy passage's frames (LOG every quarter of a second from 0.5 s to 3.5 s), lumis alone, at \
            1920×1080: the time to draw the whole set; --drawings FOLDER writes them as JSON for the peers.
            """)

    @Option(parsing: .upToNextOption, help: "Numbers of circles to draw (1…1000000).")
    var circles: [Int] = [1_000, 10_000]

    @Option(help: "Give every circle this radius in pixels (0.5…500) instead of 4–40 at random: bench/raster_costs.py draws circles of several sizes to tell a shape's, a row's and a pixel's cost apart.")
    var radius: Double?

    @Option(help: "Repetitions of each workload; the median is reported (1…1000).")
    var runs = 7

    @Option(parsing: .upToNextOption,
            help: "Also time drawing the frames of these factory chordsets' 3-second demos at 1920×1080, as export draws them (1…\(FactoryChordsets.all.count)).")
    var frames: [Int] = []

    @Option(parsing: .upToNextOption, help: "Draw the frames of --frames and --passage over this many cores each (1…64).")
    var cores: [Int] = [1]

    @Option(help: "Also time the lumis' shapes (the busiest frame of each factory chordset's demo) and a busy passage's frames (this performance log), and write both as JSON into --drawings for bench/raster_peers.py.")
    var passage: String?

    @Flag(help: "Also time --passage's first 3.5 s as export draws its frames at 1920×1080, 60 a second (frames-busy, video-busy).")
    var export = false

    @Option(help: "A folder to write the drawings into (lumis.json, busy.json), for bench/raster_peers.py.")
    var drawings: String?

    func validate() throws {
        guard circles.allSatisfy({ (1...1_000_000).contains($0) }) else { throw ValidationError("--circles takes 1 to 1000000") }
        guard frames.allSatisfy({ (1...FactoryChordsets.all.count).contains($0) }) else {
            throw ValidationError("--frames takes factory chordset numbers, 1 to \(FactoryChordsets.all.count)")
        }
        if let radius, !(0.5...500).contains(radius) { throw ValidationError("--radius takes 0.5 to 500 pixels") }
        guard (1...1000).contains(runs) else { throw ValidationError("--runs takes 1 to 1000") }
        guard !cores.isEmpty, cores.allSatisfy({ (1...64).contains($0) }) else { throw ValidationError("--cores takes 1 to 64") }
    }

    func run() throws {
        for count in circles {
            let list = BenchmarkCircles.make(count: count, radius: radius)
            report("circles-\(count)", time { _ = BenchmarkCircles.draw(list) })
        }
        report("cover-2048", time { _ = DarkSide().bitmap(side: 2048, progress: 1) })
        if let passage {
            let sets = [("lumis", try BenchDrawings.lumis()), ("busy", try BenchDrawings.busy(passage: passage))]
            for (name, list) in sets {
                if let drawings { try BenchDrawings.write(list, named: name, into: drawings) }
                report(name, time { for drawing in list { _ = drawing.draw() } })
            }
        }
        let frame = BenchmarkCircles.draw(BenchmarkCircles.make(count: 1_000))
        var planes: [UInt8] = []
        report("yuv420-1080", time { frame.yuv420(into: &planes) })
        for number in frames {
            // The log of `imager demo --seconds 3`, drawn as `imager render performance --tail 0` draws it.
            guard let log = try? DemoPerformance.log(playing: FactoryChordsets.all[number - 1], for: 3) else { continue }
            timeFrames(of: log, named: "\(number)", seconds: 3)
        }
        if let passage, export {
            timeFrames(of: try JSONDecoder().decode(PerformanceLog.self, from: Data(contentsOf: URL(fileURLWithPath: passage))), named: "busy", seconds: 3.5)
        }
    }

    /// The mean time a frame of `log`'s first `seconds` takes to draw at 1920×1080, 60 a second, over each of
    /// `cores` (frames-NAME, frames-NAME-cores-N), and to draw and convert to Y′CbCr as video export does (video-…).
    private func timeFrames(of log: PerformanceLog, named name: String, seconds: Double) {
        let count = Int(seconds * 60) + 1
        for cores in cores {
            let suffix = cores == 1 ? "" : "-cores-\(cores)"
            let drawing = time {
                let source = PerformanceFrames(log: log, width: 1920, height: 1080, fps: 60, cores: cores)
                for index in 0..<count { _ = source.frame(index) }
            }
            report("frames-\(name)\(suffix)", drawing.map { $0 / Double(count) })
            let drawingForVideo = time {
                let source = PerformanceFrames(log: log, width: 1920, height: 1080, fps: 60, forVideo: true, cores: cores)
                for index in 0..<count { _ = source.yuv420Frame(index) }
            }
            report("video-\(name)\(suffix)", drawingForVideo.map { $0 / Double(count) })
        }
    }

    /// Each workload's times, after two runs to warm up (memory mapped, caches and scratch buffers filled:
    /// the C library maps a large picture's memory afresh for the first two pictures, page by page, and
    /// reuses it from then on).
    private func time(_ work: () -> Void) -> [Double] {
        let clock = ContinuousClock()
        work()
        work()
        return (0..<runs).map { _ in
            let start = clock.now
            work()
            return (clock.now - start).inSeconds
        }.sorted()
    }

    private func report(_ name: String, _ samples: [Double]) {
        print("\(name) \(FixedDecimals.format(samples[samples.count / 2] * 1000, decimals: 2)) \(FixedDecimals.format(samples[0] * 1000, decimals: 2)) \(samples.map { FixedDecimals.format($0 * 1000, decimals: 2) }.joined(separator: ","))")
    }
}

/// The random circles of the raster benchmark, the same in Swift and in bench/raster_peers.py.
enum BenchmarkCircles {
    struct Circle {
        var x, y, radius: Double
        var color: RGBAColor
    }

    static let width = 1920, height = 1080

    /// `count` circles at random places and colours; of `radius` when one is given, else 4–40 px at random (the
    /// same places either way).
    static func make(count: Int, radius fixedRadius: Double? = nil) -> [Circle] {
        var state: UInt64 = 42
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) * 0x1.0p-53
        }
        return (0..<count).map { _ in
            let x = next() * Double(width), y = next() * Double(height), randomRadius = 4 + next() * 36
            let hue = next(), saturation = 0.5 + 0.5 * next(), value = 0.5 + 0.5 * next()
            return Circle(x: x, y: y, radius: fixedRadius ?? randomRadius, color: hsv(hue, saturation, value).fading(by: 0.6))
        }
    }

    static func draw(_ circles: [Circle]) -> Bitmap {
        var canvas = RasterCanvas(width: width, height: height, background: .black)
        for circle in circles {
            let r = circle.radius
            canvas.fill(
                Geometry.Circle().path(in: Rect(x: circle.x - r, y: circle.y - r, width: 2 * r, height: 2 * r)),
                paint: .solid(circle.color))
        }
        return canvas.bitmap
    }

    /// The textbook conversion, as Python's colorsys does it.
    private static func hsv(_ h: Double, _ s: Double, _ v: Double) -> RGBAColor {
        let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        return RGBAColor(red: r, green: g, blue: b)
    }
}
