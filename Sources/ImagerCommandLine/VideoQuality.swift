/// How a rendered video trades the time it takes against its file's size (`--quality`), as x264 presets: the
/// picture is encoded at the same quality factor by all of them; a slower preset finds a smaller file for it.
/// `--preset` names a preset of x264's own instead.
enum VideoQuality: String, CaseIterable {
    /// x264's ultrafast: a busy set renders at 1080p60 faster than it was played, on two cores; the
    /// largest files (about 10 Mbit/s for a busy set).
    case fast
    /// superfast: about a quarter slower, files half the size.
    case balanced
    /// veryfast (the default before): about two thirds slower than fast, files a quarter of the size.
    case compact

    var preset: String {
        switch self {
        case .fast: "ultrafast"
        case .balanced: "superfast"
        case .compact: "veryfast"
        }
    }

    /// Every x264 preset, fastest first.
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]

    /// The preset to encode with: `preset` when given (checked), else `quality`'s (checked), else fast's.
    static func preset(quality: String?, preset: String?) throws(CommandFailure) -> String {
        if let preset {
            guard presets.contains(preset) else {
                throw CommandFailure("--preset must be one of \(presets.joined(separator: ", ")); \"\(preset)\" is not")
            }
            return preset
        }
        guard let quality else { return VideoQuality.fast.preset }
        guard let chosen = VideoQuality(rawValue: quality) else {
            throw CommandFailure("--quality must be one of \(allCases.map(\.rawValue).joined(separator: ", ")); \"\(quality)\" is not")
        }
        return chosen.preset
    }

    static let help = "How the video trades speed for size: fast (the default: x264's ultrafast, a busy set at 1080p60 faster than it played, on two cores), balanced (superfast, files half the size), compact (veryfast, a quarter)."
}
