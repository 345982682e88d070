import ArgumentParser
import Foundation
import Geometry
import ImageFiles
import Instrument
import Library
import Raster
import SceneRendering

/// `imager render chordset`: a contact sheet of a chordset's eight chords.
struct RenderChordsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chordset",
        abstract: "Render a contact sheet of a chordset's eight chords (the chordset list's thumbnails).",
        discussion: """
            Each chord is played from its pad and caught 1.5 seconds in, in a 16:9 thumbnail; the eight sit in \
            two rows of four. CHORDSET is a chordset of the library: its number (from 1, as `imager chordsets \
            list` shows it) or its title. The output stage keeps the chordset's headroom (`imager chordsets \
            headroom`), or the performer's default when the chordset does not say one, unless --headroom is given.
            """)

    @Argument(help: "The chordset: its number (from 1) or its title.")
    var chordset: String

    @OptionGroup var library: LibraryOption

    @Option(name: .customLong("thumbnail-width"), parsing: .unconditional, help: "Each thumbnail's width in pixels (32…4096).")
    var thumbnailWidth = "320"

    @Option(name: .shortAndLong, parsing: .unconditional, help: "The PNG file to write.")
    var output: String

    @Option(parsing: .unconditional, help: "The output stage's strength, 0 (off) to 1, instead of the chordset's.")
    var headroom: String?

    func run() throws {
        let opened = try library.open()
        let chosen = try libraryCommand { () throws(LibraryError) in try opened.chordset(named: chordset) }
        let width = try NumberArgument.integer(thumbnailWidth, "--thumbnail-width", in: 32...4096)
        let strength = try headroom.map { text throws(CommandFailure) in try NumberArgument.fraction(text, "--headroom") }
        let target = try OutputTarget(output)
        guard case .png(let url) = target else { throw CommandFailure("a contact sheet is a PNG file: name one ending in .png") }
        try target.prepare()
        try AtomicFile.write(try PNG.encode(try Self.contactSheet(chosen, thumbnailWidth: width, headroom: strength)), to: url)
    }

    /// One chord of the chordset, played from its pad and caught 1.5 seconds in, 16:9 and `width` wide — the
    /// chordset list's thumbnail — through the output stage at `headroom`, by default the chordset's or else
    /// the performer's default.
    static func thumbnail(of position: Int, in chordset: Chordset, width: Int, headroom: Double? = nil) throws -> Bitmap {
        var log = try PerformanceLog(chordset: chordset, events: [
            PerformanceEvent(time: 0, intent: .recallChord(position)),
            PerformanceEvent(time: 0, intent: .padDown(pad: position, velocity: 0.9)),
        ])
        var renderer = SceneRenderer(width: width, height: width * 9 / 16)
        // As the canvas shows the chordset when it is loaded.
        log.startHeadroom(at: headroom ?? chordset.headroom ?? HeadroomLimiter.defaultStrength)
        var player = PerformancePlayer(log: log)
        var thumbnail = Bitmap(width: 0, height: 0)
        for frame in 0...45 { thumbnail = renderer.render(player.scene(at: Double(frame) / 30)) }  // trails build up
        return thumbnail
    }

    /// Eight thumbnails in two rows of four, with a gutter of 1/40 of a thumbnail's width between them, drawn
    /// through the output stage at `headroom`, by default the chordset's or else the performer's default.
    static func contactSheet(_ chordset: Chordset, thumbnailWidth: Int, headroom: Double? = nil) throws -> Bitmap {
        let thumbnailHeight = thumbnailWidth * 9 / 16
        let gutter = max(2, thumbnailWidth / 40)
        var sheet = Bitmap(
            width: 4 * thumbnailWidth + 5 * gutter, height: 2 * thumbnailHeight + 3 * gutter,
            color: RGBAColor(red: 0.08, green: 0.08, blue: 0.09))
        // Each chord its own performance: drawn at once over every core, the same pictures as one after another.
        let thumbnails = try chordset.chords.map(\.position).concurrentMap { position in
            try Self.thumbnail(of: position, in: chordset, width: thumbnailWidth, headroom: headroom)
        }
        for (chord, thumbnail) in zip(chordset.chords, thumbnails) {
            let column = chord.position % 4, row = chord.position / 4
            sheet.paste(thumbnail, x: gutter + column * (thumbnailWidth + gutter), y: gutter + row * (thumbnailHeight + gutter))
        }
        return sheet
    }
}
