import Foundation
import Instrument

/// The interchange file for sharing chordsets between devices: JSON, `{"formatVersion": 1, "chordsets":
/// [...]}` (docs/chordset-file.md). Read whole and validated before anything is written; limits: 16 MB,
/// 1,000 chordsets, JSON nested at most 64 deep.
public enum ChordsetFile {
    public static let formatVersion = 1
    public static let maximumBytes = 16 << 20
    public static let maximumChordsets = 1000
    public static let maximumNesting = 64

    private struct Contents: Codable {
        var formatVersion: Int
        var chordsets: [Chordset]
    }

    private struct Header: Decodable {
        var formatVersion: Int
    }

    /// The file's bytes for `chordsets`.
    public static func encode(_ chordsets: [Chordset]) throws(LibraryError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(Contents(formatVersion: formatVersion, chordsets: chordsets))
        } catch {
            throw LibraryError(.storage, "cannot write the chordsets: \(error)", cause: error)
        }
    }

    /// The chordsets in a file, each validated; throws a message naming the first problem.
    public static func decode(_ data: Data) throws(LibraryError) -> [Chordset] {
        guard !data.isEmpty else { throw LibraryError(.unreadableFile, "the file is empty") }
        guard data.count <= maximumBytes else {
            throw LibraryError(.unreadableFile, "the file is \(data.count) bytes; chordset files of up to 16 MB are read")
        }
        guard String(data: data, encoding: .utf8) != nil else { throw LibraryError(.unreadableFile, "the file is not UTF-8 text") }
        guard !JSONNesting.exceeds(maximumNesting, in: data) else {
            throw LibraryError(.unreadableFile, "the file is nested more than \(maximumNesting) deep")
        }
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch let error as DecodingError {
            throw LibraryError(.unreadableFile, "the file is not a chordset file: \(DecodingProblem(error))", cause: error)
        } catch {
            throw LibraryError(.unreadableFile, "the file is not a chordset file: \(error)", cause: error)
        }
        guard header.formatVersion >= 1 else { throw LibraryError(.unreadableFile, "the file's format version \(header.formatVersion) is not one") }
        guard header.formatVersion <= formatVersion else {
            throw LibraryError(.unreadableFile,
                "the chordset file has format version \(header.formatVersion); this Image Performer reads up to "
                    + "\(formatVersion) — update Image Performer")
        }
        let contents: Contents
        do {
            contents = try decoder.decode(Contents.self, from: data)
        } catch let error as DecodingError {
            throw LibraryError(.unreadableFile, "the file is not a valid chordset file: \(DecodingProblem(error))", cause: error)
        } catch {
            throw LibraryError(.unreadableFile, "the file is not a valid chordset file: \(error)", cause: error)
        }
        guard !contents.chordsets.isEmpty else { throw LibraryError(.unreadableFile, "the file holds no chordsets") }
        guard contents.chordsets.count <= maximumChordsets else {
            throw LibraryError(.unreadableFile, "the file holds \(contents.chordsets.count) chordsets; at most \(maximumChordsets) are read")
        }
        return contents.chordsets
    }
}
