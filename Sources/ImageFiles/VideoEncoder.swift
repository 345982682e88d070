import Foundation
import Raster

/// Encodes frames to a video file through ffmpeg (found on PATH): frames converted to Y′CbCr 4:2:0 by
/// `Bitmap.yuv420(into:)` (BT.709, tagged so) are piped into it raw, and the video is written under a
/// temporary name and renamed into place only when it is complete.
///
/// On Linux a frame's memory is spliced into the pipe (`vmsplice`) rather than copied into it, and ffmpeg
/// reads it from there: so the frame must not change until ffmpeg has read it. The encoder keeps each frame
/// it sent until more than the pipe holds has been sent after it (`framesKept`), and whoever writes the next
/// frame into a buffer still kept copies it first (arrays copy on write).
public final class VideoEncoder {
    /// The pipe to ffmpeg holds this much: the default 64 KiB would cap throughput far below our frame rate.
    public static let pipeCapacity = 1 << 20

    private let process = Process()
    private let input = Pipe()
    private let target: URL
    private let temporary: URL
    public let width: Int, height: Int
    private var finished = false
    /// What the pipe holds when frames are spliced into it; nil when they are written (copied) into it.
    private var splicedCapacity: Int?
    /// Frames spliced into the pipe that ffmpeg may not have read yet, and how many bytes were sent after each.
    private var framesInPipe: [(frame: [UInt8], bytesSentAfter: Int)] = []

    /// Where ffmpeg is, or nil when it is not installed.
    public static func findFFmpeg() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The sound a video takes: one file from its first frame, or stretches one after another — a set
    /// recorded in parts — each a file (or silence, nil) for exactly its seconds, cut or padded with silence.
    public enum Sound: Sendable {
        case file(URL)
        case stretches([(file: URL?, seconds: Double)])

        /// ffmpeg's inputs after the video's, and what maps the sound into the video.
        var arguments: [String] {
            switch self {
            case .file(let url): return ["-i", url.path, "-map", "0:v", "-map", "1:a"]
            case .stretches(let stretches):
                var inputs: [String] = []
                var graph: [String] = []
                for (index, stretch) in stretches.enumerated() {
                    let seconds = String(format: "%.6f", max(stretch.seconds, 0))
                    if let file = stretch.file {
                        inputs += ["-i", file.path]
                    } else {
                        inputs += ["-f", "lavfi", "-t", seconds, "-i", "anullsrc=r=48000:cl=stereo"]
                    }
                    // Each stretch brought to one rate and layout, then cut or padded to its length.
                    graph.append("[\(index + 1):a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=0:\(seconds),apad=whole_dur=\(seconds)[s\(index)]")
                }
                let joined = (0..<stretches.count).map { "[s\($0)]" }.joined() + "concat=n=\(stretches.count):v=0:a=1[sound]"
                return inputs + ["-filter_complex", (graph + [joined]).joined(separator: ";"), "-map", "0:v", "-map", "[sound]"]
            }
        }
    }

    /// Starts ffmpeg — `executable`, or the one on PATH — writing `url` (H.264, yuv420p) at `fps` frames a
    /// second, with the given x264 preset; with `audio`, that sound muxed in as the video's sound (AAC).
    public convenience init(
        url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", audio: URL?, executable: URL? = nil
    ) throws(ImageFileError) {
        try self.init(url: url, width: width, height: height, fps: fps, preset: preset, sound: audio.map { .file($0) }, executable: executable)
    }

    /// Starts ffmpeg — `executable`, or the one on PATH — writing `url` (H.264, yuv420p) at `fps` frames a
    /// second, with the given x264 preset; with `sound`, that sound muxed in as the video's sound (AAC).
    public init(
        url: URL, width: Int, height: Int, fps: Int, preset: String = "veryfast", sound: Sound? = nil, executable: URL? = nil
    ) throws(ImageFileError) {
        guard let ffmpeg = executable ?? Self.findFFmpeg() else {
            throw ImageFileError(
                .encoderFailed, "video needs ffmpeg, which is not installed (on Debian: apt-get install ffmpeg); "
                    + "or give a folder with -o to write the frames as PNG files")
        }
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else {
            throw ImageFileError(.invalid, "video needs an even width and height; \(width)×\(height) is not")
        }
        target = url
        self.width = width
        self.height = height
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageFileError(.notWritten, "cannot write \(url.path): the folder \(folder.path) does not exist")
        }
        temporary = folder.appendingPathComponent(".\(url.deletingPathExtension().lastPathComponent).\(UUID().uuidString).partial.\(url.pathExtension)")
        process.executableURL = ffmpeg
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p",
            "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "-",
        ] + (sound.map { $0.arguments + ["-c:a", "aac", "-b:a", "192k"] } ?? []) + [
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
            throw ImageFileError(.encoderFailed, "could not start ffmpeg", cause: error)
        }
        #if os(Linux)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        _ = fcntl(descriptor, 1031 /* F_SETPIPE_SZ */, Int32(Self.pipeCapacity))
        let capacity = Int(fcntl(descriptor, 1032 /* F_GETPIPE_SZ */))
        if Self.vmsplice != nil, capacity > 0 { splicedCapacity = capacity }
        #endif
    }

    /// The most frames of `width × height` the encoder keeps after sending them (see the type's comment): a
    /// ring of buffers that writes frames in turn needs this many beyond those its pipeline holds, or it copies.
    public static func framesKept(width: Int, height: Int) -> Int {
        #if os(Linux)
        let size = max(1, Bitmap.yuv420Size(width: width, height: height))
        return vmsplice == nil ? 0 : (pipeCapacity + size - 1) / size
        #else
        return 0
        #endif
    }

    #if os(Linux)
    private typealias Splice = @convention(c) (Int32, UnsafePointer<iovec>, Int, UInt32) -> Int
    /// Linux's `vmsplice`, which Swift's Glibc module does not declare: found in the C library when run.
    private static let vmsplice: Splice? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "vmsplice").map { unsafeBitCast($0, to: Splice.self) }
    #endif

    /// Sends one frame, converted by `Bitmap.yuv420(into:)` (its premultiplied pixels over black, as video
    /// has no alpha) — on another thread, while the encoder writes the frame before.
    public func append(yuv420 planes: [UInt8]) throws(ImageFileError) {
        guard planes.count == Bitmap.yuv420Size(width: width, height: height) else {
            throw ImageFileError(.invalid, "a frame of \(planes.count) bytes in a \(width)×\(height) video")
        }
        if let failure = send(planes) {
            cancel()
            throw ImageFileError(.encoderFailed, "ffmpeg stopped taking frames", cause: DurableFile.Failure("write", code: failure))
        }
        guard let splicedCapacity else { return }
        // A frame with at least the pipe's capacity sent after it is out of the pipe: read by ffmpeg.
        for index in framesInPipe.indices { framesInPipe[index].bytesSentAfter += planes.count }
        framesInPipe.removeAll { $0.bytesSentAfter >= splicedCapacity }
        framesInPipe.append((planes, 0))
    }

    /// Sends all of `frame` into the pipe, spliced or written; the error number when that fails.
    private func send(_ frame: [UInt8]) -> Int32? {
        let descriptor = input.fileHandleForWriting.fileDescriptor
        return frame.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let start = bytes.baseAddress! + offset, count = bytes.count - offset
                var sent: Int
                #if os(Linux)
                if splicedCapacity != nil, let vmsplice = Self.vmsplice {
                    var piece = iovec(iov_base: UnsafeMutableRawPointer(mutating: start), iov_len: count)
                    sent = vmsplice(descriptor, &piece, 1, 0)
                    if sent < 0, errno == EINVAL || errno == ENOSYS || errno == EPERM {
                        splicedCapacity = nil  // a kernel that will not splice here: write, as elsewhere
                        continue
                    }
                } else {
                    sent = write(descriptor, start, count)
                }
                #else
                sent = write(descriptor, start, count)
                #endif
                if sent < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += sent
            }
            return nil
        }
    }

    /// Closes the stream, waits for ffmpeg, and moves the finished video into place.
    public func finish() throws(ImageFileError) {
        guard !finished else { return }
        finished = true
        try? input.fileHandleForWriting.close()  // ffmpeg's exit status below says if it failed
        process.waitUntilExit()
        framesInPipe.removeAll()  // the pipe is gone with ffmpeg
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: temporary)  // the failure is thrown next
            throw ImageFileError(.encoderFailed, "ffmpeg failed (status \(process.terminationStatus)) writing \(target.path)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)  // the failure is thrown next
            throw ImageFileError(.notWritten, "cannot write \(target.path)", cause: DurableFile.Failure("rename"))
        }
    }

    /// Stops ffmpeg and removes the unfinished video.
    public func cancel() {
        guard !finished else { return }
        finished = true
        try? input.fileHandleForWriting.close()  // cancelling: ffmpeg is stopped next
        process.terminate()
        process.waitUntilExit()
        framesInPipe.removeAll()
        try? FileManager.default.removeItem(at: temporary)  // cancelled: removing it is best effort
    }

    deinit { cancel() }
}
