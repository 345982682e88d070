import ArgumentParser
import Audio
import AudioFiles
import Composition
import Engine
import Export
import Foundation
import ImageFiles
import Instrument
import Library
import SceneRendering

/// `imager compose render`: a composition's mixdown to an audio file, with `--video` its visual voices drawn by
/// the renderer in step with it, the mix muxed in by ffmpeg, and with `--dmx` the DMX its light sends the
/// library's fixtures.
struct ComposeRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Mix a composition down to a sound file (.wav, .flac, .aiff, .ogg), and with --video draw its light too.",
        discussion: """
            The mix is the composition's performance rendered offline, sample-accurate, in stereo at --rate \
            (docs/composition.md). With --video, its visual voices release their chords' lumis at their events' \
            starts and let them go at their ends — the same intents the instrument plays live — and the frames are \
            drawn by the Swift renderer and encoded by ffmpeg with the mix as the video's sound. With --dmx, the \
            DMX the library's fixture patch is sent while the light plays, as `imager serve --dmx` sends it \
            (docs/fixtures.md), is written to a CSV file: a row a universe a DMX frame.
            """)

    @OptionGroup var library: LibraryOption
    @Argument(help: "The composition: its number (from 1) or name.") var composition: String
    @Option(name: .shortAndLong, parsing: .unconditional, help: "The mix: a .wav, .flac, .aiff or .ogg file.") var output: String
    @Option(parsing: .unconditional, help: "A video of the composition's light, with the mix as its sound (.mp4, .mov, .mkv).")
    var video: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(stringLiteral: RenderSize.help)) var size: String?
    @Option(parsing: .unconditional, help: "The video's frames a second (1…240).") var fps = "30"
    @Option(parsing: .unconditional, help: "The mix's sample rate in Hz (8000…192000).") var rate = "48000"
    @Option(parsing: .unconditional, help: ArgumentHelp(VideoQuality.help, valueName: "fast|balanced|compact")) var quality: String?
    @Option(parsing: .unconditional, help: "An x264 preset for the video instead of --quality's: ultrafast … veryslow.") var preset: String?
    @Option(parsing: .unconditional, help: "A CSV file of the DMX the library's fixture patch is sent while the light plays.")
    var dmx: String?
    @Option(name: .customLong("dmx-rate"), parsing: .unconditional, help: "DMX frames a second in --dmx's file (1…44).")
    var dmxRate = "40"

    func run() throws {
        let sampleRate = try NumberArgument.integer(rate, "--rate", in: 8000...192_000)
        let dmxPlan = try dmx.map { path throws(CommandFailure) in (path: path, rate: try DMXValuesFile.rate(dmxRate)) }
        let mixURL = URL(fileURLWithPath: output)
        guard AudioFileFormat(path: output) != nil else {
            throw CommandFailure("cannot tell what to write to \(output): name a \(AudioFileFormat.extensions) file")
        }
        try OutputTarget.checkFolder(of: mixURL)
        var videoPlan: (url: URL, width: Int, height: Int, fps: Int, preset: String)?
        if let video {
            // Not a video: answered in the else.
            guard case .video(let url)? = try? OutputTarget(video) else { throw CommandFailure("--video needs a video file (.mp4, .mov, .mkv or .webm); \"\(video)\" is not one") }
            let (width, height) = try RenderSize.resolve(size, library: library)
            guard width % 2 == 0, height % 2 == 0 else { throw CommandFailure("video needs an even width and height; \(width)x\(height) is not") }
            let preset = try VideoQuality.preset(quality: quality, preset: preset)
            try OutputTarget.video(url).prepare()
            videoPlan = (url, width, height, try NumberArgument.integer(fps, "--fps", in: 1...240), preset)
        }

        let opened = try library.open()
        let (music, chosen) = try libraryCommand { () throws(LibraryError) in (try opened.musicLibrary(), try opened.composition(named: composition)) }
        let render = try CompositionRender(chosen.pair, of: music, named: chosen.name, in: opened, sampleRate: sampleRate)
        let mixBar = ProgressBar(total: render.arrangement.frameCount, label: "mix")
        try render.writeMix(to: mixURL, .init(told: { done, _ in mixBar.update(done: done) }))
        if let dmxPlan {
            let seconds = Double(render.arrangement.frameCount) / Double(render.arrangement.sampleRate)
            let log: PerformanceLog
            do { log = try render.light().performanceLog() } catch { throw CommandFailure("the composition's light cannot be played: \(error)") }
            try DMXValuesFile.write(log, seconds: seconds, from: 0, rate: dmxPlan.rate, patchOf: opened, to: dmxPlan.path)
        }
        guard let videoPlan else { return }
        let video = CompositionRender.Video(
            url: videoPlan.url, width: videoPlan.width, height: videoPlan.height, fps: videoPlan.fps, preset: videoPlan.preset)
        let videoBar = ProgressBar(total: render.frameCount(of: video), label: "video")
        try render.writeVideo(video, audio: mixURL, .init(told: { done, _ in videoBar.update(done: done) }))
    }

}
