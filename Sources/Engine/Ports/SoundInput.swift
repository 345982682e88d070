/// Where the instrument listens (a port): a capture device, or a file played as if it were one. It calls
/// `deliver` on a thread of its own with each block of interleaved samples as it comes, and `failed` once
/// if it stops giving sound (a read error); it never waits for whoever it delivers to. `stop` lets go of it
/// at once — a device is closed, so that the same device can be opened again straight after.
public protocol SoundInput: AnyObject, Sendable {
    /// What it is, for a performer: "device: USB Audio", "file: set.wav", "default input".
    var name: String { get }
    var sampleRate: Int { get }
    var channelCount: Int { get }
    /// How many frames the input gathers before delivering them (its share of the latency).
    var bufferFrames: Int { get }
    func start(
        deliver: @escaping @Sendable (UnsafeBufferPointer<Float>) -> Void, failed: @escaping @Sendable (String) -> Void
    ) throws
    func stop()
    /// Why it gives no more sound though it was started — its device was taken away — or nil. Asked a few
    /// times a second, it never waits.
    var lost: String? { get }
    /// Whether exact digital silence for a while after sound is said to the performer (a device whose source
    /// stopped or was muted); not for a recording played as an input, whose silences are its own.
    var saysDigitalSilence: Bool { get }
}

extension SoundInput {
    public var lost: String? { nil }
    public var saysDigitalSilence: Bool { true }
}

/// What the performer asked to listen to.
public enum ListeningSource: Hashable, Sendable, CustomStringConvertible {
    case none
    /// The system's default input.
    case defaultInput
    case device(String)
    case file(String)

    /// Reads `--listen`'s value: none, default, the path of a file that exists, or else a device's name.
    public init(argument: String, fileExists: (String) -> Bool) {
        switch argument {
        case "none", "": self = .none
        case "default": self = .defaultInput
        default: self = fileExists(argument) ? .file(argument) : .device(argument)
        }
    }

    /// The endings of the sound files a performer would name (what libsndfile reads, and MP3).
    public static let soundFileExtensions: Set<String> = [
        "wav", "wave", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff", "aifc", "caf", "w64", "rf64", "au", "snd",
    ]

    /// Whether `argument` reads as a file's path rather than a device's name: it holds a path separator or
    /// ends with a sound file's extension. Such a value that names no file is a mistyped file, not a device.
    public static func namesAFile(_ argument: String) -> Bool {
        if argument.contains("/") { return true }
        guard let dot = argument.lastIndex(of: "."), dot != argument.startIndex else { return false }
        return soundFileExtensions.contains(argument[argument.index(after: dot)...].lowercased())
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .defaultInput: "default"
        case .device(let name): "device: \(name)"
        case .file(let path): "file: \(path)"
        }
    }
}
