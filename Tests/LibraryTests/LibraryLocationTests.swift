import Foundation
import Library
import Testing

/// Where the user's data lives: `--library PATH`, else under an absolute `$XDG_DATA_HOME`, else `~/.local/share`.
@Suite struct LibraryLocationTests {
    @Test func theLibraryIsWhereItIsNamedElseUnderAnAbsoluteXDGDataHomeElseTheHomesLocalShare() {
        #expect(LibraryLocation.resolve("/tmp/mine.sqlite", environment: ["XDG_DATA_HOME": "/srv/data"]).path == "/tmp/mine.sqlite")
        #expect(LibraryLocation.resolve(nil, environment: ["XDG_DATA_HOME": "/srv/data"]).path == "/srv/data/imager/library.sqlite")
        #expect(LibraryLocation.dataFolder(environment: ["XDG_DATA_HOME": "/srv/data"]).path == "/srv/data/imager")
        // A relative (or empty) XDG_DATA_HOME is ignored, as the XDG base directory rule says.
        for ignored in ["relative/data", "", "./data"] {
            let folder = LibraryLocation.dataFolder(environment: ["XDG_DATA_HOME": ignored, "HOME": "/home/performer"])
            #expect(folder.path == "/home/performer/.local/share/imager", "\(ignored)")
        }
        #expect(LibraryLocation.resolve(nil, environment: ["HOME": "/home/performer"]).path == "/home/performer/.local/share/imager/library.sqlite")
    }
}
