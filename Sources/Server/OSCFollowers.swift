import Control
import Instrument
import NIOCore
import Synchronization
import UserText

/// Those who follow the instrument over OSC (`--osc-out HOST:PORT`, repeatable, and the preferences' targets):
/// pads, the chord, the chordset, the tempo, each beat, onsets and band levels, the transport (docs/osc.md,
/// "Being followed"), sent as UDP datagrams. Sending never waits: a datagram is handed to NIO's event loop and
/// forgotten. Each follower has a socket of its own, connected to it (NIO closes a datagram channel whose write
/// fails, and the system says so when nobody listens there); a follower whose sends fail is dropped and said,
/// the others go on, and it is tried again every 5 s until it comes back (`OSCFollower` holds the rules,
/// `heal(every:on:)` the checks). Changes to who follows are taken one at a time, and every socket opened is
/// either a follower's or closed.
public final class OSCFollowers: Sendable {
    /// One follower, as `/status` tells it.
    public struct Target: Sendable, Codable, Hashable {
        public var address: String
        public var sent: Int
        /// Why it is not followed now (dropped, and tried again every 5 s), if it is not.
        public var problem: String?
    }

    /// Opens a socket to a target; `failed` hears what the system says of the socket later.
    typealias Opener = @Sendable (
        _ target: NetworkTarget, _ serial: Int, _ failed: @escaping @Sendable (any Error) -> Void
    ) async -> Result<OSCSocket, OSCSocketProblem>

    /// The followers, under the lock that `send` and `status` take too.
    struct Roster: Sendable {
        var followers: [OSCFollower] = []
        /// Closed: a socket opened from now on is closed at once.
        var closed = false
        /// Numbers the followers and their sockets.
        var nextID = 0
    }

    let roster = Mutex(Roster())
    /// Sockets opened and not yet closed, whoever holds them.
    private let openSockets = Mutex(0)
    /// Changes to who follows, one at a time.
    let following = OneAtATime()
    /// What was told last, so that each change is told once.
    let last = Mutex<(pads: TriggerPads?, chord: Int?, chordset: String?, tempo: Double?)>((nil, nil, nil, nil))
    /// Whether the input listened to was lost when last told (its loss and return are sent once each).
    let inputLost = Mutex(false)
    private let report: @Sendable (String) -> Void
    private let opener: Opener

    init(report: @escaping @Sendable (String) -> Void, opener: @escaping Opener = OSCSocket.open) {
        self.report = report
        self.opener = opener
    }

    /// Followers at `commandLine` and `kept` targets ("HOST:PORT" each). A command-line target that cannot be
    /// read or whose host cannot be found is refused with the reason; any other that cannot be sent to is said,
    /// and tried again every 5 s. `report` hears a follower dropped, and back.
    public static func open(
        _ commandLine: [String], kept: [String] = [], report: @escaping @Sendable (String) -> Void
    ) async throws(OSCFollowersError) -> OSCFollowers {
        let followers = OSCFollowers(report: report)
        do throws(OSCFollowersError) {
            for text in commandLine {
                let target = try target(text)
                let opened = await followers.openSocket(to: target)
                if case .failure(let problem) = opened, problem.hostNotFound {
                    throw OSCFollowersError("cannot send OSC to \(text): \(problem.reason)")
                }
                let follower = followers.follower(text, destination: target, fromCommandLine: true, opened: opened)
                followers.roster.withLock { $0.followers.append(follower) }
                if let said = follower.notFollowedReport { followers.report(said) }
            }
            try await followers.follow(kept: kept)
        } catch {
            await followers.close()
            throw error
        }
        return followers
    }

    /// Follows `kept` (the preferences' targets) from now on, beside the command line's; those let go are
    /// closed. Calls are taken one at a time, in the order made: the last call's targets are the ones followed.
    public func follow(kept: [String]) async throws(OSCFollowersError) {
        var read: [(NetworkTarget, String)] = []
        for text in kept { read.append((try Self.target(text), text)) }
        let targets = read
        await following.run { await self.replaceKept(with: targets) }
    }

    private func replaceKept(with targets: [(NetworkTarget, String)]) async {
        var made: [OSCFollower] = []
        for (target, text) in targets { made.append(await make(target, text: text, fromCommandLine: false)) }
        let letGo: [OSCFollower] = roster.withLock { roster in
            guard !roster.closed else { return made }
            defer { roster.followers = roster.followers.filter(\.fromCommandLine) + made }
            return roster.followers.filter { !$0.fromCommandLine }
        }
        for follower in letGo { follower.socket?.close() }
        guard !roster.withLock(\.closed) else { return }
        for follower in made { if let said = follower.notFollowedReport { report(said) } }
    }

    private static func target(_ text: String) throws(OSCFollowersError) -> NetworkTarget {
        do throws(UserTextError) { return try NetworkTarget(text) } catch {
            throw OSCFollowersError("--osc-out takes HOST:PORT (a port 1…65535), not “\(text)”")
        }
    }

    private func make(_ target: NetworkTarget, text: String, fromCommandLine: Bool) async -> OSCFollower {
        follower(text, destination: target, fromCommandLine: fromCommandLine, opened: await openSocket(to: target))
    }

    private func follower(
        _ text: String, destination: NetworkTarget, fromCommandLine: Bool, opened: Result<OSCSocket, OSCSocketProblem>
    ) -> OSCFollower {
        let id = roster.withLock { roster in defer { roster.nextID += 1 }; return roster.nextID }
        return OSCFollower(id: id, text: text, destination: destination, fromCommandLine: fromCommandLine, opened: opened)
    }

    /// A fresh socket to `target`, counted while it is open; what the system says of it goes to its follower.
    func openSocket(to target: NetworkTarget) async -> Result<OSCSocket, OSCSocketProblem> {
        let serial = roster.withLock { roster in defer { roster.nextID += 1 }; return roster.nextID }
        let opened = await opener(target, serial) { [weak self] error in
            self?.perform { $0.failed(on: serial, OSCSocketProblem.reason(error)) }
        }
        if case .success(let socket) = opened {
            openSockets.withLock { $0 += 1 }
            socket.channel.closeFuture.whenComplete { [weak self] _ in self?.openSockets.withLock { $0 -= 1 } }
        }
        return opened
    }

    /// Sockets opened and not yet closed (for the tests: none is leaked).
    var openSocketCount: Int { openSockets.withLock { $0 } }

    /// Where each follower is.
    public var status: [Target] { roster.withLock { $0.followers.map(\.target) } }

    /// Sends `messages` to every follower followed, or on trial.
    public func send(_ messages: [OSCMessage]) {
        guard !messages.isEmpty else { return }
        let sockets = roster.withLock { $0.followers.compactMap(\.sending) }
        guard !sockets.isEmpty else { return }
        let datagrams = messages.map { OSCEncoder.encode(.message($0)) }
        for socket in sockets {
            let serial = socket.serial
            for datagram in datagrams {
                socket.send(datagram) { [weak self] result in self?.perform { $0.sent(on: serial, result) } }
            }
        }
    }

    /// Changes the follower `change` concerns (it gives no action for the others) and does what it says.
    func perform(_ change: (inout OSCFollower) -> [OSCFollower.Action]) {
        let actions = roster.withLock { roster in
            roster.followers.indices.flatMap { change(&roster.followers[$0]) }
        }
        perform(actions)
    }

    func perform(_ actions: [OSCFollower.Action]) {
        for action in actions {
            switch action {
            case .close(let socket): socket.close()
            case .say(let said): report(said)
            case .reopen: break  // asked for by a check, which opens the socket itself
            }
        }
    }

    /// Sends a beat: its number and the tempo.
    func beat(_ number: Int, tempo: Double) { send([OSCFollowing.beat(number, tempo: tempo)]) }

    /// Closes every follower's socket; a socket still being opened is closed as it opens.
    public func close() async {
        let sockets = roster.withLock { roster in
            roster.closed = true
            defer { roster.followers = [] }
            return roster.followers.compactMap(\.socket)
        }
        for socket in sockets { try? await socket.channel.close() }  // closing: the followers are gone anyway
    }
}
