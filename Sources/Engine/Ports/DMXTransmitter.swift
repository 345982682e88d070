import DMX

/// One place DMX goes (a port; the server's `DMXSender` sends sACN or Art-Net over UDP with SwiftNIO): the
/// fixtures' frames handed to it once a frame, never waiting — a target that cannot be reached is said and
/// tried again by the transmitter itself — and what it has sent.
public protocol DMXTransmitter: Sendable {
    var target: DMXTarget { get }
    /// Sends what changed of `frames` (by universe) at `time`, seconds on the fixtures' clock.
    func send(_ frames: [Int: DMXFrame], at time: Double)
    /// What `/status` tells of it.
    var status: LiveDMXStatus.Target { get }
    /// Ends its streams (sACN's terminated) and lets its socket go.
    func end() async
}

/// What `/status` tells of DMX: the rate asked, the frames sent since the start, and each target.
public struct LiveDMXStatus: Sendable, Codable, Equatable {
    public struct Target: Sendable, Codable, Equatable {
        public var target: String
        public var packets: Int
        /// Why it cannot be sent to now (tried again every 5 s); absent while it can.
        public var problem: String?

        public init(target: String, packets: Int, problem: String? = nil) {
            self.target = target
            self.packets = packets
            self.problem = problem
        }
    }

    public var rate: Int
    public var frames: Int
    public var fixtures: Int
    public var universes: [Int]
    public var targets: [Target]
    public var problems: [String]
}
