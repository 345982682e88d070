/// Where the instrument listens (a port): a capture device, or a file played as if it were one. It calls
/// `deliver` on a thread of its own with each block of interleaved samples as it comes, and `failed` once
/// if it stops giving sound (a device unplugged); it never waits for whoever it delivers to.
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

    public var description: String {
        switch self {
        case .none: "none"
        case .defaultInput: "default"
        case .device(let name): "device: \(name)"
        case .file(let path): "file: \(path)"
        }
    }
}
