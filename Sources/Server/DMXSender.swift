import DMX
import Engine
import NIOCore
import NIOPosix
import Synchronization

/// One DMX target as the fixtures' thread sends to it (the `DMXTransmitter` adapter, SwiftNIO's UDP): a socket of its own, its stream (what each universe was last
/// sent, the sequences), what went out and what went wrong. A send never waits: a target that cannot be opened
/// or sent to is said, its packets meanwhile let go, and it is tried again every `retryInterval` seconds.
public final class DMXSender: DMXTransmitter {
    static let retryInterval = 5.0

    public let target: DMXTarget
    private let said: @Sendable (String) -> Void
    private let state: Mutex<State>
    private let sent = Atomic<Int>(0)

    private struct State: Sendable {
        var stream: DMXStream
        var channel: (any Channel)?
        /// The receiver's address (nil for multicast: each universe's group).
        var address: SocketAddress?
        var opening = false
        /// Ended: a socket that opens after is closed at once, never kept.
        var ended = false
        /// When it was last tried (DMX time, seconds), or `failedSince` to be set at the next frame.
        var lastTry: Double?
        var failed = false
        var problem: String?
    }

    /// A sender to `target`, as source `cid` (16 bytes); `said` hears each problem once, and the return.
    public init(target: DMXTarget, cid: [UInt8], said: @escaping @Sendable (String) -> Void) {
        self.target = target
        self.said = said
        state = Mutex(State(stream: DMXStream(protocol: target.protocol, cid: cid)))
    }

    /// Whether it holds a socket now, and whether one is opening.
    var socket: (open: Bool, opening: Bool) { state.withLock { ($0.channel != nil, $0.opening) } }

    /// What `/status` tells of it.
    public var status: LiveDMXStatus.Target {
        state.withLock { LiveDMXStatus.Target(target: target.description, packets: sent.load(ordering: .relaxed), problem: $0.problem) }
    }

    /// Sends what changed of `frames` at `time` (seconds on the DMX thread's clock), opening the socket first
    /// when it is due (in the background: a name lookup can take seconds).
    public func send(_ frames: [Int: DMXFrame], at time: Double) {
        let (ready, due) = state.withLock { state -> ((any Channel, SocketAddress?, [DMXPacket])?, Bool) in
            if state.ended { return (nil, false) }
            if state.failed {
                state.failed = false
                state.lastTry = time
            }
            guard let channel = state.channel else {
                let due = !state.opening && state.lastTry.map { time - $0 >= Self.retryInterval } != false
                if due {
                    state.opening = true
                    state.lastTry = time
                }
                return (nil, due)
            }
            return ((channel, state.address, state.stream.packets(for: frames, at: time)), false)
        }
        if due { Task { await open() } }
        guard let (channel, address, packets) = ready else { return }
        write(packets, on: channel, to: address)
    }

    /// Ends the stream (sACN's terminated packets), waits for them to go, and closes the socket; a socket still
    /// opening is closed as soon as it opens.
    public func end() async {
        let ending = state.withLock { state -> (any Channel, SocketAddress?, [DMXPacket])? in
            defer { state.channel = nil }
            state.ended = true
            return state.channel.map { ($0, state.address, state.stream.ending()) }
        }
        guard let (channel, address, packets) = ending else { return }
        let writes = write(packets, on: channel, to: address)
        for written in writes { try? await written.get() }  // a failed write is said by write()'s handler
        try? await channel.close()  // closing: the stream has ended
    }

    @discardableResult
    private func write(_ packets: [DMXPacket], on channel: any Channel, to address: SocketAddress?) -> [EventLoopFuture<Void>] {
        packets.compactMap { packet in
            // 239.255 and two bytes: always an address.
            guard let destination = address ?? (try? SocketAddress(ipAddress: E131DataPacket.multicastGroup(of: packet.universe), port: E131DataPacket.port)) else {
                return nil
            }
            let written = channel.writeAndFlush(AddressedEnvelope(remoteAddress: destination, data: channel.allocator.buffer(bytes: packet.bytes)))
            written.whenComplete { [self] result in
                switch result {
                case .success: sent.add(1, ordering: .relaxed)
                case .failure(let error): failed(OSCSocketProblem.reason(error), closing: channel)
                }
            }
            return written
        }
    }

    private func open() async {
        do {
            var address: SocketAddress?
            if let destination = target.destination {
                address = try await NIOThreadPool.singleton.runIfActive {
                    try SocketAddress.makeAddressResolvingHost(destination.host, port: destination.port)
                }
            }
            let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.socketOption(.so_broadcast), value: 1)
                .bind(host: address?.protocol == .inet6 ? "::" : "0.0.0.0", port: 0).get()
            let (kept, wasFailing) = state.withLock { state -> (Bool, Bool) in
                state.opening = false
                guard !state.ended else { return (false, false) }
                defer { (state.channel, state.address, state.problem) = (channel, address, nil) }
                return (true, state.problem != nil)
            }
            guard kept else { try? await channel.close(); return }  // ended while it opened: closing has nothing to report
            if wasFailing { said("DMX to \(target) is sent again") }
        } catch {
            let reason = error is SocketAddressError ? "no such host" : OSCSocketProblem.reason(error)
            failed(reason, closing: nil)
        }
    }

    /// Says the target cannot be sent to (once a problem), lets go of its socket, and has it tried again later.
    private func failed(_ reason: String, closing channel: (any Channel)?) {
        let new = state.withLock { state -> Bool in
            if let channel, state.channel !== channel { return false }  // an older socket's news
            let new = state.problem != reason
            state.channel = nil
            state.opening = false
            state.failed = true
            state.stream = DMXStream(protocol: target.protocol, cid: state.stream.cid)
            state.problem = reason
            return new
        }
        channel?.close(promise: nil)
        if new { said("DMX to \(target) cannot be sent: \(reason) (tried again every \(Int(Self.retryInterval)) s)") }
    }
}
