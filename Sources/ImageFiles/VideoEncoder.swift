import Foundation
import Raster

/// Encodes frames to a video file through ffmpeg (found on PATH): frames converted to Y′CbCr 4:2:0 by
/// `Bitmap.yuv420(into:)` (BT.709, tagged so) are piped into it raw, and the video is written under a
/// temporary name and renamed into place only when it is complete.
public final class VideoEncoder {
    /// The pipe to ffmpeg holds this much: the default 64 KiB would cap throughput far below our frame rate.
    public static let pipeCapacity = 1 << 20

    private let process = Process()
    private let input = Pipe()
    private let target: URL
    private let temporary: URL
    private let width: Int, height: Int
    private var finished = false

    /// Where ffmpeg is, or nil when it is not installed.
    public static func findFFmpeg() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Starts ffmpeg writing `url` (H.264, yuv420p) at `fps` frames a second, with the given x264 preset.
    public init(url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast") throws(ImageFileError) {
        guard let ffmpeg = Self.findFFmpeg() else {
            throw ImageFileError(
                "video needs ffmpeg, which is not installed (on Debian: apt-get install ffmpeg); "
                    + "or give a folder with -o to write the frames as PNG files")
        }
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw ImageFileError("video needs an even width and height; \(width)×\(height) is not")
        }
        target = url
        self.width = width
        self.height = height
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageFileError("cannot write \(url.path): the folder \(folder.path) does not exist")
        }
        temporary = folder.appendingPathComponent(".\(url.deletingPathExtension().lastPathComponent).\(UUID().uuidString).partial.\(url.pathExtension)")
        process.executableURL = ffmpeg
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p",
            "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-",
            "-c:v", "libx264", "-preset", preset, "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709",
            "-color_trc", "bt709", "-color_range", "tv", "-movflags", "+faststart", temporary.path,
        ]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        // If ffmpeg stops, writing to it must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw ImageFileError("could not start ffmpeg: \(error.localizedDescription)")
        }
        #if os(Linux)
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, 1031 /* F_SETPIPE_SZ */, Int32(Self.pipeCapacity))
        #endif
    }

    /// Sends one frame, converted by `Bitmap.yuv420(into:)` (its premultiplied pixels over black, as video
    /// has no alpha) — on another thread, while the encoder writes the frame before.
    public func append(yuv420 planes: [UInt8]) throws(ImageFileError) {
        guard planes.count == Bitmap.yuv420Size(width: width, height: height) else {
            throw ImageFileError("a frame of \(planes.count) bytes in a \(width)×\(height) video")
        }
        let descriptor = input.fileHandleForWriting.fileDescriptor
        let failure: Int32? = planes.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            cancel()
            throw ImageFileError("ffmpeg stopped taking frames: \(String(cString: strerror(failure)))")
        }
    }

    /// Closes the stream, waits for ffmpeg, and moves the finished video into place.
    public func finish() throws(ImageFileError) {
        guard !finished else { return }
        finished = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw ImageFileError("ffmpeg failed (status \(process.terminationStatus)) writing \(target.path)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw ImageFileError("cannot write \(target.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Stops ffmpeg and removes the unfinished video.
    public func cancel() {
        guard !finished else { return }
        finished = true
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: temporary)
    }

    deinit { cancel() }
}
