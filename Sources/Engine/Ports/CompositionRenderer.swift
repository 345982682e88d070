import Composition
import Foundation

/// Port: renders a composition, or any pair of the library, to a file offline — the mix, and for a video its
/// light drawn with the mix muxed in (the command line's `imager compose render`, plugged in by `serve`).
public protocol CompositionRenderer: Sendable {
    /// What `request` renders is called (the composition's name, or "Part × Voice").
    func name(of request: RenderRequest) throws -> String
    /// Renders `request` to a new file in the renders folder and returns where. Tells `progress` how far it
    /// is (a stage and 0…1) as it goes; stops, leaving nothing behind, when `cancelled` says so — and then
    /// throws `CancellationError`.
    func render(
        _ request: RenderRequest, progress: @escaping @Sendable (RenderStage, Double) -> Void, cancelled: @escaping @Sendable () -> Bool
    ) throws -> URL
}

/// What to render and into what.
public struct RenderRequest: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        case composition(CompositionID)
        case pair(Pair)
    }

    public enum Format: Hashable, Sendable {
        case wav, flac
        /// A video of the light, the mix as its sound.
        case mp4(width: Int, height: Int, fps: Int)
        /// The DMX the library's fixtures are sent while the light plays, `rate` frames a second, as CSV.
        case dmx(rate: Int)

        /// The sizes and frame rates a video may have (even sizes: 4:2:0 halves them).
        public static let videoWidths = 16...7680, videoHeights = 16...4320, videoRates = 1...120

        /// A video of `width`×`height` at `fps`, or why not, in the words the lab's Render dialog says too
        /// (render-model.js's `checkedVideo`; both held to Tests/fixtures/twin-rules/render-request.json).
        public static func video(checkedWidth width: Int?, height: Int?, fps: Int?) throws(LiveError) -> Format {
            guard let width, let height, videoWidths.contains(width), videoHeights.contains(height), width % 2 == 0, height % 2 == 0 else {
                throw LiveError(.invalid, "a video has an even \"width\" (16…7680) and \"height\" (16…4320)")
            }
            guard let fps, videoRates.contains(fps) else { throw LiveError(.invalid, "a video has \"fps\", 1…120 frames a second") }
            return .mp4(width: width, height: height, fps: fps)
        }

        /// The light's DMX at `rate` frames a second (`LiveFixtures.rates`; the live rate when not said), or why not.
        public static func dmx(checkedRate rate: Int?) throws(LiveError) -> Format {
            let rate = rate ?? LiveFixtures.defaultRate
            guard LiveFixtures.rates.contains(rate) else { throw LiveError(.invalid, "a render's \"dmxRate\" is 1…44 DMX frames a second") }
            return .dmx(rate: rate)
        }

        /// The file's extension, which is also how the format is named in requests.
        public var fileExtension: String {
            switch self {
            case .wav: "wav"
            case .flac: "flac"
            case .mp4: "mp4"
            case .dmx: "csv"
            }
        }
    }

    public let source: Source
    public let format: Format

    public init(source: Source, format: Format) {
        self.source = source
        self.format = format
    }
}

/// Where a render is: mixing the sound, drawing and encoding the light, or writing its DMX.
public enum RenderStage: String, Hashable, Sendable, Codable {
    case mix, video, dmx
}
