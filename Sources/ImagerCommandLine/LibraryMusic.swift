import Composition
import Engine
import Library

/// The SQLite library as the shelf the music library is kept on: read whole, changed in one transaction.
struct LibraryMusic: MusicShelf {
    let library: ChordsetLibrary

    func music() throws -> MusicLibrary {
        do { return try library.musicLibrary() } catch { throw LiveError(error) }
    }

    func change(_ edit: (inout MusicLibrary) throws -> Void) throws {
        do { try library.changeMusic { music, _ in try edit(&music) } } catch { throw LiveError(error) }
    }
}
