import ArgumentParser
import Foundation
import ImageFiles
import Instrument
import SceneRendering
import Server

/// `imager render frame`: one binary frame as a canvas received it, drawn by the Swift rasterizer.
struct RenderFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render one binary frame of the live protocol, as a canvas received it, to PNG.",
        discussion: """
            FRAME is a binary frame (docs/live-protocol.md) as sent on /live?frames=1; --forms names a file of \
            the forms messages received before it, one JSON message a line. The frame is drawn as the first of \
            a performance: its trail stamps on an empty trail layer. The browser tests hold the canvas page's \
            drawing against this one. --stage-output NAME draws it as that output of the library shows it (its \
            slice, warped, blended and masked; docs/outputs.md).
            """)

    @Argument(help: "The binary frame file.") var frame: String
    @Option(parsing: .unconditional, help: "The forms messages, one JSON message a line.") var forms: String
    @Option(parsing: .unconditional, help: "The picture size, WIDTHxHEIGHT (16…8192 each).") var size = "1920x1080"
    @Option(name: .shortAndLong, parsing: .unconditional, help: "The PNG file to write.") var output: String
    @OptionGroup var library: LibraryOption
    @OptionGroup var stageOutput: StageOutputOption

    func run() throws {
        let (width, height) = try NumberArgument.size(size, "--size", in: 16...8192)
        let target = try OutputTarget(output)
        guard case .png(let url) = target else { throw CommandFailure("a frame renders to a PNG file: name one ending in .png") }
        let formMessages = String(decoding: try InputFile.contents(of: forms, limit: 16 << 20), as: UTF8.self)
            .split(whereSeparator: \.isNewline).map(String.init)
        let scene: Scene
        do {
            scene = try FrameDecoding.decode(Array(try InputFile.contents(of: frame, limit: 64 << 20)), forms: try FrameDecoding.forms(fromMessages: formMessages))
        } catch {
            throw CommandFailure("\(frame): \(error)")
        }
        let mapped = try stageOutput.resolve(in: library)
        try target.prepare()
        var renderer = OutputRenderer(mapped ?? .main, width: width, height: height)
        try AtomicFile.write(try PNG.encode(renderer.render(scene)), to: url)
    }
}
