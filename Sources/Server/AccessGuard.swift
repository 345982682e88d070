import HTTPTypes
import Hummingbird
import Synchronization

/// Decides who may reach the instrument, before any route runs:
///
/// - Host must be an address we serve (else 403): any web page in the performer's browser can reach
///   localhost, and checking Host stops DNS rebinding — a name of the attacker's pointing at us.
/// - Origin, when there is one, must be our own page (else 403). Requests without Origin — not from a
///   browser — are allowed.
/// - Under `--lan`, every request must carry the pairing token (else 401): `?token=` in the URL (a page
///   opened that way is given it as a cookie), the cookie, or `Authorization: Bearer`.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    let reach: ServerConfiguration.Reach
    let listening: ListeningPort
    /// This machine's names, which pages opened from the network may use as Host.
    let machineNames: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, isOurs(host: host.lowercased()) else {
            return refusal(.forbidden, "unknown host")
        }
        if let origin = request.headers[.origin], !isOurs(origin: origin.lowercased(), host: host.lowercased()) {
            return refusal(.forbidden, "foreign origin")
        }
        guard case .lan(let token) = reach else { return try await next(request, context) }
        if let given = request.uri.queryParameters["token"], token.matches(given) {
            var response = try await next(request, context)
            response.headers[.setCookie] = "\(PairingToken.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
            return response
        }
        guard Self.presented(in: request).contains(where: token.matches) else {
            return refusal(.unauthorized, "this instrument is paired: open the address imager serve printed, with its token")
        }
        return try await next(request, context)
    }

    /// The tokens a request shows in its cookies and its Authorization header.
    static func presented(in request: Request) -> [Substring] {
        var tokens: [Substring] = []
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingWhitespace() == PairingToken.cookieName { tokens.append(parts[1].trimmingWhitespace()) }
            }
        }
        if let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") {
            tokens.append(authorization.dropFirst("Bearer ".count).trimmingWhitespace())
        }
        return tokens
    }

    /// A Host we serve: one of our names, with our port or none (some non-browser clients omit it).
    func isOurs(host: String) -> Bool {
        let (name, port) = Self.split(host)
        return isOurs(name: name) && (port == nil || port == listening.port)
    }

    /// Our own pages' origin (http, one of our names, our port; under `--lan` the very name the request
    /// was sent to, so that a page served from another address on our port is not ours) — or a ws://
    /// origin, which no web page can send (browsers send the page's origin), as WebSocket libraries
    /// outside browsers do.
    func isOurs(origin: String, host: String) -> Bool {
        let parts = origin.split(separator: "://", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let (name, port) = Self.split(String(parts[1]))
        switch parts[0] {
        case "http":
            guard isOurs(name: name), (port ?? 80) == listening.port else { return false }
            return reach == .loopback || Self.split(host).name == name
        case "ws", "wss": return isOurs(name: name)
        default: return false
        }
    }

    /// Loopback names always; under `--lan` also IP addresses (a DNS name of someone else's cannot be one)
    /// and this machine's own names.
    func isOurs(name: String) -> Bool {
        if ["127.0.0.1", "localhost", "[::1]"].contains(name) { return true }
        guard case .lan = reach else { return false }
        return Self.isAddressLiteral(name) || machineNames.contains(name)
    }

    /// `name[:port]`, with IPv6 addresses in brackets.
    static func split(_ host: String) -> (name: String, port: Int?) {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let name = String(host[...close])
            let rest = host[host.index(after: close)...]
            return (name, rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? -1 : (rest.isEmpty ? nil : -1))
        }
        let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count == 2 ? Int(parts[1]) ?? -1 : nil)
    }

    /// A dotted IPv4 address, or an IPv6 address in brackets.
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") {
            return name.hasSuffix("]") && name.count > 2
                && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
    }

    private func refusal(_ status: HTTPResponse.Status, _ reason: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
    }
}

extension Substring {
    /// Without the spaces around it (as header fields pad their parts).
    func trimmingWhitespace() -> Substring {
        var trimmed = self
        while trimmed.first == " " { trimmed = trimmed.dropFirst() }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
