import Foundation
import ImageFiles
import Raster

/// Writes a run of frames — drawn by `render`, in order — as numbered PNG files in a folder or as a video
/// through ffmpeg, with the render/encode pipeline and a progress bar. A failure leaves no video behind.
enum FrameExport {
    static func toFolder(_ folder: URL, count: Int, label: String, render: @escaping @Sendable (Int) -> Bitmap) throws {
        let bar = ProgressBar(total: count, label: label)
        try FramePipeline.run(count: count, render: render) { index, frame in
            try AtomicFile.write(try PNG.encode(frame, compression: 3), to: OutputTarget.frameFile(folder, index: index))
            bar.update(done: index + 1)
        }
    }

    static func toVideo(
        _ url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", count: Int, label: String,
        render: @escaping @Sendable (Int) -> Bitmap
    ) throws {
        let encoder = try VideoEncoder(url: url, width: width, height: height, fps: fps, preset: preset)
        let bar = ProgressBar(total: count, label: label)
        do {
            try FramePipeline.run(count: count, render: render) { index, frame in
                try encoder.append(frame)
                bar.update(done: index + 1)
            }
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw error
        }
    }
}
