/// A place on the network a person names to send to — `HOST:PORT`, `[IPv6]:PORT` — read by one rule wherever
/// it is given (`imager serve --osc-out`, the console's preferences).
public struct NetworkTarget: Hashable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// Reads `text`, or says in one line why it is not a target.
    public init(_ text: String) throws(UserTextError) {
        let kept = try UserText.checked(text, as: "a network target", maximumLength: 262)
        let refusal = UserTextError("a network target is HOST:PORT (a port 1…65535), or [IPv6]:PORT; not “\(UserText.printable(kept))”")
        guard let colon = kept.lastIndex(of: ":"), let port = Int(kept[kept.index(after: colon)...]), (1...65535).contains(port) else {
            throw refusal
        }
        var host = kept[..<colon]
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, host.count <= 253, !host.contains(where: { $0 == " " || $0 == "/" || $0 == "[" || $0 == "]" }) else {
            throw refusal
        }
        self.host = String(host)
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
