import Composition

/// Port: where the music library is kept (the SQLite library, in the instrument): read whole, and changed in
/// one transaction — what `change` leaves is written, checked whole, or nothing is when it throws.
public protocol MusicShelf: Sendable {
    func music() throws -> MusicLibrary
    func change(_ edit: (inout MusicLibrary) throws -> Void) throws
}
