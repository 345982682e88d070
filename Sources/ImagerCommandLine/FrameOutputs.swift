import Export
import Foundation
import ImageFiles
import Raster

/// The file adapters plugged into the export use cases (`FrameExport`): PNG files written atomically in a
/// folder, and ffmpeg; each run with a progress bar on the terminal.
enum FrameOutputs {
    /// Frames as numbered PNG files in `folder`.
    static func toFolder(_ folder: URL, count: Int, label: String, render: @escaping @Sendable (Int) -> Bitmap) throws {
        let bar = ProgressBar(total: count, label: label)
        try FrameExport.toFiles(PNGFrameFiles(folder: folder), count: count, progress: bar.update(done:), render: render)
    }

    /// A video through ffmpeg of the frames `render` draws.
    static func toVideo(
        _ url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", count: Int, label: String,
        render: @escaping @Sendable (Int) -> Bitmap
    ) throws {
        let video = try VideoEncoder(url: url, width: width, height: height, fps: fps, preset: preset)
        let bar = ProgressBar(total: count, label: label)
        try FrameExport.toVideo(video, count: count, progress: bar.update(done:), render: render)
    }
}

/// Frames as PNG files in a folder, numbered from 0 (`frame-000000.png`), each written whole or not at all.
struct PNGFrameFiles: FrameFiles {
    let folder: URL

    func encode(_ frame: Bitmap) throws -> [UInt8] { try PNG.encode(frame, compression: 3) }

    func write(_ file: [UInt8], frame index: Int) throws {
        try AtomicFile.write(file, to: OutputTarget.frameFile(folder, index: index))
    }
}

extension VideoEncoder: VideoSink {
    public var framesKept: Int { Self.framesKept(width: width, height: height) }
}
