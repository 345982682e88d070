import Dispatch
import Engine
import ImageFiles
import Instrument

/// The chordset list's thumbnails as `imager serve` draws them: by the Swift renderer, exactly as `imager
/// render chordset --thumbnail-width 192` draws each chord of its contact sheet, as PNG. One at a time, on
/// a thread of their own: the tasks that serve the performance and the library's other requests never
/// wait behind a list of thumbnails being drawn.
struct RenderedThumbnails: ChordThumbnails {
    /// 192 × 108 pixels: sharp in the list on a 2× screen, and quick to draw.
    static let width = 192
    private static let drawing = DispatchQueue(label: "imager.thumbnails", qos: .utility)

    func png(of chord: Int, in chordset: Chordset) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            Self.drawing.async {
                continuation.resume(with: Result {
                    try PNG.encode(try RenderChordsetCommand.thumbnail(of: chord, in: chordset, width: Self.width))
                })
            }
        }
    }
}
