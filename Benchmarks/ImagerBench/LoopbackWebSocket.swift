#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A bare WebSocket client on a blocking socket to 127.0.0.1, for the live benchmarks: one thread each,
/// so what is timed is the server and the loopback, not a client framework's scheduling. Speaks just what
/// the benchmarks need — text out (masked), text and binary in, pings answered.
///
/// One thread receives while another may send: sends (the receiver's pongs too) take turns under a lock
/// and touch only the socket; receiving alone touches the read buffer — hence `@unchecked Sendable`.
final class LoopbackWebSocket: @unchecked Sendable {
    enum Message {
        case text([UInt8])
        case binary([UInt8])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socket: Int32
    private let sending = Mutex(())
    /// Bytes read and not yet taken: `storage[start..<end]`, read into in place.
    private var storage = [UInt8](repeating: 0, count: 1 << 18)
    private var start = 0
    private var end = 0

    /// Connects to `path` on 127.0.0.1:`port` and completes the upgrade; `receiveBuffer` shrinks the
    /// socket's receive buffer (to play a client that stops reading).
    init(port: Int, path: String, receiveBuffer: Int32? = nil) throws {
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
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: aW1hZ2VyLWJlbmNobWFyaw==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try send(Array(request.utf8))
        var head: [UInt8] = []
        while !head.ends(with: [13, 10, 13, 10]) {
            head.append(try byte())
            guard head.count < 8192 else { throw Failure(description: "no upgrade") }
        }
        guard String(decoding: head.prefix(12), as: UTF8.self) == "HTTP/1.1 101" else {
            throw Failure(description: "upgrade refused: \(String(decoding: head.prefix(40), as: UTF8.self))")
        }
    }

    deinit { close(socket) }

    /// Sends a text message (masked, as a client must; the zero mask leaves the bytes as they are).
    func send(text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {  // 64 KiB and more: the 64-bit length
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (8 * UInt64($0))) }
        }
        try send(frame + [0, 0, 0, 0] + payload)
    }

    /// The next text or binary message; pings are answered on the way.
    func receive() throws -> Message {
        while true {
            let first = try byte(), second = try byte()
            var length = Int(second & 0x7F)
            if length == 126 {
                length = Int(try byte()) << 8 | Int(try byte())
            } else if length == 127 {
                length = try (0..<8).reduce(0) { value, _ in value << 8 | Int(try byte()) }
            }
            let payload = try bytes(length)
            switch first & 0x0F {
            case 1: return .text(payload)
            case 2: return .binary(payload)
            case 9: try send([0x8A, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload)
            case 8: throw Failure(description: "closed by the server")
            default: continue
            }
        }
    }

    private func send(_ bytes: [UInt8]) throws {
        try sending.withLock { _ in try sendAll(bytes) }
    }

    private func sendAll(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the connection broke") }
            sent += count
        }
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

    private func byte() throws -> UInt8 {
        if start == end { try fill() }
        defer { start += 1 }
        return storage[start]
    }

    private func bytes(_ count: Int) throws -> [UInt8] {
        while end - start < count { try fill() }
        defer { start += count }
        return Array(storage[start..<start + count])
    }
}

extension [UInt8] {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
