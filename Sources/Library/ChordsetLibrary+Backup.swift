import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
private let systemRename = Glibc.rename
#elseif canImport(Darwin)
import Darwin
private let systemRename = Darwin.rename
#endif

extension ChordsetLibrary {
    /// Writes a consistent copy of the library to `destination` with SQLite's online backup API (never by
    /// copying the file, which could catch a write half done), also while others write. The copy is made
    /// under a temporary name and renamed into place. Returns where it went.
    @discardableResult
    public func backup(to destination: URL) throws(LibraryError) -> URL {
        let folder = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LibraryError(.storage, "cannot write the backup: the folder \(folder.path) does not exist")
        }
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        do {
            let copy = try DatabaseQueue(path: temporary.path)
            try pool.backup(to: copy)
            try copy.close()
            guard systemRename(temporary.path, destination.path) == 0 else {
                throw LibraryError(.storage, String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)  // best effort; the real error follows
            throw LibraryError(.storage, "cannot write the backup \(destination.path): \(Self.describe(error))", cause: error)
        }
        return destination
    }
}
