import Foundation
import NIOCore
import NIOPosix
import UserText

/// A follower's own socket: a datagram channel connected to it, so that the system says when nobody listens
/// there (an ICMP port unreachable comes back as "connection refused", on a send or on the socket).
struct OSCSocket: Sendable {
    /// Which socket this is, among all a set of followers opened: what is said of a socket since closed is not
    /// taken for what is said of the one after it.
    let serial: Int
    let channel: any Channel

    /// Opens a socket to `target`: its host is looked up again (off the engine's threads: a lookup can take
    /// seconds) and the socket connected to it. `failed` hears what the system says of it later, and its closing.
    static func open(
        to target: NetworkTarget, serial: Int, failed: @escaping @Sendable (any Error) -> Void
    ) async -> Result<OSCSocket, OSCSocketProblem> {
        let address: SocketAddress
        do {
            address = try await NIOThreadPool.singleton.runIfActive {
                try SocketAddress.makeAddressResolvingHost(target.host, port: target.port)
            }
        } catch {
            return .failure(OSCSocketProblem(hostNotFound: true, reason: "no such host"))
        }
        do {
            let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(RefusalListener(failed)) }
                }
                .connect(to: address).get()
            channel.closeFuture.whenComplete { _ in failed(ChannelError.alreadyClosed) }
            return .success(OSCSocket(serial: serial, channel: channel))
        } catch {
            return .failure(OSCSocketProblem(hostNotFound: false, reason: OSCSocketProblem.reason(error)))
        }
    }

    /// Hands `datagram` to the system; `sent` hears whether it took it.
    func send(_ datagram: [UInt8], sent: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        channel.writeAndFlush(channel.allocator.buffer(bytes: datagram)).whenComplete(sent)
    }

    func close() { channel.close(promise: nil) }
}

/// Why a follower's socket could not be opened, or stopped sending.
struct OSCSocketProblem: Error, Sendable {
    /// The host could not be looked up (a command-line target is then refused).
    let hostNotFound: Bool
    /// In a person's words ("no such host", "connection refused").
    let reason: String

    /// What went wrong, as the system says it ("connection refused") rather than as NIO names it.
    static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? ChannelError, error == .ioOnClosedChannel || error == .alreadyClosed { return "its socket was closed" }
        return "\(error)"
    }
}

/// Hears the errors the system gives a follower's socket ("connection refused": an ICMP port unreachable came
/// back); what the follower sends back is let go.
private final class RefusalListener: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    private let failed: @Sendable (any Error) -> Void

    init(_ failed: @escaping @Sendable (any Error) -> Void) { self.failed = failed }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func errorCaught(context: ChannelHandlerContext, error: any Error) { failed(error) }
}
