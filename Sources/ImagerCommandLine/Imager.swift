import ArgumentParser

/// The `imager` command: the instrument's command line.
public struct Imager: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "imager",
        abstract: "Image Performer — an instrument for performing light.",
        discussion: """
            Later versions add `serve` (the live instrument, played from a browser), `chordsets` (the \
            library) and `compose`.
            """,
        version: ImagePerformerVersion.current,
        subcommands: [VersionCommand.self, DemoCommand.self, ChordsetsCommand.self, LibraryCommand.self, RenderCommand.self, BenchCommand.self]
    )

    public init() {}
}
