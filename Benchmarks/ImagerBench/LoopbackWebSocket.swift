#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A bare WebSocket client on a blocking socket to 127.0.0.1, for the live benchmarks: one thread each,
/// so what is timed is the server and the loopback, not a client framework's scheduling. Speaks just what
/// the benchmarks need — text out (masked), text and binary in, pings answered. One thread receives while
/// another may send (`LoopbackConnection`).
final class LoopbackWebSocket: Sendable {
    enum Message {
        case text([UInt8])
        case binary([UInt8])
    }

    typealias Failure = LoopbackConnection.Failure

    private let connection: LoopbackConnection

    /// Connects to `path` on 127.0.0.1:`port` and completes the upgrade; `receiveBuffer` shrinks the
    /// socket's receive buffer (to play a client that stops reading).
    init(port: Int, path: String, receiveBuffer: Int32? = nil) throws {
        connection = try LoopbackConnection(port: port, receiveBuffer: receiveBuffer)
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: aW1hZ2VyLWJlbmNobWFyaw==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try connection.send(Array(request.utf8))
        let head = try connection.head()
        guard head.hasPrefix("HTTP/1.1 101") else {
            throw Failure(description: "upgrade refused: \(head.prefix(40))")
        }
    }

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
        try connection.send(frame + [0, 0, 0, 0] + payload)
    }

    /// The next text or binary message; pings are answered on the way.
    func receive() throws -> Message {
        while true {
            let first = try connection.byte(), second = try connection.byte()
            var length = Int(second & 0x7F)
            if length == 126 {
                length = Int(try connection.byte()) << 8 | Int(try connection.byte())
            } else if length == 127 {
                length = try (0..<8).reduce(0) { value, _ in value << 8 | Int(try connection.byte()) }
            }
            let payload = try connection.bytes(length)
            switch first & 0x0F {
            case 1: return .text(payload)
            case 2: return .binary(payload)
            case 9: try connection.send([0x8A, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload)
            case 8: throw Failure(description: "closed by the server")
            default: continue
            }
        }
    }
}
