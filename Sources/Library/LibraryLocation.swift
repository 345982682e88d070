import Foundation

/// Where the library file lives: `--library PATH`, else `$XDG_DATA_HOME/imager/library.sqlite`, else
/// `~/.local/share/imager/library.sqlite`.
public enum LibraryLocation {
    public static func resolve(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        return dataFolder(environment: environment).appendingPathComponent("library.sqlite")
    }

    /// The instrument's folder of the user's data: `$XDG_DATA_HOME/imager`, else `~/.local/share/imager` (a
    /// relative `$XDG_DATA_HOME` is ignored, as the XDG base directory rule says). The library, and the fixture
    /// definitions the user keeps (`fixtures/`), live there.
    public static func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return data.appendingPathComponent("imager")
    }
}
