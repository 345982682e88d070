import CSndfile

/// The formats we write audio in, chosen by a file's extension: WAV and AIFF (24-bit PCM), FLAC (24-bit,
/// lossless) and Ogg Vorbis. Every format libsndfile reads is read, whatever its extension.
public enum AudioFileFormat: String, CaseIterable, Sendable {
    case wav, aiff, flac, ogg

    /// The format a file named `path` is written in, by its extension (case aside); nil for another.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "wav", "wave": self = .wav
        case "aif", "aiff": self = .aiff
        case "flac": self = .flac
        case "ogg", "oga": self = .ogg
        default: return nil
        }
    }

    /// The extensions `init(path:)` knows, for messages.
    public static let extensions = ".wav, .aiff, .flac or .ogg"

    /// libsndfile's format word for writing.
    var libsndfileFormat: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24)
        case .aiff: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24)
        case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24)
        case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        }
    }
}
