import Engine
import ImageFiles
import Instrument

/// The chordset list's thumbnails as `imager serve` draws them: by the Swift renderer, exactly as `imager
/// render chordset --thumbnail-width 192` draws each chord of its contact sheet, as PNG.
struct RenderedThumbnails: ChordThumbnails {
    /// 192 × 108 pixels: sharp in the list on a 2× screen, and quick to draw.
    static let width = 192

    func png(of chord: Int, in chordset: Chordset) throws -> [UInt8] {
        try PNG.encode(try RenderChordsetCommand.thumbnail(of: chord, in: chordset, width: Self.width))
    }
}
