import ArgumentParser
import AudioFiles
import Export
import Foundation
import ImageFiles
import Instrument
import Library
import Raster
import Recordings
import SceneRendering

/// `imager render performance`: a recorded performance replayed frame by frame, to video or PNG files.
struct RenderPerformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "performance",
        abstract: "Replay a recorded performance log frame by frame to a video (through ffmpeg) or PNG frames.",
        discussion: """
            The log is the JSON file the instrument records (docs/performance-log.md). For a video, frames are drawn \
            and converted to Y′CbCr on one thread and written on another; for PNG frames, drawn, encoded and written on \
            three; each stage a few frames ahead of the next. Without ffmpeg on PATH, write PNG frames to a folder \
            (-o frames/) and encode them later. A recording made while the instrument listened keeps what was heard \
            beside its log (the same name, .flac): the video takes it as its sound, its first sample at the recording's \
            first frame; --audio FILE takes another take of the track instead (starting at the same moment), and \
            --audio none leaves the video silent. --dmx writes the DMX the library's fixture patch would have been sent, \
            as a CSV of channel levels (docs/fixtures.md), with or without -o. --stage-output NAME renders what that \
            output of the library showed — its slice, warped, blended and masked (docs/outputs.md) — at --size. A set \
            recorded in parts (a recording that filled goes on as LOG-part2, LOG-part3, …) renders as one video: give \
            the parts in order, or one of them with --whole-set; each part's sound follows its frames.
            """)

    @Argument(help: "The performance log (JSON); or several, the parts of one set in order, rendered as one video.")
    var logs: [String] = []

    @Flag(name: .customLong("whole-set"), help: "Render every part of the set LOG belongs to (LOG, LOG-part2, LOG-part3, …), in order, as one video.")
    var wholeSet = false

    @Option(parsing: .unconditional, help: ArgumentHelp(stringLiteral: RenderSize.help))
    var size: String?

    @OptionGroup var library: LibraryOption
    @OptionGroup var stageOutput: StageOutputOption

    @Option(parsing: .unconditional, help: "Frames a second (1…240).")
    var fps = "60"

    @Option(parsing: .unconditional, help: "Seconds rendered after the last event, for the light to fade (0…600).")
    var tail = "4"

    @Option(
        parsing: .unconditional,
        help: "The output stage's strength to start from, 0 (light clips, as before it existed) to 1 (fully on), instead of what the log says.")
    var headroom: String?

    @Option(
        parsing: .unconditional,
        help: "The most lumis that sound at once (1…4096), past which the oldest are stolen, instead of what the log says: to render a recording made without a polyphony with one.")
    var polyphony: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The video's sound: an audio file starting at the recording's first moment, or none. Default: what was heard, kept beside the log (LOG.flac), if it was.", valueName: "FILE|none"))
    var audio: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(VideoQuality.help, valueName: "fast|balanced|compact"))
    var quality: String?

    @Option(parsing: .unconditional, help: "An x264 preset for video instead of --quality's: ultrafast … veryslow.")
    var preset: String?

    @Option(name: .shortAndLong, parsing: .unconditional, help: "A video file (set.mp4) or a folder for PNG frames (frames/).")
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "A CSV file of the DMX the library's fixture patch is sent: a row a universe a DMX frame (seconds, universe, 512 levels).",
        valueName: "values.csv"))
    var dmx: String?

    @Option(name: .customLong("dmx-rate"), parsing: .unconditional, help: "DMX frames a second in --dmx's file (1…44).")
    var dmxRate = "40"

    func run() throws {
        let (width, height) = try RenderSize.resolve(size, library: library)
        let framesPerSecond = try NumberArgument.integer(fps, "--fps", in: 1...240)
        guard let tailSeconds = Double(tail), tailSeconds.isFinite, (0...600).contains(tailSeconds) else {
            throw CommandFailure("--tail must be a number of seconds from 0 to 600; \"\(tail)\" is not")
        }
        let preset = try VideoQuality.preset(quality: quality, preset: preset)
        let parts = try partsRead()
        guard output != nil || dmx != nil else { throw CommandFailure("say where to render: -o set.mp4|frames/, --dmx values.csv, or both") }
        if let dmx {
            guard parts.count == 1 else { throw CommandFailure("--dmx writes one part at a time; give one log") }
            let span = parts[0].log.recordedSpan
            try writeDMX(parts[0].log, seconds: span.upperBound - span.lowerBound + tailSeconds, from: span.lowerBound, to: dmx)
        }
        guard let output else { return }
        let target = try OutputTarget(output)
        let mapped = try stageOutput.resolve(in: library)
        let counts = Self.frameCounts(of: parts.map(\.log), fps: framesPerSecond, tail: tailSeconds)
        let count = counts.reduce(0, +)
        guard count <= 10_000_000 else { throw CommandFailure("that is \(count) frames; at most 10,000,000 are rendered") }
        func frames(forVideo: Bool, keptBySink: Int = 0) -> SetFrames {
            SetFrames(zip(parts, counts).map { part, count in
                SetFrames.Part(count: count) {
                    PerformanceFrames(
                        log: part.log, width: width, height: height, fps: framesPerSecond, from: part.log.recordedSpan.lowerBound,
                        forVideo: forVideo, keptBySink: keptBySink, output: mapped, cores: SceneRenderer.allCores)
                }
            })
        }

        switch target {
        case .frames(let folder):
            try target.prepare()
            try FrameOutputs.toFolder(folder, count: count, label: "performance", render: frames(forVideo: false).frame)
        case .video(let url):
            guard width % 2 == 0, height % 2 == 0 else { throw CommandFailure("video needs an even width and height; \(width)x\(height) is not") }
            try target.prepare()
            let sound = try sound(of: parts.map(\.path), seconds: counts.map { Double($0) / Double(framesPerSecond) })
            let video = try VideoEncoder(url: url, width: width, height: height, fps: framesPerSecond, preset: preset, sound: sound)
            let bar = ProgressBar(total: count, label: "performance")
            try FrameExport.toVideo(
                video, count: count, progress: bar.update(done:), yuv420Frames: frames(forVideo: true, keptBySink: video.framesKept).yuv420Frame)
        case .png, .svg:
            throw CommandFailure("a performance renders to a video (-o set.mp4) or a folder of frames (-o frames/)")
        }
    }

    /// The logs to render, read and checked, with `--headroom` and `--polyphony` applied to each: the one
    /// given, the parts given in order, or every part of its set (`--whole-set`).
    private func partsRead() throws(CommandFailure) -> [(path: String, log: PerformanceLog)] {
        guard let first = logs.first else { throw CommandFailure("say which performance log to render") }
        var paths = logs
        if wholeSet {
            guard logs.count == 1 else { throw CommandFailure("--whole-set takes one log, any part of the set") }
            do {
                paths = try RecordingSet.parts(of: URL(fileURLWithPath: first)).map(\.path)
            } catch {
                throw CommandFailure("the folder of \(first) cannot be read: \(error)")
            }
        }
        var parts: [(path: String, log: PerformanceLog)] = []
        for path in paths {
            var performance = try Self.read(path)
            if let headroom { performance.startHeadroom(at: try NumberArgument.fraction(headroom, "--headroom")) }
            if let polyphony {
                let range = PerformanceState.polyphonyRange
                let count = try NumberArgument.integer(polyphony, "--polyphony", in: range.lowerBound...range.upperBound)
                do { try performance.startPolyphony(at: count) } catch { throw CommandFailure(error.description) }
            }
            parts.append((path, performance))
        }
        if parts.count > 1 { print("rendering \(parts.count) parts as one video: \(paths.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "))") }
        return parts
    }

    /// The frames each part takes: its recorded span, whole frames; the last, the tail after it too (and
    /// its last moment).
    static func frameCounts(of logs: [PerformanceLog], fps: Int, tail: Double) -> [Int] {
        logs.enumerated().map { index, log in
            let span = log.recordedSpan
            let seconds = span.upperBound - span.lowerBound
            if index == logs.count - 1 { return Int(((seconds + tail) * Double(fps)).rounded(.up)) + 1 }
            return max(Int((seconds * Double(fps)).rounded()), 1)
        }
    }

    /// The DMX of `seconds` of `performance` from `start`, as the library's patch is sent it, into a CSV file.
    private func writeDMX(_ performance: PerformanceLog, seconds: Double, from start: Double, to path: String) throws {
        try DMXValuesFile.write(performance, seconds: seconds, from: start, rate: try DMXValuesFile.rate(dmxRate), patchOf: try library.open(), to: path)
    }

    /// The sound the video takes: `--audio`'s file (checked to be audio), none, or what was heard beside
    /// each of `logs` — one part's from the first frame; a set's, each part's for its `seconds` (silence
    /// where a part heard nothing).
    func sound(of logs: [String], seconds: [Double]) throws(CommandFailure) -> VideoEncoder.Sound? {
        switch audio {
        case "none": return nil
        case let path?:
            let url = URL(fileURLWithPath: path)
            do { _ = try AudioFile.read(url) } catch { throw CommandFailure("--audio \(path): \(error)") }
            return .file(url)
        case nil:
            let heard = logs.map { log -> URL? in
                let url = URL(fileURLWithPath: log).deletingPathExtension().appendingPathExtension("flac")
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            }
            guard heard.contains(where: { $0 != nil }) else { return nil }
            if heard.count == 1, let only = heard[0] { return .file(only) }
            return .stretches(Array(zip(heard, seconds)).map { (file: $0.0, seconds: $0.1) })
        }
    }

    /// Reads and validates a log file, with a message naming what is wrong, and the hearings kept beside it.
    static func read(_ path: String) throws(CommandFailure) -> PerformanceLog {
        var log = try decode(path)
        guard let file = log.hearingsFile else { return log }
        let url = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file.name)
        do {
            try log.play(try Hearings(try HearingsJournal.read(url, count: file.count)))
        } catch {
            // The events still play: only the light that followed the sound is missing.
            FileHandle.standardError.write(Data("warning: \(error); the light that followed the sound is drawn without it\n".utf8))
        }
        return log
    }

    private static func decode(_ path: String) throws(CommandFailure) -> PerformanceLog {
        let data = try InputFile.contents(of: path, limit: PerformanceLog.maximumFileBytes)
        do {
            return try JSONDecoder().decode(PerformanceLog.self, from: data)
        } catch let error as InstrumentError {
            throw CommandFailure("\(path) is not a performance this build can play: \(error)")
        } catch let error as DecodingError {
            throw CommandFailure("\(path) is not a performance log: \(DecodingProblem(error))")
        } catch {
            throw CommandFailure("\(path) is not a performance log: \(error)")
        }
    }
}
