#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few system calls that make writes durable — open, write all, fsync a file and its folder — checked,
/// and going on after an interruption. What `AtomicFile` and the recording journals are built on.
public enum DurableFile {
    /// The system's refusal of one of these calls: which call, and `errno` in words.
    public struct Failure: Error, CustomStringConvertible {
        public let call: String
        public let code: Int32

        init(_ call: String, code: Int32 = errno) {
            self.call = call
            self.code = code
        }

        public var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// Opens `path` with `flags` (close-on-exec added); the descriptor.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        let descriptor = path.withCString { systemOpen($0, flags | O_CLOEXEC, mode) }
        guard descriptor >= 0 else { throw Failure("open \(path)") }
        return descriptor
    }

    /// Writes all of `bytes`, going on after a partial write or an interruption.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure("write")
            }
            offset += written
        }
    }

    /// Waits until the disk holds what was written to `descriptor`.
    public static func sync(_ descriptor: Int32) throws(Failure) {
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw Failure("fsync") }
        }
    }

    /// Makes a folder's entries — a file created, renamed or removed in it — durable.
    public static func syncFolder(_ path: String) throws(Failure) {
        let descriptor = try open(path, flags: O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        try sync(descriptor)
    }

    /// Cuts the file open at `descriptor` back to its first `length` bytes (what a failed write left
    /// half-done goes).
    public static func truncate(_ descriptor: Int32, to length: Int) throws(Failure) {
        while ftruncate(descriptor, off_t(length)) != 0 {
            if errno != EINTR { throw Failure("ftruncate") }
        }
    }

    /// Takes the exclusive advisory lock of the file open at `descriptor` (`flock`), without waiting:
    /// false when another open file — another process's, or this one's — holds it. It lasts until the
    /// descriptor is closed.
    public static func lockExclusively(_ descriptor: Int32) throws(Failure) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { throw Failure("flock") }
        }
        return true
    }

    /// Closes a descriptor (its errors are those of the last write, which `sync` has reported already).
    public static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }
}

// The system's calls under names of their own (inside `DurableFile`, `open`, `write` and `close` name its own).
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
