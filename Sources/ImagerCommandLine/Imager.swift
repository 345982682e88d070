import ArgumentParser

/// The `imager` command: the instrument's command line.
public struct Imager: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "imager",
        abstract: "Image Performer — an instrument for performing light.",
        discussion: """
            The canvas is served by `serve`; the browser console and `compose` come in later versions.
            """,
        version: ImagePerformerVersion.current,
        subcommands: [VersionCommand.self, ServeCommand.self, DemoCommand.self, ChordsetsCommand.self, ComposeCommand.self, LibraryCommand.self, RenderCommand.self, AnalyseCommand.self]
    )

    public init() {}
}
