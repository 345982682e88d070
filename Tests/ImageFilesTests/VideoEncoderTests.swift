import Foundation
import ImageFiles
import Raster
import TestSupport
import Testing

@Suite("Video encoder")
struct VideoEncoderTests {
    /// A stand-in for ffmpeg that starts reading late and copies what it reads to the output file unchanged.
    func slowReader(in folder: TemporaryFolder) throws -> URL {
        let script = folder.file("ffmpeg")
        try Data("#!/bin/sh\nsleep 0.3\nfor last; do :; done\ncat > \"$last\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func framesReachTheEncoderAsTheyWereWhenSentThoughTheirBufferIsWrittenAgain() throws {
        // Frames larger than the pipe, sent from one buffer rewritten in place after each: had the encoder let
        // go of a frame whose memory is still in the pipe (spliced on Linux), the reader would see the next.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let width = 1280, height = 720, size = Bitmap.yuv420Size(width: width, height: height)
        #expect(size > VideoEncoder.pipeCapacity)
        let output = folder.file("video.mp4")
        let encoder = try VideoEncoder(url: output, width: width, height: height, fps: 30, executable: slowReader(in: folder))
        var frame = [UInt8](repeating: 0, count: size)
        for value in 0..<6 {
            frame.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(value)) }
            try encoder.append(yuv420: frame)
        }
        try encoder.finish()
        let received = try [UInt8](Data(contentsOf: output))
        #expect(received.count == 6 * size)
        for value in 0..<6 {
            let part = received[(value * size)..<min(received.count, (value + 1) * size)]
            #expect(part.allSatisfy { $0 == UInt8(value) }, "frame \(value)")
        }
    }

    @Test func aFrameOfTheWrongSizeIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let encoder = try VideoEncoder(url: folder.file("video.mp4"), width: 64, height: 36, fps: 30, executable: slowReader(in: folder))
        #expect(throws: ImageFileError.self) { try encoder.append(yuv420: [UInt8](repeating: 0, count: 100)) }
        encoder.cancel()
        #expect(!FileManager.default.fileExists(atPath: folder.file("video.mp4").path))
    }
}
