import Control
import Engine
import Instrument
import NIOCore
import NIOPosix
import Synchronization
import UserText

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

    /// A follower and its own socket.
    private struct Follower: Sendable {
        let id: Int
        var target: Target
        /// Where it is (nil when its host could not be found).
        let address: SocketAddress?
        let channel: (any Channel)?
        /// Named on the command line (kept whatever the preferences say), or kept in the preferences.
        let fromCommandLine: Bool
    }

    private let followers = Mutex<[Follower]>([])
    private let nextID = Mutex(0)
    private let last = Mutex<(pads: TriggerPads?, chord: Int?, chordset: String?, tempo: Double?)>((nil, nil, nil, nil))
    private let report: @Sendable (String) -> Void

    private init(report: @escaping @Sendable (String) -> Void) {
        self.report = report
    }

    /// Followers at `commandLine` and `kept` targets ("HOST:PORT" each). A command-line target that cannot be
    /// read or found is refused with the reason; a kept one is dropped and said. `report` hears a follower dropped.
    public static func open(
        _ commandLine: [String], kept: [String] = [], report: @escaping @Sendable (String) -> Void
    ) async throws(OSCFollowersError) -> OSCFollowers {
        let followers = OSCFollowers(report: report)
        for target in commandLine {
            let follower = try await followers.make(target, fromCommandLine: true)
            if let problem = follower.target.problem { throw OSCFollowersError("cannot send OSC to \(target): \(problem)") }
            followers.followers.withLock { $0.append(follower) }
        }
        try await followers.follow(kept: kept)
        return followers
    }

    /// Follows `kept` (the preferences' targets) from now on, beside the command line's; those let go are closed.
    public func follow(kept: [String]) async throws(OSCFollowersError) {
        var made: [Follower] = []
        for target in kept {
            do throws(UserTextError) { _ = try NetworkTarget(target) } catch { throw OSCFollowersError(error.description) }
            made.append(try await make(target, fromCommandLine: false))
        }
        for follower in made where follower.target.problem != nil { report("OSC to \(follower.target.address) cannot be sent (\(follower.target.problem!)); it is not followed") }
        let dropped = followers.withLock { followers in
            defer { followers = followers.filter(\.fromCommandLine) + made }
            return followers.filter { !$0.fromCommandLine }
        }
        for follower in dropped { follower.channel?.close(promise: nil) }
    }

    private func make(_ text: String, fromCommandLine: Bool) async throws(OSCFollowersError) -> Follower {
        let target: NetworkTarget
        do throws(UserTextError) { target = try NetworkTarget(text) } catch {
            throw OSCFollowersError("--osc-out takes HOST:PORT (a port 1…65535), not “\(text)”")
        }
        let id = nextID.withLock { id in defer { id += 1 }; return id }
        let address: SocketAddress
        do { address = try SocketAddress.makeAddressResolvingHost(target.host, port: target.port) } catch {
            return Follower(id: id, target: Target(address: text, sent: 0, problem: "no such host"), address: nil, channel: nil, fromCommandLine: fromCommandLine)
        }
        let any = address.protocol == .inet6 ? "::" : "0.0.0.0"
        do {
            let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: any, port: 0).get()
            return Follower(id: id, target: Target(address: text, sent: 0, problem: nil), address: address, channel: channel, fromCommandLine: fromCommandLine)
        } catch {
            throw OSCFollowersError("cannot open a socket to send OSC to \(text): \(error)")
        }
    }

    /// Where each follower is.
    public var status: [Target] { followers.withLock { $0.map(\.target) } }

    /// Sends `messages` to every follower still followed.
    public func send(_ messages: [OSCMessage]) {
        guard !messages.isEmpty else { return }
        let live = followers.withLock { followers in followers.filter { $0.target.problem == nil } }
        guard !live.isEmpty else { return }
        for message in messages {
            let bytes = OSCEncoder.encode(.message(message))
            for follower in live {
                guard let channel = follower.channel, let address = follower.address else { continue }
                let envelope = AddressedEnvelope(remoteAddress: address, data: channel.allocator.buffer(bytes: bytes))
                let id = follower.id
                channel.writeAndFlush(envelope).whenComplete { [weak self] result in self?.sent(to: id, result) }
            }
        }
    }

    private func sent(to id: Int, _ result: Result<Void, any Error>) {
        let dropped: String? = followers.withLock { followers in
            guard let index = followers.firstIndex(where: { $0.id == id }) else { return nil }
            switch result {
            case .success:
                followers[index].target.sent += 1
                return nil
            case .failure(let error):
                guard followers[index].target.problem == nil else { return nil }
                followers[index].target.problem = "\(error)"
                return "OSC to \(followers[index].target.address) cannot be sent (\(error)); it is no longer followed"
            }
        }
        if let dropped { report(dropped) }
    }

    /// Sends a beat: its number and the tempo.
    func beat(_ number: Int, tempo: Double) { send([OSCFollowing.beat(number, tempo: tempo)]) }

    public func close() { for follower in followers.withLock({ $0 }) { follower.channel?.close(promise: nil) } }
}

extension OSCFollowers: LiveAudience {
    public func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        var messages: [OSCMessage] = []
        last.withLock { last in
            if aspects.contains(.pads) {
                // Before the first change heard, every pad was up.
                let before = last.pads ?? TriggerPads()
                for pad in 0..<TriggerPads.count where before[pad] != state.pads[pad] {
                    messages.append(OSCFollowing.pad(pad, velocity: state.pads[pad].isDown ? state.pads[pad].velocity : 0))
                }
                last.pads = state.pads
            }
            if aspects.contains(.selectedChord), last.chord != state.selectedChord {
                messages.append(OSCFollowing.chord(state.selectedChord))
                last.chord = state.selectedChord
            }
            if aspects.contains(.chordset), last.chordset != state.chordset.title {
                messages.append(OSCFollowing.chordset(state.chordset.title))
                last.chordset = state.chordset.title
            }
            if aspects.contains(.tempo), last.tempo != state.tempo {
                messages.append(OSCFollowing.tempo(state.tempo))
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
