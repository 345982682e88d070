import Foundation
import ImageFiles
import Raster

/// Writes a run of frames — drawn in order — as numbered PNG files in a folder or as a video through ffmpeg,
/// through the frame pipeline and with a progress bar. A failure leaves no video behind.
enum FrameExport {
    static func toFolder(_ folder: URL, count: Int, label: String, render: @escaping @Sendable (Int) -> Bitmap) throws {
        let bar = ProgressBar(total: count, label: label)
        try FramePipeline.run(count: count, render: render, convert: { frame in Result { try PNG.encode(frame, compression: 3) } }) { index, png in
            try AtomicFile.write(try png.get(), to: OutputTarget.frameFile(folder, index: index))
            bar.update(done: index + 1)
        }
    }

    /// A video of the frames `render` draws, converted to Y′CbCr on a thread of their own.
    static func toVideo(
        _ url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", count: Int, label: String,
        render: @escaping @Sendable (Int) -> Bitmap
    ) throws {
        let conversion = YUVFrameRing(width: width, height: height)
        try encode(url, width: width, height: height, fps: fps, preset: preset, count: count, label: label) { consume in
            try FramePipeline.run(count: count, render: render, convert: { frame in conversion.next { frame.yuv420(into: &$0) } }, consume: consume)
        }
    }

    /// A video of frames drawn already as Y′CbCr 4:2:0 (`Bitmap.yuv420Size(width:height:)` bytes each).
    static func toVideo(
        _ url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", count: Int, label: String,
        yuv420Frames render: @escaping @Sendable (Int) -> [UInt8]
    ) throws {
        try encode(url, width: width, height: height, fps: fps, preset: preset, count: count, label: label) { consume in
            try FramePipeline.run(count: count, render: render, consume: consume)
        }
    }

    /// Runs `pipeline`, whose frames are handed to the encoder in order.
    private static func encode(
        _ url: URL, width: Int, height: Int, fps: Int, preset: String, count: Int, label: String,
        pipeline: (_ consume: (Int, [UInt8]) throws -> Void) throws -> Void
    ) throws {
        let encoder = try VideoEncoder(url: url, width: width, height: height, fps: fps, preset: preset)
        let bar = ProgressBar(total: count, label: label)
        do {
            try pipeline { index, planes in
                try encoder.append(yuv420: planes)
                bar.update(done: index + 1)
            }
            try encoder.finish()
        } catch {
            encoder.cancel()
            throw error
        }
    }
}
