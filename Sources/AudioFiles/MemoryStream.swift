import CSndfile
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes in memory that libsndfile reads or writes as if they were a file (its virtual I/O): audio kept in
/// the library is decoded from memory, and files are encoded in memory and then written whole.
final class MemoryStream {
    private(set) var bytes: [UInt8]
    fileprivate var position = 0

    init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    /// libsndfile's callbacks, each finding its stream through `user_data`.
    static var callbacks: SF_VIRTUAL_IO {
        SF_VIRTUAL_IO(
            get_filelen: { user in sf_count_t(memoryStream(user).bytes.count) },
            seek: { offset, whence, user in memoryStream(user).seek(Int(offset), whence: whence) },
            read: { destination, count, user in memoryStream(user).read(into: destination, count: Int(count)) },
            write: { source, count, user in memoryStream(user).write(from: source, count: Int(count)) },
            tell: { user in sf_count_t(memoryStream(user).position) })
    }

    fileprivate func seek(_ offset: Int, whence: Int32) -> sf_count_t {
        let base = switch whence {
        case SEEK_CUR: position
        case SEEK_END: bytes.count
        default: 0
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0 else { return -1 }
        position = target
        return sf_count_t(position)
    }

    fileprivate func read(into destination: UnsafeMutableRawPointer?, count: Int) -> sf_count_t {
        guard let destination, count > 0, position < bytes.count else { return 0 }
        let n = min(count, bytes.count - position)
        bytes.withUnsafeBytes { source in
            destination.copyMemory(from: source.baseAddress! + position, byteCount: n)
        }
        position += n
        return sf_count_t(n)
    }

    fileprivate func write(from source: UnsafeRawPointer?, count: Int) -> sf_count_t {
        guard let source, count > 0 else { return 0 }
        let (end, overflow) = position.addingReportingOverflow(count)
        guard !overflow, end <= AudioFile.largestFile * 4 else { return 0 }
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { target in
            (target.baseAddress! + position).copyMemory(from: source, byteCount: count)
        }
        position = end
        return sf_count_t(count)
    }
}

/// The stream behind libsndfile's `user_data`.
private func memoryStream(_ user: UnsafeMutableRawPointer?) -> MemoryStream {
    Unmanaged<MemoryStream>.fromOpaque(user!).takeUnretainedValue()
}
