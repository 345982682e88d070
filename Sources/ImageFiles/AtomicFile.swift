import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all, and durably: the bytes go to a temporary file beside the target, which
/// is fsync'd and then renamed over it, and the folder is fsync'd, so no reader — no failed run, no crash,
/// no power cut — ever finds a partial file under the target's name, and a write that returned stays.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to url: URL) throws(ImageFileError) {
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageFileError(.notWritten, "cannot write \(url.path): the folder \(directory.path) does not exist")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        do {
            let descriptor = try DurableFile.open(temporary.path, flags: O_WRONLY | O_CREAT | O_EXCL)
            defer { DurableFile.close(descriptor) }
            try DurableFile.write(bytes, to: descriptor)
            try DurableFile.sync(descriptor)
            // rename(2) replaces the target in one step.
            guard rename(temporary.path, url.path) == 0 else { throw DurableFile.Failure("rename") }
            try DurableFile.syncFolder(directory.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)  // best effort: the real error is reported below
            throw ImageFileError(.notWritten, "cannot write \(url.path)", cause: error)
        }
    }
}
