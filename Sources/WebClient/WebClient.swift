import Foundation

/// The browser clients (DESIGN.md §3.6): plain ES modules, HTML and CSS — the presentation's model, run by
/// the browser — shipped with the binary and served as they are, with no build step. This type only says
/// where they are; the server reads them.
public enum WebClient {
    /// The folder that holds the client's files, the first of:
    /// - the folder named by `IMAGER_WEB_ROOT` (working on the client without rebuilding);
    /// - `share/imager/web` beside the binary's `bin/` folder, as an installed package lays it out
    ///   (`/usr/bin/imager` serves `/usr/share/imager/web`), so an installed binary never looks at the
    ///   folder it was built in;
    /// - the copy SwiftPM built into the binary's resources (`swift build`, `make run`).
    public static var directory: URL? {
        if let root = ProcessInfo.processInfo.environment["IMAGER_WEB_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root, isDirectory: true)
        }
        if let installed = installedDirectory { return installed }
        return Bundle.module.resourceURL?.appendingPathComponent("Web", isDirectory: true)
    }

    /// Where a package installs the client, when it is there: `../share/imager/web` from the folder of the
    /// running binary (its links resolved: a `bin/imager` that links elsewhere is looked for where it really
    /// is). Looked for once: an installed client does not come and go while the server runs.
    static let installedDirectory: URL? = {
        guard let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let folder = binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/imager/web", isDirectory: true)
        let console = folder.appendingPathComponent("console/console.html", isDirectory: false)
        return FileManager.default.fileExists(atPath: console.path) ? folder : nil
    }()
}
