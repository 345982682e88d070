import ArgumentParser
import Foundation
import Geometry
import ImageFiles
import Raster

/// `imager render darkside`: the prism cover of seed 004, as a still (PNG or SVG) or its animated drawing.
struct RenderDarkSideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "darkside",
        abstract: "Render the prism cover: a still (PNG, SVG) or its drawing animated (frames, video).",
        discussion: """
            A square, black background; the prism stroked white, the beam, the dispersion filled white to \
            black and six rainbow slices. With --frames N the drawing is animated: the prism traced first, \
            then the beam, the dispersion, the rainbow — written as numbered PNG files in a folder \
            (-o frames/) or as a video through ffmpeg (-o cover.mp4).
            """)

    @Option(name: .customLong("light-fraction"), parsing: .unconditional, help: "Where the beam enters the left edge (0…1).")
    var lightFraction = "0.55"
    @Option(name: .customLong("prism-fraction"), parsing: .unconditional, help: "Where the beam strikes the prism's left side (0…1).")
    var prismFraction = "0.4"
    @Option(name: .customLong("dispersion-size"), parsing: .unconditional, help: "The dispersion's size on the prism's right side (0…1).")
    var dispersionSize = "0.2"
    @Option(name: .customLong("rainbow-size"), parsing: .unconditional, help: "The rainbow's size on the right edge (0…1).")
    var rainbowSize = "0.15"
    @Option(parsing: .unconditional, help: "The side of the square picture in pixels (16…16384).")
    var size = "1024"
    @Option(parsing: .unconditional, help: "How much of the drawing is done (0…1), for a still.")
    var progress = "1.0"
    @Option(parsing: .unconditional, help: "Animate the drawing over this many frames (2…100000).")
    var frames: String?
    @Option(parsing: .unconditional, help: "Frames a second of a video (1…240).")
    var fps = "30"
    @Option(name: .shortAndLong, parsing: .unconditional, help: "The file or folder to write: cover.png, cover.svg, frames/ or cover.mp4.")
    var output: String

    func run() throws {
        let parameters: PrismParameters
        do {
            parameters = try PrismParameters(
                lightFraction: try NumberArgument.fraction(lightFraction, "--light-fraction"),
                prismFraction: try NumberArgument.fraction(prismFraction, "--prism-fraction"),
                dispersionSize: try NumberArgument.fraction(dispersionSize, "--dispersion-size"),
                rainbowSize: try NumberArgument.fraction(rainbowSize, "--rainbow-size"))
        } catch let error as GeometryError {
            throw CommandFailure(error.description)
        }
        let side = try NumberArgument.integer(size, "--size", in: 16...Bitmap.maximumSide)
        let stillProgress = try NumberArgument.fraction(progress, "--progress")
        let frameCount = try frames.map { (text) throws(CommandFailure) in try NumberArgument.integer(text, "--frames", in: 2...100_000) }
        let framesPerSecond = try NumberArgument.integer(fps, "--fps", in: 1...240)
        let target = try OutputTarget(output)
        let drawing = DarkSide(parameters: parameters)

        switch (target, frameCount) {
        case (.png(let url), nil):
            try target.prepare()
            try AtomicFile.write(try PNG.encode(drawing.bitmap(side: side, progress: stillProgress)), to: url)
        case (.svg(let url), nil):
            try target.prepare()
            try AtomicFile.write(Array(Self.svg(drawing, side: side, progress: stillProgress).utf8), to: url)
        case (.frames(let folder), let count?):
            try target.prepare()
            try FrameOutputs.toFolder(folder, count: count, label: "darkside") {
                drawing.bitmap(side: side, progress: Double($0) / Double(count - 1))
            }
        case (.video(let url), let count?):
            try target.prepare()
            let even = side + side % 2  // video wants even sides
            try FrameOutputs.toVideo(url, width: even, height: even, fps: framesPerSecond, count: count, label: "darkside") {
                drawing.bitmap(side: even, progress: Double($0) / Double(count - 1))
            }
        case (.frames, nil), (.video, nil):
            throw CommandFailure("a folder or a video needs --frames N: how many frames the animated drawing has")
        case (.png, _?), (.svg, _?):
            throw CommandFailure("--frames writes a folder (-o frames/) or a video (-o cover.mp4), not one picture")
        }
    }

    static func svg(_ drawing: DarkSide, side: Int, progress: Double) -> String {
        var document = SVGDocument(width: Double(side), height: Double(side), background: drawing.background)
        for element in drawing.elements(in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), progress: progress) {
            document.draw(element.path, paint: element.paint, mode: element.mode)
        }
        return document.text
    }
}

extension CommandFailure {
    init(_ error: ImageFileError) { self.init(error.message) }
}
