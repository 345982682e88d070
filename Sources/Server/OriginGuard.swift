import HTTPTypes
import Hummingbird
import Synchronization

/// Refuses, with 403, requests that a page of another site could make from the performer's browser: the
/// Host must be an address we serve, and Origin, when there is one, our own page. (Any web page can reach
/// localhost; checking Host also stops DNS rebinding.) Requests without Origin — not from a browser — are
/// allowed on loopback.
struct OriginGuard<Context: RequestContext>: RouterMiddleware {
    let listening: ListeningPort

    /// Our loopback names with our port — and without one, as some clients send them.
    var allowedHosts: Set<String> {
        let port = listening.port
        return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "127.0.0.1", "localhost", "[::1]"]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, allowedHosts.contains(host.lowercased()) else {
            return Response(status: .forbidden, body: ResponseBody(byteBuffer: ByteBuffer(string: "unknown host\n")))
        }
        if let origin = request.headers[.origin], !isOurs(origin: origin.lowercased()) {
            return Response(status: .forbidden, body: ResponseBody(byteBuffer: ByteBuffer(string: "foreign origin\n")))
        }
        return try await next(request, context)
    }

    /// Our own pages' origin (http, our loopback name and port) — or a ws:// origin, which no web page can
    /// send (browsers send the page's http(s) origin), as WebSocket libraries outside browsers do.
    func isOurs(origin: String) -> Bool {
        if origin.hasPrefix("ws://") || origin.hasPrefix("wss://") {
            let host = origin.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.split(separator: ":").first ?? "")
            return ["localhost", "127.0.0.1", "[::1]"].contains(name)
        }
        let port = listening.port
        return ["http://localhost:\(port)", "http://127.0.0.1:\(port)", "http://[::1]:\(port)"].contains(origin)
    }
}

/// The port the server listens on: the one asked for, or — when 0 asked the system to choose — the one it
/// chose, known once the server runs.
final class ListeningPort: Sendable {
    private let value: Mutex<Int>

    init(_ port: Int) { value = Mutex(port) }

    var port: Int { value.withLock { $0 } }

    func set(_ port: Int) { value.withLock { $0 = port } }
}
