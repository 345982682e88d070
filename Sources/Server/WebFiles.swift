import Foundation
import Synchronization
import WebClient

/// The web client's files as the server hands them out: the folder's tree under `/web/`, each path segment
/// checked (nothing outside the folder is reachable), each file with its media type and an ETag — so that a
/// reload asks "still this?" and is answered 304 with nothing sent. The files built into the binary are read
/// once and kept; a folder named by `IMAGER_WEB_ROOT` (working on the client) is read on each request.
enum WebFiles {
    /// One file: its bytes and its validator.
    struct File: Sendable {
        let contents: Data
        /// A strong validator: a hash of the contents, quoted as HTTP wants it.
        let etag: String
    }

    /// The files read from the built-in folder, by path: they cannot change while the server runs.
    private static let kept = Mutex<[String: File]>([:])

    /// The file at `path` below the client's folder (`console/console.js`); nil for any path that is not one
    /// of its files — empty, dot or `..` segments, names of anything but letters, digits, `-` and `_`, more
    /// than one extension.
    static func file(at path: String) -> File? {
        guard isClientPath(path), let directory = WebClient.directory else { return nil }
        let fromBinary = ProcessInfo.processInfo.environment["IMAGER_WEB_ROOT"].map(\.isEmpty) ?? true
        if fromBinary, let file = kept.withLock({ $0[path] }) { return file }
        // Absent or unreadable: the route answers 404.
        guard let contents = try? Data(contentsOf: directory.appendingPathComponent(path, isDirectory: false)) else { return nil }
        let file = File(contents: contents, etag: etag(of: contents))
        if fromBinary { kept.withLock { $0[path] = file } }
        return file
    }

    /// The media type a file is served with, by its extension.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    /// Folders and a file name of letters, digits, `-` and `_`, the file with one extension: nothing that
    /// could leave the folder. At most 8 segments and 256 bytes.
    static func isClientPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...8).contains(segments.count), path.utf8.count <= 256 else { return false }
        return segments.dropLast().allSatisfy(isPlainWord) && isPlainName(segments.last!)
    }

    /// A file name of letters, digits, `-` and `_`, with one extension.
    static func isPlainName(_ name: Substring) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && name.utf8.count <= 64 && parts.allSatisfy(isPlainWord)
    }

    private static func isPlainWord(_ word: Substring) -> Bool {
        !word.isEmpty && word.utf8.count <= 64
            && word.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    /// FNV-1a over the bytes, as 16 hex digits in quotes: enough to tell two versions of a file apart.
    static func etag(of contents: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in contents {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
