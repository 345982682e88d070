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

/// A pair of the music library — a composition's, or any the lab selects — rendered offline: its mix,
/// sample-accurate, and for a video its visual voices drawn frame by frame by the renderer, the mix muxed in
/// by ffmpeg. The one piece of code behind `imager compose render` and the lab's "Render" (`LibraryRenderer`).
struct CompositionRender {
    let library: ChordsetLibrary
    let name: String
    let arrangement: Arrangement

    /// What to tell as the render goes (how many of how many frames are done: the mix's, then the
    /// video's), and when to stop (it then throws `CancellationError`).
    struct Progress {
        var told: (_ done: Int, _ total: Int) -> Void = { _, _ in }
        var cancelled: () -> Bool = { false }

        func check() throws {
            if cancelled() { throw CancellationError() }
        }
    }

    /// `pair` of `music` (the library as read), called `name`, laid out at `sampleRate`.
    init(_ pair: Pair, of music: MusicLibrary, named name: String, in library: ChordsetLibrary, sampleRate: Int) throws(CommandFailure) {
        self.library = library
        self.name = name
        do { arrangement = try Arrangement(of: pair, in: music, sampleRate: sampleRate) } catch { throw CommandFailure(error.description) }
        guard 2 * arrangement.frameCount <= AudioFile.mostSamples else {
            throw CommandFailure("\(name) lasts longer than a mix may (\(AudioFile.mostSamples / 2 / sampleRate / 60) minutes at \(sampleRate) Hz)")
        }
    }

    /// The whole performance, rendered a second at a time in blocks as an audio device would pull it.
    func mixdown(_ progress: Progress = Progress()) throws -> AudioBuffer {
        let sounds = try libraryCommand { () throws(LibraryError) in try library.samples(for: arrangement) }
        var performance: Performance
        do { performance = try Performance(arrangement, sounds: sounds) } catch { throw CommandFailure(error.description) }
        let total = arrangement.frameCount, second = arrangement.sampleRate
        var samples: [Float] = []
        samples.reserveCapacity(2 * total)
        var done = 0
        while done < total {
            try progress.check()
            let count = min(second, total - done)
            samples += performance.rendered(frameCount: count, blockSize: 8192)
            done += count
            progress.told(done, total)
        }
        guard let mix = AudioBuffer(sampleRate: arrangement.sampleRate, channelCount: 2, samples: samples) else {
            throw CommandFailure("the mix holds samples that are not numbers")
        }
        return mix
    }

    /// The mix written to `url` (its format by its extension), whole or not at all.
    func writeMix(to url: URL, _ progress: Progress = Progress()) throws {
        let mix = try mixdown(progress)
        try progress.check()
        do { try AudioFile.write(mix, to: url) } catch { throw CommandFailure(error.message) }
    }

    /// What a video of the light is: its file, size, frame rate and x264 preset.
    struct Video {
        let url: URL
        let width: Int, height: Int, fps: Int
        var preset = VideoQuality.fast.preset
        /// How many cores draw each frame (in bands), and on which threads: all of them, GCD's from the command
        /// line, the niced ones in the server (`NicedThreads.offline`), beside the live engine.
        var cores = SceneRenderer.allCores
        var bands: BandRunner = BandRunners.dispatch
    }

    /// The light drawn into `video`, with the sound file `audio` (the mix) as its sound; a cancelled video
    /// leaves nothing behind.
    func writeVideo(_ video: Video, audio: URL, _ progress: Progress = Progress()) throws {
        let light = try light()
        let log: PerformanceLog
        do { log = try light.performanceLog() } catch { throw CommandFailure(error.description) }
        let count = frameCount(of: video)
        let encoder: VideoEncoder
        do {
            encoder = try VideoEncoder(url: video.url, width: video.width, height: video.height, fps: video.fps, preset: video.preset, audio: audio)
        } catch {
            throw CommandFailure(error.message)
        }
        let frames = PerformanceFrames(
            log: log, width: video.width, height: video.height, fps: video.fps, forVideo: true, keptBySink: encoder.framesKept,
            cores: video.cores, bands: video.bands)
        try FrameExport.toVideo(
            CancellableVideo(encoder: encoder, cancelled: progress.cancelled), count: count,
            progress: { progress.told($0, count) }, yuv420Frames: frames.yuv420Frame)
    }

    /// How many frames `video` has: as many as it takes to show the whole mix.
    func frameCount(of video: Video) -> Int {
        let seconds = Double(arrangement.frameCount) / Double(arrangement.sampleRate)
        return max(1, Int((seconds * Double(video.fps)).rounded(.up)))
    }

    /// The composition's light, its chords from the library; a chord the library lacks or cannot read is said and
    /// left out.
    func light() throws(CommandFailure) -> LightScore {
        let light: LightScore
        do { light = try LightScore(arrangement, chord: LibraryCompositions(library: library).chord) } catch {
            throw CommandFailure(error.description)
        }
        for line in light.leftOut { FileHandle.standardError.write(Data("note: \(line)\n".utf8)) }
        return light
    }
}

/// A video that gives up — ffmpeg stopped, its partial file removed — at the first frame after `cancelled`
/// says so.
private struct CancellableVideo: VideoSink {
    let encoder: VideoEncoder
    let cancelled: () -> Bool

    var framesKept: Int { encoder.framesKept }

    func append(yuv420 planes: [UInt8]) throws {
        if cancelled() { throw CancellationError() }
        try encoder.append(yuv420: planes)
    }

    func finish() throws { try encoder.finish() }
    func cancel() { encoder.cancel() }
}
