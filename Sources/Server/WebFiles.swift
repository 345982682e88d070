import Foundation
import WebClient

/// The web client's files as the server hands them out: by plain name only, with their media types.
enum WebFiles {
    /// The contents of one of the client's files, by its plain name (`canvas.js`); nil for any name that is
    /// not one of its files — paths, dot files and names of other folders are never looked up.
    static func file(named name: String) -> Data? {
        guard isPlainName(name), let directory = WebClient.directory else { return nil }
        return try? Data(contentsOf: directory.appendingPathComponent(name, isDirectory: false))
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

    /// A name of letters, digits, `-` and `_`, with one extension: nothing that could leave the folder.
    static func isPlainName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, name.utf8.count <= 64 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        }
    }
}
