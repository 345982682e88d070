import Control
import NIOCore
import NIOPosix
import Synchronization
import Testing
import TestSupport

@testable import Server

/// Being followed over OSC, on real UDP sockets on loopback and the manual clock: a follower whose sends are
/// refused (nobody listens at its port: an ICMP port unreachable comes back) is dropped and said, tried again
/// every 5 s of the clock on a fresh socket, and said to be back when its sends go through again; changes to
/// who follows are taken one at a time, and no socket is ever left open.
@Suite("OSC followers", .timeLimit(.minutes(1)))
struct OSCFollowersTests {
    @Test func aRefusedFollowerIsDroppedTriedAgainEveryFiveSecondsAndComesBack() async throws {
        let port = try await OSCReceiver.closedPort()
        let target = "127.0.0.1:\(port)"
        let reports = Reports()
        let followers = try await OSCFollowers.open([target], report: reports.say)
        let clock = ManualClock()
        let healing = Task { await followers.heal(every: .seconds(1), on: clock) }
        defer { healing.cancel() }

        followers.send([OSCFollowing.tempo(100)])
        let dropped = try #require(await reports.next())
        #expect(dropped == "OSC to \(target) cannot be sent (connection refused); it is no longer followed, and is tried again every 5 s")
        #expect(followers.status.map(\.address) == [target])
        #expect(followers.status.first?.problem == "connection refused")
        try await awaitUntil("the refused socket is closed") { followers.openSocketCount == 0 }

        // Four checks: not tried yet. The fifth: a fresh socket, refused again — quietly, it was said already.
        for _ in 1...4 { try await check(clock) }
        #expect(followers.openSocketCount == 0)
        try await check(clock)
        #expect(followers.openSocketCount == 1)
        followers.send([OSCFollowing.tempo(101)])
        try await awaitUntil("every socket to be closed") { followers.openSocketCount == 0 }
        #expect(followers.status.first?.problem == "connection refused")

        // Someone listens there again: tried 5 s after, sent to on trial, back once two checks find it so.
        let receiver = try await OSCReceiver.bind(port: port)
        for _ in 1...4 { try await check(clock) }
        #expect(followers.openSocketCount == 0)
        try await check(clock)
        let sent = followers.status.first?.sent ?? 0
        followers.send([OSCFollowing.tempo(102)])
        #expect(await receiver.next() == OSCFollowing.tempo(102))
        try await awaitUntil("one more message sent") { followers.status.first?.sent == sent + 1 }
        #expect(followers.status.first?.problem == "connection refused", "on trial, not yet back")
        try await check(clock)
        #expect(reports.said.count == 1)
        try await check(clock)
        #expect(await reports.next() == "OSC to \(target) is followed again")
        #expect(followers.status == [OSCFollowers.Target(address: target, sent: sent + 1, problem: nil)])
        followers.send([OSCFollowing.tempo(103)])
        #expect(await receiver.next() == OSCFollowing.tempo(103))
        try await awaitUntil("two more messages sent") { followers.status.first?.sent == sent + 2 }

        await followers.close()
        try await awaitUntil("every socket to be closed") { followers.openSocketCount == 0 }
        await receiver.close()
    }

    @Test func aKeptFollowerWhoseHostIsNotFoundIsLookedUpAgainEveryFiveSeconds() async throws {
        let receiver = try await OSCReceiver.bind(port: 0)
        let target = "127.0.0.1:\(receiver.port)"
        let reports = Reports()
        let attempts = Mutex(0)
        // The host is not found at first, then is (a name server back on the network).
        let followers = OSCFollowers(report: reports.say) { destination, serial, failed in
            guard attempts.withLock({ $0 += 1; return $0 }) > 1 else {
                return .failure(OSCSocketProblem(hostNotFound: true, reason: "no such host"))
            }
            return await OSCSocket.open(to: destination, serial: serial, failed: failed)
        }
        try await followers.follow(kept: [target])
        #expect(await reports.next() == "OSC to \(target) cannot be sent (no such host); it is not followed for now, and is tried again every 5 s")
        followers.send([OSCFollowing.tempo(90)])  // not sent: it is not followed
        let clock = ManualClock()
        let healing = Task { await followers.heal(every: .seconds(1), on: clock) }
        defer { healing.cancel() }
        for _ in 1...4 { try await check(clock) }
        #expect(attempts.withLock { $0 } == 1)
        try await check(clock)
        #expect(attempts.withLock { $0 } == 2)
        followers.send([OSCFollowing.tempo(91)])
        #expect(await receiver.next() == OSCFollowing.tempo(91), "the first message there is the one sent on trial")
        try await awaitUntil("a first message sent") { followers.status.first?.sent == 1 }
        try await check(clock)
        try await check(clock)
        #expect(await reports.next() == "OSC to \(target) is followed again")
        #expect(followers.status == [OSCFollowers.Target(address: target, sent: 1, problem: nil)])
        await followers.close()
        try await awaitUntil("every socket to be closed") { followers.openSocketCount == 0 }
        await receiver.close()
    }

    @Test func followsAtOnceLeaveOneWholeKeptSetAndNoSocketOpenBeyondIt() async throws {
        let receivers = try await (0..<4).asyncMap { _ in try await OSCReceiver.bind(port: 0) }
        let sets = (0..<12).map { call in receivers.indices.filter { (call >> $0) & 1 == 1 || $0 == call % 4 }.map { "127.0.0.1:\(receivers[$0].port)" } }
        let followers = try await OSCFollowers.open(["127.0.0.1:\(receivers[0].port)"], report: { _ in })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for kept in sets { group.addTask { try await followers.follow(kept: kept) } }
            try await group.waitForAll()
        }
        let kept = followers.status.dropFirst().map(\.address)
        #expect(sets.contains(kept), "one call's targets, whole: \(kept)")
        try await awaitUntil("every other socket was closed") { followers.openSocketCount == 1 + kept.count }
        await followers.close()
        try await awaitUntil("every socket to be closed") { followers.openSocketCount == 0 }
        for receiver in receivers { await receiver.close() }
    }

    @Test func aLaterFollowWaitsForAnEarlierOneAndItsTargetsAreTheOnesFollowed() async throws {
        let receiver = try await OSCReceiver.bind(port: 0)
        let gate = Gate()
        let followers = OSCFollowers(report: { _ in }) { destination, serial, failed in
            await gate.pass()
            return await OSCSocket.open(to: destination, serial: serial, failed: failed)
        }
        let slow = ["127.0.0.1:\(receiver.port)", "localhost:\(receiver.port)"]
        let later = ["127.0.0.1:\(receiver.port)"]
        let first = Task { try await followers.follow(kept: slow) }
        try await awaitUntil("the first follow to arrive at the gate") { gate.arrived == 1 }
        let second = Task { try await followers.follow(kept: later) }
        try await awaitUntil("two follows to wait") { await followers.following.waiting == 2 }
        #expect(gate.arrived == 1, "the later call waits: it opens nothing meanwhile")
        gate.open()
        try await first.value
        try await second.value
        #expect(followers.status.map(\.address) == later)
        try await awaitUntil("one socket open") { followers.openSocketCount == 1 }
        await followers.close()
        try await awaitUntil("every socket to be closed") { followers.openSocketCount == 0 }
        await receiver.close()
    }

    @Test(arguments: [true, false])
    func aSocketOpenedForATryIsClosedWhenItsFollowerIsLetGoMeanwhile(closing: Bool) async throws {
        let receiver = try await OSCReceiver.bind(port: 0)
        let gate = Gate()
        let attempts = Mutex(0)
        let followers = OSCFollowers(report: { _ in }) { destination, serial, failed in
            guard attempts.withLock({ $0 += 1; return $0 }) > 1 else {
                return .failure(OSCSocketProblem(hostNotFound: true, reason: "no such host"))
            }
            await gate.pass()
            return await OSCSocket.open(to: destination, serial: serial, failed: failed)
        }
        try await followers.follow(kept: ["127.0.0.1:\(receiver.port)"])
        let trying = Task { await followers.heal(after: OSCFollower.retryInterval) }
        try await awaitUntil("the first follow to arrive at the gate") { gate.arrived == 1 }
        if closing { await followers.close() } else { try await followers.follow(kept: []) }
        gate.open()
        await trying.value
        #expect(followers.status.isEmpty)
        try await awaitUntil("every socket to be closed") { followers.openSocketCount == 0 }
        await receiver.close()
    }

    /// Moves the clock on by a check, once the healing waits for it, and waits until it waits for the next.
    private func check(_ clock: ManualClock) async throws {
        try await clock.awaitSleeper()
        clock.advance(by: .seconds(1))
        try await clock.awaitSleeper()
    }
}

/// What the followers say, in order.
final class Reports: Sendable {
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let all = Mutex<[String]>([])

    init() { (stream, continuation) = AsyncStream.makeStream(of: String.self) }

    var say: @Sendable (String) -> Void {
        { [self] said in
            all.withLock { $0.append(said) }
            continuation.yield(said)
        }
    }

    /// Everything said so far.
    var said: [String] { all.withLock { $0 } }

    /// The next thing said, not yet taken; nil when nothing is said within `limit`.
    func next(within limit: Duration = .seconds(10)) async -> String? {
        await firstWithin(limit) { [stream] in await stream.first { _ in true } }
    }
}

/// An OSC receiver on a UDP port of loopback: the messages it gets, in order.
final class OSCReceiver: Sendable {
    private let channel: any Channel
    private let messages: AsyncStream<OSCMessage>
    let port: Int

    private init(channel: any Channel, messages: AsyncStream<OSCMessage>) {
        self.channel = channel
        self.messages = messages
        port = channel.localAddress?.port ?? 0
    }

    static func bind(port: Int) async throws -> OSCReceiver {
        let (messages, continuation) = AsyncStream.makeStream(of: OSCMessage.self)
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(continuation)) }
            }
            .bind(host: "127.0.0.1", port: port).get()
        return OSCReceiver(channel: channel, messages: messages)
    }

    /// A UDP port of loopback where nobody listens (one was just bound there, and closed).
    static func closedPort() async throws -> Int {
        let receiver = try await bind(port: 0)
        await receiver.close()
        return receiver.port
    }

    /// The next message received; nil when none comes within `limit`.
    func next(within limit: Duration = .seconds(10)) async -> OSCMessage? {
        await firstWithin(limit) { [messages] in await messages.first { _ in true } }
    }

    func close() async { try? await channel.close() }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>
        let continuation: AsyncStream<OSCMessage>.Continuation
        init(_ continuation: AsyncStream<OSCMessage>.Continuation) { self.continuation = continuation }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data).data
            guard let bytes = buffer.readBytes(length: buffer.readableBytes),
                case .message(let message) = try? OSCDecoder.decode(bytes)
            else { return }
            continuation.yield(message)
        }
    }
}

/// Holds whoever passes until it is opened, counting them.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((false, 0, []))

    var arrived: Int { state.withLock { $0.arrived } }

    func pass() async {
        await withCheckedContinuation { continuation in
            let goOn = state.withLock { state in
                state.arrived += 1
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if goOn { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// What `body` gives, or nil if it gives nothing within `limit` (it is then cancelled).
private func firstWithin<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T?) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
