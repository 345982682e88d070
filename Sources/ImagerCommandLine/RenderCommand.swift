import ArgumentParser

/// `imager render`: stills, contact sheets and video, drawn offline by the Swift rasterizer.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render pictures and video offline: the prism cover, a chordset's contact sheet, a performance, a live frame.",
        subcommands: [RenderDarkSideCommand.self, RenderChordsetCommand.self, RenderPerformanceCommand.self, RenderFrameCommand.self])
}
