import Foundation

/// Where the library file lives: `--library PATH`, else `$XDG_DATA_HOME/imager/library.sqlite`, else
/// `~/.local/share/imager/library.sqlite`.
public enum LibraryLocation {
    public static func resolve(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return data.appendingPathComponent("imager/library.sqlite")
    }
}
