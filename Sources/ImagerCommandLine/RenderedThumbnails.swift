import Engine
import Foundation
import ImageFiles
import Instrument
import Raster

/// The chordset list's thumbnails as `imager serve` draws them: by the Swift renderer, exactly as `imager
/// render chordset --thumbnail-width 192` draws each chord of its contact sheet, the eight side by side in
/// one PNG. Called on the background pool (`ThumbnailSheets`), never where the performance runs; the eight are
/// drawn at once on threads as niced as it (`NicedThreads.idle`).
struct RenderedThumbnails: ChordThumbnails {
    /// 192 × 108 pixels each: sharp in the list on a 2× screen, and quick to draw.
    static let width = 192

    func sheet(of chordset: Chordset) throws -> [UInt8] {
        let height = Self.width * 9 / 16
        var sheet = Bitmap(width: Self.width * Chordset.chordCount, height: height)
        // The eight drawn at once over every core, on threads niced as the background pool is (19).
        let positions = chordset.chords.map(\.position)
        let thumbnails = try positions.concurrentMap(on: { NicedThreads.idle.perform($0, $1) }) { position in
            try RenderChordsetCommand.thumbnail(of: position, in: chordset, width: Self.width)
        }
        for (position, thumbnail) in zip(positions, thumbnails) { sheet.paste(thumbnail, x: position * Self.width, y: 0) }
        return try PNG.encode(sheet)
    }
}

/// Thumbnail sheets kept in a folder beside the library (`library-thumbnails/` beside `library.sqlite`), one
/// PNG a sheet named by its key: a restart draws none of them again. Only a cache: what cannot be read is
/// drawn again, and what cannot be written is drawn again at the next start.
struct ThumbnailFolder: ThumbnailShelf {
    let folder: URL

    /// The folder beside the library file at `library`.
    init(beside library: URL) {
        let name = library.deletingPathExtension().lastPathComponent
        folder = library.deletingLastPathComponent().appendingPathComponent("\(name)-thumbnails", isDirectory: true)
    }

    func sheet(_ key: String) -> [UInt8]? {
        guard Self.isKey(key), let data = FileManager.default.contents(atPath: file(key).path), data.starts(with: PNG.signature) else { return nil }
        return [UInt8](data)
    }

    func keep(_ png: [UInt8], as key: String) throws {
        guard Self.isKey(key) else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AtomicFile.write(png, to: file(key))
    }

    func forget(allBut keys: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }  // no folder: nothing to forget
        for name in names where name.hasSuffix(".png") && !keys.contains(String(name.dropLast(4))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))  // a stale sheet left over is harmless
        }
    }

    private func file(_ key: String) -> URL { folder.appendingPathComponent("\(key).png") }

    /// Keys are ours (`s1-` and hexadecimal digits): nothing else names a file.
    private static func isKey(_ key: String) -> Bool {
        key.count <= 40 && key.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "s" || $0 == "-" || $0 == "1") }
    }
}
