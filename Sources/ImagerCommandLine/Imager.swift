import ArgumentParser

/// The `imager` command: the instrument's command line.
public struct Imager: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "imager",
        abstract: "Image Performer — an instrument for performing light.",
        discussion: """
            `imager serve` plays the instrument: open the console it prints in a browser, the canvas on the \
            screen that shows the performance, the composition lab to compose with sound. The other commands \
            work on the library, compositions and recordings without a server: they render, mix down, analyse, \
            import and export. The library lives in $XDG_DATA_HOME/imager/library.sqlite unless --library names \
            another. The guides (the console, the lab, OSC, fixtures, outputs, the live protocol, the library's API) \
            are in the source's docs/ folder, and in /usr/share/doc/imager/ where the package is installed.
            """,
        version: ImagePerformerVersion.current,
        subcommands: [VersionCommand.self, ServeCommand.self, DemoCommand.self, ChordsetsCommand.self, ComposeCommand.self, LibraryCommand.self, RenderCommand.self, AnalyseCommand.self]
    )

    public init() {}
}
