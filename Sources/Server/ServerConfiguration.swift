/// How `imager serve` listens.
public struct ServerConfiguration: Sendable {
    /// Who may reach the instrument.
    public enum Reach: Sendable, Equatable {
        /// This machine only (127.0.0.1): no token asked.
        case loopback
        /// Every interface, and every request must carry the pairing token.
        case lan(token: PairingToken)
    }

    public var reach: Reach
    /// 0 lets the system choose a free port (the tests do).
    public var port: Int
    /// Frames a second sent to canvases (1…240).
    public var fps: Int

    /// How long a write may wait for a WebSocket client to read before the client is cut off.
    public var stallLimit: Duration
    /// How often clients are pinged; one that has not answered by the next ping is closed.
    public var pingInterval: Duration

    public init(reach: Reach = .loopback, port: Int = 8080, fps: Int = 60, stallLimit: Duration = .seconds(5), pingInterval: Duration = .seconds(10)) {
        self.reach = reach
        self.port = port
        self.fps = fps
        self.stallLimit = stallLimit
        self.pingInterval = pingInterval
    }

    /// The address to listen on.
    public var host: String { reach == .loopback ? "127.0.0.1" : "0.0.0.0" }
}
