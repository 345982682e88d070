import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all: the bytes go to a temporary file beside the target, which is then
/// renamed over it, so no reader — and no failed run — ever leaves a partial file under the target's name.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to url: URL) throws(ImageFileError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageFileError("cannot write \(url.path): the folder \(directory.path) does not exist")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try Data(bytes).write(to: temporary)
            // rename(2) replaces the target in one step.
            guard rename(temporary.path, url.path) == 0 else {
                throw ImageFileError(String(cString: strerror(errno)))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)  // best effort: the real error is reported below
            throw ImageFileError("cannot write \(url.path): \((error as? ImageFileError)?.message ?? error.localizedDescription)")
        }
    }
}
