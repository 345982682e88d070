import Control
import Engine
import Instrument
import NIOCore
import NIOPosix
import Synchronization

/// Those who follow the instrument over OSC (`--osc-out HOST:PORT`, repeatable): pads, the chord, the
/// chordset, the tempo, each beat, onsets and band levels, the transport (docs/osc.md, "Being followed"),
/// sent as UDP datagrams. Sending never waits: a datagram is handed to NIO's event loop and forgotten; a
/// target whose sends fail (no route to it) is dropped and said, and the others go on — each has a socket
/// of its own, as NIO closes a datagram channel whose write fails.
public final class OSCFollowers: Sendable {
    /// One follower, as `/status` tells it.
    public struct Target: Sendable, Codable, Hashable {
        public var address: String
        public var sent: Int
        /// Why it was dropped, if it was.
        public var problem: String?
    }

    private let channels: [any Channel]
    private let addresses: [SocketAddress]
    private let targets: Mutex<[Target]>
    private let last = Mutex<(pads: TriggerPads?, chord: Int?, chordset: String?, tempo: Double?)>((nil, nil, nil, nil))
    private let report: @Sendable (String) -> Void

    private init(channels: [any Channel], addresses: [SocketAddress], names: [String], report: @escaping @Sendable (String) -> Void) {
        self.channels = channels
        self.addresses = addresses
        targets = Mutex(names.map { Target(address: $0, sent: 0, problem: nil) })
        self.report = report
    }

    /// Followers at `targets` ("HOST:PORT" each); throws a performer's reason for one that cannot be read or
    /// found. `report` hears a follower dropped.
    public static func open(_ targets: [String], report: @escaping @Sendable (String) -> Void) async throws -> OSCFollowers {
        var addresses: [SocketAddress] = []
        for target in targets {
            guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]), (1...65535).contains(port),
                colon != target.startIndex
            else { throw OSCFollowersError("--osc-out takes HOST:PORT (a port 1…65535), not “\(target)”") }
            let host = String(target[..<colon])
            do { addresses.append(try SocketAddress.makeAddressResolvingHost(host, port: port)) } catch {
                throw OSCFollowersError("cannot send OSC to \(target): no such host")
            }
        }
        var channels: [any Channel] = []
        for address in addresses {
            let any = address.protocol == .inet6 ? "::" : "0.0.0.0"
            channels.append(try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: any, port: 0).get())
        }
        return OSCFollowers(channels: channels, addresses: addresses, names: targets, report: report)
    }

    /// Where each follower is.
    public var status: [Target] { targets.withLock { $0 } }

    /// Sends `messages` to every follower still followed.
    public func send(_ messages: [OSCMessage]) {
        guard !messages.isEmpty else { return }
        let live = targets.withLock { targets in targets.indices.filter { targets[$0].problem == nil } }
        for message in messages {
            let bytes = OSCEncoder.encode(.message(message))
            for index in live {
                let channel = channels[index]
                let envelope = AddressedEnvelope(remoteAddress: addresses[index], data: channel.allocator.buffer(bytes: bytes))
                channel.writeAndFlush(envelope).whenComplete { [weak self] result in self?.sent(to: index, result) }
            }
        }
    }

    private func sent(to index: Int, _ result: Result<Void, any Error>) {
        let dropped: String? = targets.withLock { targets in
            switch result {
            case .success:
                targets[index].sent += 1
                return nil
            case .failure(let error):
                guard targets[index].problem == nil else { return nil }
                targets[index].problem = "\(error)"
                return "OSC to \(targets[index].address) cannot be sent (\(error)); it is no longer followed"
            }
        }
        if let dropped { report(dropped) }
    }

    /// Sends a beat: its number and the tempo.
    func beat(_ number: Int, tempo: Double) { send([OSCFollowing.beat(number, tempo: tempo)]) }

    public func close() { for channel in channels { channel.close(promise: nil) } }
}

extension OSCFollowers: LiveAudience {
    public func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        var messages: [OSCMessage] = []
        last.withLock { last in
            if aspects.contains(.pads) || last.pads == nil {
                for pad in 0..<TriggerPads.count where last.pads?[pad] != state.pads[pad] {
                    guard last.pads != nil || state.pads[pad].isDown else { continue }
                    messages.append(OSCFollowing.pad(pad, velocity: state.pads[pad].isDown ? state.pads[pad].velocity : 0))
                }
                last.pads = state.pads
            }
            if last.chord != state.selectedChord {
                if last.chord != nil { messages.append(OSCFollowing.chord(state.selectedChord)) }
                last.chord = state.selectedChord
            }
            if last.chordset != state.chordset.title {
                if last.chordset != nil { messages.append(OSCFollowing.chordset(state.chordset.title)) }
                last.chordset = state.chordset.title
            }
            if last.tempo != state.tempo {
                if last.tempo != nil { messages.append(OSCFollowing.tempo(state.tempo)) }
                last.tempo = state.tempo
            }
        }
        send(messages)
    }

    public func recording(_ on: Bool, savedAt location: String?) {}
    public func libraryChanged(revision: Int) {}

    public func heard(_ status: ListeningStatus) {
        guard status.hearing else { return }
        var messages = OSCFollowing.heard(level: status.level, bands: status.bands)
        if status.onset > 0 { messages.append(OSCFollowing.onset(status.onset)) }
        send(messages)
    }

    public func transportChanged(_ status: TransportStatus) {
        send([OSCFollowing.transport(playing: status.playing, seconds: status.seconds)])
    }
}

/// Why the OSC followers could not be set up.
public struct OSCFollowersError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
