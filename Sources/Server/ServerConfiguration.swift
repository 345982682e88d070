/// How `imager serve` listens.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0 lets the system choose a free port (the tests do).
    public var port: Int

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}
