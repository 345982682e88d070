import Foundation

/// The browser clients (DESIGN.md §3.6): plain ES modules, HTML and CSS — the presentation's model, run by
/// the browser — shipped with the binary as resources and served as they are, with no build step. This
/// type only says where they are; the server reads them.
public enum WebClient {
    /// The folder that holds the client's files: the copy built into the binary's resources, or — for
    /// working on the client without rebuilding — the folder named by `IMAGER_WEB_ROOT`.
    public static var directory: URL? {
        if let root = ProcessInfo.processInfo.environment["IMAGER_WEB_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root, isDirectory: true)
        }
        return Bundle.module.resourceURL?.appendingPathComponent("Web", isDirectory: true)
    }
}
