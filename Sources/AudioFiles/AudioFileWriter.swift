import CSndfile
import Foundation

/// An audio file written a block at a time (a long recording is never held whole in memory): opened at a
/// temporary name beside `url`, and moved there only when closed whole.
public final class AudioFileWriter {
    public let url: URL
    private let temporary: URL
    private var file: OpaquePointer?
    private let channels: Int

    /// Starts writing `channels` channels at `sampleRate` to `url`, in the format its extension names.
    public init(url: URL, sampleRate: Int, channels: Int) throws(AudioFileError) {
        guard let format = AudioFileFormat(path: url.path) else {
            throw AudioFileError(.notWritten, "cannot write \(url.lastPathComponent): an audio file ends in \(AudioFileFormat.extensions)")
        }
        self.url = url
        self.channels = channels
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).part")
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = format.libsndfileFormat
        guard sf_format_check(&info) != 0 else {
            throw AudioFileError(.notWritten, "\(format.rawValue) cannot hold \(channels) channels at \(sampleRate) Hz")
        }
        guard let file = sf_open(temporary.path, Int32(SFM_WRITE), &info) else {
            throw AudioFileError(.notWritten, "cannot write \(url.path): \(String(cString: sf_strerror(nil)))")
        }
        _ = sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        self.file = file
    }

    /// Appends interleaved samples (a whole number of frames).
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioFileError) {
        guard let file, let base = samples.baseAddress else { return }
        let frames = samples.count / channels
        guard Int(sf_writef_float(file, base, sf_count_t(frames))) == frames else {
            throw AudioFileError(.notWritten, "cannot write \(url.path): \(String(cString: sf_strerror(file)))")
        }
    }

    /// Finishes the file and puts it at `url`.
    public func close() throws(AudioFileError) {
        guard let file else { return }
        self.file = nil
        guard sf_close(file) == 0 else { throw AudioFileError(.notWritten, "cannot finish \(url.path)") }
        do {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.moveItem(at: temporary, to: url)
        } catch {
            throw AudioFileError(.notWritten, "cannot put \(url.path) in place: \(error.localizedDescription)")
        }
    }

    deinit {
        if let file {
            sf_close(file)
            try? FileManager.default.removeItem(at: temporary)  // never finished: removing it is best effort
        }
    }
}
