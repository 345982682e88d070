import Foundation

/// The browser clients (DESIGN.md §3.6): plain ES modules, HTML and CSS, shipped with the binary as
/// resources and served as they are — no build step.
public enum WebClient {
    /// The folder that holds the client's files: the copy built into the binary's resources, or — for
    /// working on the client without rebuilding — the folder named by `IMAGER_WEB_ROOT`.
    public static var directory: URL? {
        if let root = ProcessInfo.processInfo.environment["IMAGER_WEB_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root, isDirectory: true)
        }
        return Bundle.module.resourceURL?.appendingPathComponent("Web", isDirectory: true)
    }

    /// The contents of one of the client's files, by its plain name (`canvas.js`); nil for any name that is
    /// not one of its files — paths, dot files and names of other folders are never looked up.
    public static func file(named name: String) -> Data? {
        guard isPlainName(name), let directory else { return nil }
        return try? Data(contentsOf: directory.appendingPathComponent(name, isDirectory: false))
    }

    /// The media type a file is served with, by its extension.
    public static func contentType(of name: String) -> String {
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
