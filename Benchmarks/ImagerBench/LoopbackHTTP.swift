import Foundation

/// One bare HTTP/1.1 request to 127.0.0.1 on a blocking socket, for the benchmarks: what is timed is the
/// server and the loopback.
enum LoopbackHTTP {
    /// The status and body of `method path` with a JSON `body`.
    static func request(port: Int, _ method: String, _ path: String, json body: String = "") throws -> (status: Int, body: [UInt8]) {
        let connection = try LoopbackConnection(port: port)
        let payload = Array(body.utf8)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(payload.count)\r\n"
        if !payload.isEmpty { head += "Content-Type: application/json\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + payload)
        let answer = try connection.head()
        let lines = answer.split(separator: "\r\n")
        guard let status = lines.first.flatMap({ $0.split(separator: " ").dropFirst().first }).flatMap({ Int($0) }) else {
            throw LoopbackConnection.Failure(description: "no status in \(answer.prefix(40))")
        }
        let length = lines.lazy.compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        return (status, try connection.bytes(length))
    }
}
