import Control
import NIOCore
import NIOPosix
import Synchronization

/// OSC over UDP: each datagram decoded, its messages turned into commands and handed on in order.
/// Malformed packets, unknown addresses and bad arguments are counted and dropped — never partly applied.
/// The receive buffer holds the largest packet accepted (NIO's default 2,048 bytes would cut bundles).
public final class OSCListener: Sendable {
    private let channel: NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>
    private let dropped = Atomic<Int>(0)

    /// The port it listens on (the system's choice when 0 was asked for).
    public let port: Int

    private init(channel: NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>) {
        self.channel = channel
        port = channel.channel.localAddress?.port ?? 0
    }

    /// Listens on `host:port` (127.0.0.1 unless the performer opens it to the network).
    public static func bind(host: String = "127.0.0.1", port: Int) async throws -> OSCListener {
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: OSCDecoder.maximumPacketSize + 1))
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>(wrappingChannelSynchronously: channel)
                }
            }
        return OSCListener(channel: channel)
    }

    /// How many packets and messages were dropped as malformed or unknown.
    public var droppedCount: Int { dropped.load(ordering: .relaxed) }

    /// Receives until the listener is closed, handing every command to `handle`, in the order sent.
    /// `handle` returns false when the instrument refused the command (a value out of range): it is counted.
    public func run(_ handle: @Sendable (ControlCommand) async -> Bool) async throws {
        try await channel.executeThenClose { inbound, _ in
            for try await envelope in inbound {
                guard let packet = try? OSCDecoder.decode(Array(buffer: envelope.data)) else {  // counted as dropped in the else
                    dropped.add(1, ordering: .relaxed)
                    continue
                }
                for message in packet.messages {
                    guard let command = try? OSCAddressSpace.command(for: message) else {  // counted as dropped in the else
                        dropped.add(1, ordering: .relaxed)
                        continue
                    }
                    if await !handle(command) { dropped.add(1, ordering: .relaxed) }
                }
            }
        }
    }

    /// Stops listening; `run` then returns.
    public func close() async {
        try? await channel.channel.close()  // closing a closed channel is no news
    }
}
