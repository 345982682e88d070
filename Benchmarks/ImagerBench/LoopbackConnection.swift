#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A blocking TCP connection to 127.0.0.1 for the benchmarks' bare clients (`LoopbackWebSocket`,
/// `LoopbackHTTP`): bytes out whole, bytes in from a buffer read into in place.
///
/// One thread may receive while another sends: sends take turns under a lock and touch only the socket;
/// receiving alone touches the read buffer — hence `@unchecked Sendable`.
final class LoopbackConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: Int32
    private let sending = Mutex(())
    /// Bytes read and not yet taken: `storage[start..<end]`, read into in place.
    private var storage = [UInt8](repeating: 0, count: 1 << 18)
    private var start = 0
    private var end = 0

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks the socket's receive buffer (to play a client
    /// that stops reading).
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "no socket") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        if var receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(socket); throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
    }

    deinit { close(socket) }

    func send(_ bytes: [UInt8]) throws {
        try sending.withLock { _ in
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
                guard count > 0 else { throw Failure(description: "the connection broke") }
                sent += count
            }
        }
    }

    /// An HTTP head: the bytes up to and with the blank line.
    func head() throws -> String {
        var head: [UInt8] = []
        while !head.ends(with: [13, 10, 13, 10]) {
            head.append(try byte())
            guard head.count < 8192 else { throw Failure(description: "no end to the head") }
        }
        return String(decoding: head, as: UTF8.self)
    }

    func byte() throws -> UInt8 {
        if start == end { try fill() }
        defer { start += 1 }
        return storage[start]
    }

    func bytes(_ count: Int) throws -> [UInt8] {
        while end - start < count { try fill() }
        defer { start += count }
        return Array(storage[start..<start + count])
    }

    private func fill() throws {
        if start > 0 {  // move what is left to the front
            storage.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == storage.count { storage += [UInt8](repeating: 0, count: storage.count) }
        let count = storage.withUnsafeMutableBytes { read(socket, $0.baseAddress! + end, $0.count - end) }
        guard count > 0 else { throw Failure(description: "the connection ended") }
        end += count
    }
}

extension [UInt8] {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
