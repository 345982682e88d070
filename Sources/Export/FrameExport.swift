import Foundation
import Raster

/// Writes a run of frames — drawn in order — as numbered picture files or as a video, through the frame
/// pipeline, telling `progress` how many are done. The files and the video are ports (`FrameFiles`,
/// `VideoSink`), plugged in by the command line: PNG files written atomically, ffmpeg.
public enum FrameExport {
    /// Frames drawn by `render`, encoded (`files.encode`) on threads of their own — one a core, each frame
    /// encoded alone — and written in order.
    public static func toFiles(
        _ files: some FrameFiles, count: Int, progress: @escaping (Int) -> Void = { _ in }, render: @escaping @Sendable (Int) -> Bitmap
    ) throws {
        let converters = ProcessInfo.processInfo.activeProcessorCount
        try FramePipeline.run(
            count: count, render: render, convert: { frame in Result { try files.encode(frame) } }, converters: converters
        ) { index, file in
            try files.write(try file.get(), frame: index)
            progress(index + 1)
        }
    }

    /// A video of the frames `render` draws, converted to Y′CbCr on a thread of their own.
    public static func toVideo(
        _ video: some VideoSink, count: Int, progress: @escaping (Int) -> Void = { _ in }, render: @escaping @Sendable (Int) -> Bitmap
    ) throws {
        let conversion = YUVFrameRing(keptBySink: video.framesKept)
        try encode(video, progress: progress) { consume in
            try FramePipeline.run(count: count, render: render, convert: { frame in conversion.next { frame.yuv420(into: &$0) } }, consume: consume)
        }
    }

    /// A video of frames drawn already as Y′CbCr 4:2:0 (`Bitmap.yuv420Size(width:height:)` bytes each).
    public static func toVideo(
        _ video: some VideoSink, count: Int, progress: @escaping (Int) -> Void = { _ in }, yuv420Frames render: @escaping @Sendable (Int) -> [UInt8]
    ) throws {
        try encode(video, progress: progress) { consume in
            try FramePipeline.run(count: count, render: render, consume: consume)
        }
    }

    /// Runs `pipeline`, whose frames are handed to the video in order; a failure cancels the video, so
    /// that no partial file is left.
    private static func encode(
        _ video: some VideoSink, progress: @escaping (Int) -> Void, pipeline: (_ consume: (Int, [UInt8]) throws -> Void) throws -> Void
    ) throws {
        do {
            try pipeline { index, planes in
                try video.append(yuv420: planes)
                progress(index + 1)
            }
            try video.finish()
        } catch {
            video.cancel()
            throw error
        }
    }
}

/// Where exported frames go as files (a port; the command line plugs in PNG files in a folder).
public protocol FrameFiles: Sendable {
    /// A frame as a file's bytes; called on a thread of the pipeline's, a few frames ahead of `write`.
    func encode(_ frame: Bitmap) throws -> [UInt8]
    /// Writes frame number `index` (from 0), in order.
    func write(_ file: [UInt8], frame index: Int) throws
}

/// Where exported frames go as a video (a port; the command line plugs in ffmpeg).
public protocol VideoSink {
    /// How many frames the sink may still read after `append` returned (their buffers must not be reused).
    var framesKept: Int { get }
    /// Sends one frame as Y′CbCr 4:2:0.
    func append(yuv420 planes: [UInt8]) throws
    /// Ends the video; it is complete when this returns.
    func finish() throws
    /// Gives up: nothing of the video is left behind.
    func cancel()
}
