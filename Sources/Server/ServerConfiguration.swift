/// How `imager serve` listens.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var framesPerSecond = 60

    public init(host: String = "127.0.0.1", port: Int = 8080, framesPerSecond: Int = 60) {
        self.host = host
        self.port = port
        self.framesPerSecond = framesPerSecond
    }
}
