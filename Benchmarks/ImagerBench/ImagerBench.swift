import ArgumentParser

/// `imager-bench`: measures on this machine what the instrument promises to do fast. A tool for the
/// instrument's developers (`make bench`), built beside `imager` but not part of it.
@main
struct ImagerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imager-bench",
        abstract: "Measure frame evaluation (scene), the rasterizer (raster), the library (library), the live server (live, soak) a composition's mixdown (mixdown) and a music edit (music) on this machine.",
        discussion: "Build with `swift build -c release` (or run `make bench`) for meaningful figures.",
        subcommands: [BenchSceneCommand.self, BenchRasterCommand.self, BenchLibraryCommand.self, BenchLiveCommand.self, BenchSoakCommand.self, BenchMixdownCommand.self, BenchMusicCommand.self, BenchDMXCommand.self, BenchProfilesCommand.self],
        defaultSubcommand: BenchSceneCommand.self)
}
