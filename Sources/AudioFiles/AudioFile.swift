import Audio
import CSndfile
import Foundation
import ImageFiles

/// Audio files through libsndfile: WAV, AIFF, FLAC, Ogg Vorbis and the other formats it knows are read into
/// an `AudioBuffer`; a buffer is written as WAV, AIFF, FLAC or Ogg. Reading checks everything a hostile or
/// damaged file could get wrong, and writing puts a file in place whole or not at all.
public enum AudioFile {
    /// The largest file read: 512 MiB.
    public static let largestFile = 512 << 20
    /// The most samples a sound may hold (all channels): 2²⁸, a gigabyte of floats.
    public static let mostSamples = 1 << 28

    /// The sound in the file at `url`.
    public static func read(_ url: URL) throws(AudioFileError) -> AudioBuffer {
        try decode(try bytes(of: url), named: url.lastPathComponent)
    }

    /// The bytes of the file at `url`, refused beyond `largestFile`.
    public static func bytes(of url: URL) throws(AudioFileError) -> [UInt8] {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType != .typeDirectory else {
                throw AudioFileError(.unreadable, "\(url.path) is a folder, not an audio file")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as AudioFileError {
            throw error
        } catch {
            throw AudioFileError(.unreadable, "cannot read \(url.path): there is no such file, or it cannot be opened")
        }
        guard size <= largestFile else {
            throw AudioFileError(.tooLarge, "\(url.path) is \(size >> 20) MiB; the library keeps audio files of at most \(largestFile >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw AudioFileError(.unreadable, "cannot read \(url.path)")
        }
        return [UInt8](data)
    }

    /// The sound in `bytes` (a whole audio file), `name` saying whose in messages. A sound longer than
    /// `longest` seconds, or of more than `mostChannels` channels, is refused before anything is decoded.
    public static func decode(
        _ bytes: [UInt8], named name: String, longest: Double = .infinity, mostChannels: Int = 64
    ) throws(AudioFileError) -> AudioBuffer {
        guard bytes.count <= largestFile else {
            throw AudioFileError(.tooLarge, "\(name) is larger than the \(largestFile >> 20) MiB the library keeps")
        }
        let stream = MemoryStream(bytes)
        var callbacks = MemoryStream.callbacks
        var info = SF_INFO()
        let user = Unmanaged.passUnretained(stream).toOpaque()
        let file: OpaquePointer? = sf_open_virtual(&callbacks, Int32(SFM_READ), &info, user)
        guard let file else {
            // libsndfile speaks of files on disk ("does not exist", "a pipe?") even of bytes in memory: not said.
            let said = String(cString: sf_strerror(nil))
            let why = said.contains("exist") || said.contains("pipe") ? "" : ": \(said)"
            throw AudioFileError(.unsupported, "\(name) is not an audio file we read (WAV, AIFF, FLAC, Ogg, MP3)\(why)")
        }
        defer { sf_close(file) }
        return try withExtendedLifetime(stream) { () throws(AudioFileError) -> AudioBuffer in
            guard info.channels >= 1, info.channels <= 64, info.samplerate >= 1, info.samplerate <= 1_000_000 else {
                throw AudioFileError(.unsupported, "\(name) describes no sound we play (\(info.channels) channels at \(info.samplerate) Hz)")
            }
            let channels = Int(info.channels)
            guard channels <= mostChannels else {
                throw AudioFileError(.unsupported, "\(name) has \(channels) channels; a sound here has at most \(mostChannels)")
            }
            let seconds = Double(info.frames) / Double(info.samplerate)
            guard seconds <= longest else {
                throw AudioFileError(.tooLarge, "\(name) lasts \(Self.minutes(seconds)); a sound here lasts at most \(Self.minutes(longest))")
            }
            guard info.frames >= 0, info.frames <= Int64(mostSamples / channels) else {
                throw AudioFileError(.tooLarge, "\(name) is longer than the library keeps (\(mostSamples / channels / Int(info.samplerate)) s at its rate)")
            }
            if let problem = truncation(in: file) {
                throw AudioFileError(.truncated, "\(name) is cut short: \(problem)")
            }
            let expected = Int(info.frames)
            var samples = [Float](repeating: 0, count: expected * channels)
            let read = samples.withUnsafeMutableBufferPointer { buffer in
                expected == 0 ? 0 : Int(sf_readf_float(file, buffer.baseAddress, sf_count_t(expected)))
            }
            guard sf_error(file) == 0 else {
                throw AudioFileError(.unsupported, "\(name) cannot be decoded: \(String(cString: sf_strerror(file)))")
            }
            guard read == expected else {
                throw AudioFileError(.truncated, "\(name) is cut short: it announces \(expected) frames and holds \(read)")
            }
            guard let buffer = AudioBuffer(sampleRate: Int(info.samplerate), channelCount: channels, samples: samples) else {
                throw AudioFileError(.unsupported, "\(name) holds samples that are not numbers")
            }
            return buffer
        }
    }

    /// Seconds as a person reads a sound's length: "4 min 12 s", "2.5 s".
    static func minutes(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e9 else { return "longer than anyone listens" }
        if seconds < 60 { return "\((seconds * 10).rounded() / 10) s" }
        let whole = Int(seconds.rounded())
        return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
    }

    /// What libsndfile noticed, while it read the header, of a file that ends before its data does — it plays
    /// such a file on as far as it goes; we would rather say so than keep half a sound.
    private static func truncation(in file: OpaquePointer) -> String? {
        var log = [CChar](repeating: 0, count: 4096)
        _ = sf_command(file, Int32(SFC_GET_LOG_INFO), &log, Int32(log.count))
        let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Its log says "data : 264600 (should be 99920)" of a chunk longer than what follows it.
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "* \t")) }
        guard let line = lines.first(where: { $0.contains("(should be") || $0.lowercased().contains("truncat") }) else { return nil }
        return "its header says \(line)"
    }

    /// `buffer` encoded as a whole file of `format`.
    public static func encode(_ buffer: AudioBuffer, as format: AudioFileFormat) throws(AudioFileError) -> [UInt8] {
        let stream = MemoryStream()
        var callbacks = MemoryStream.callbacks
        var info = SF_INFO()
        info.samplerate = Int32(buffer.sampleRate)
        info.channels = Int32(buffer.channelCount)
        info.format = format.libsndfileFormat
        guard sf_format_check(&info) != 0 else {
            throw AudioFileError(.notWritten, "\(format.rawValue) cannot hold \(buffer.channelCount) channels at \(buffer.sampleRate) Hz")
        }
        let user = Unmanaged.passUnretained(stream).toOpaque()
        guard let file = sf_open_virtual(&callbacks, Int32(SFM_WRITE), &info, user) else {
            throw AudioFileError(.notWritten, "cannot encode \(format.rawValue): \(String(cString: sf_strerror(nil)))")
        }
        // Past full scale a sample is clipped, not wrapped round to the other end.
        _ = sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        let written = buffer.samples.withUnsafeBufferPointer { samples in
            buffer.frameCount == 0 ? 0 : Int(sf_writef_float(file, samples.baseAddress, sf_count_t(buffer.frameCount)))
        }
        let closed = sf_close(file)
        guard written == buffer.frameCount, closed == 0 else {
            throw AudioFileError(.notWritten, "cannot encode \(format.rawValue): \(String(cString: sf_strerror(nil)))")
        }
        return withExtendedLifetime(stream) { stream.bytes }
    }

    /// Writes `buffer` to `url` in the format its extension names, whole or not at all.
    public static func write(_ buffer: AudioBuffer, to url: URL) throws(AudioFileError) {
        guard let format = AudioFileFormat(path: url.path) else {
            throw AudioFileError(.notWritten, "cannot write \(url.lastPathComponent): an audio file ends in \(AudioFileFormat.extensions)")
        }
        let bytes = try encode(buffer, as: format)
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw AudioFileError(.notWritten, error.message)
        }
    }
}
