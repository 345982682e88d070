import Foundation
import ImageFiles
import Raster

/// Writes a run of frames — drawn by `render`, in order — as numbered PNG files in a folder or as a video
/// through ffmpeg, through the frame pipeline and with a progress bar. A failure leaves no video behind.
enum FrameExport {
    static func toFolder(_ folder: URL, count: Int, label: String, render: @escaping @Sendable (Int) -> Bitmap) throws {
        let bar = ProgressBar(total: count, label: label)
        try FramePipeline.run(count: count, render: render, convert: { frame in Result { try PNG.encode(frame, compression: 3) } }) { index, png in
            try AtomicFile.write(try png.get(), to: OutputTarget.frameFile(folder, index: index))
            bar.update(done: index + 1)
        }
    }

    static func toVideo(
        _ url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", count: Int, label: String,
        render: @escaping @Sendable (Int) -> Bitmap
    ) throws {
        let encoder = try VideoEncoder(url: url, width: width, height: height, fps: fps, preset: preset)
        let bar = ProgressBar(total: count, label: label)
        let conversion = YUVConversion()
        do {
            try FramePipeline.run(count: count, render: render, convert: conversion.convert) { index, planes in
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

/// The pipeline's conversion of frames to Y′CbCr 4:2:0, into a ring of buffers reused in turn, so that no
/// frame costs a fresh allocation of megabytes (a buffer still being written is copied, never overwritten).
private final class YUVConversion: @unchecked Sendable {
    // Safe to send: `convert` is called from the pipeline's one conversion thread only.
    private var buffers = [[UInt8]](repeating: [], count: FramePipeline.framesInFlight)
    private var next = 0

    func convert(_ frame: Bitmap) -> [UInt8] {
        var planes = buffers[next]
        buffers[next] = []  // lend the storage out, so that it is written in place when nobody else holds it
        frame.yuv420(into: &planes)
        buffers[next] = planes
        next = (next + 1) % buffers.count
        return planes
    }
}
