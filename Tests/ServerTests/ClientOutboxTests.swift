import NIOCore
import Testing

@testable import Server

/// A client's outbox: nothing a slow client does makes the engine wait or memory grow.
@Suite("Client outbox")
struct ClientOutboxTests {
    func frame(_ number: UInt8) -> LiveFrame { LiveFrame(bytes: ByteBuffer(bytes: [number]), forms: []) }

    @Test func messagesComeInOrderBeforeTheNewestFrame() async {
        let outbox = ClientOutbox(wantsFrames: true)
        outbox.send(frame(1))
        outbox.send("a")
        outbox.send(frame(2))  // replaces frame 1
        outbox.send("b")
        var received: [String] = []
        for _ in 0..<3 {
            switch await outbox.next() {
            case .text(let text): received.append(text)
            case .frame(let frame): received.append("frame \(frame.bytes.getInteger(at: 0, as: UInt8.self) ?? 0)")
            case .resync: received.append("resync")
            case nil: received.append("end")
            }
        }
        #expect(received == ["a", "b", "frame 2"])
        #expect(outbox.droppedFrames == 1)
    }

    @Test func aClientTooFarBehindIsSentTheWholeStateInsteadOfItsBacklog() async {
        let outbox = ClientOutbox(wantsFrames: false)
        for index in 0..<(ClientOutbox.capacity + 5) { outbox.send("message \(index)") }
        guard case .resync = await outbox.next() else { Issue.record("no resync"); return }
        // What came after the backlog was let go is still sent, in order.
        guard case .text(let next) = await outbox.next() else { Issue.record("nothing after the resync"); return }
        #expect(next == "message \(ClientOutbox.capacity + 1)")
    }

    @Test func aWaitingWriterIsWokenByTheNextMessageAndEndsWhenFinished() async {
        let outbox = ClientOutbox(wantsFrames: false)
        async let first = outbox.next()
        try? await Task.sleep(for: .milliseconds(20))
        outbox.send("hello")
        guard case .text("hello") = await first else { Issue.record("not woken"); return }
        async let second = outbox.next()
        try? await Task.sleep(for: .milliseconds(20))
        outbox.finish()
        #expect(await second == nil)
        outbox.send("too late")
        #expect(await outbox.next() == nil)
    }

    @Test func aCancelledWriterStopsWaiting() async {
        let outbox = ClientOutbox(wantsFrames: false)
        let waiting = Task { await outbox.next() }
        try? await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        #expect(await waiting.value == nil)
    }

    @Test func aWriteUnderWayIsTimed() async throws {
        let outbox = ClientOutbox(wantsFrames: false)
        #expect(outbox.stalledFor == .zero)
        outbox.writing(true)
        try await Task.sleep(for: .milliseconds(30))
        #expect(outbox.stalledFor >= .milliseconds(30))
        outbox.writing(false)
        #expect(outbox.stalledFor == .zero)
    }
}

extension ClientOutbox.Item: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a == b
        case (.resync, .resync): true
        case (.frame(let a), .frame(let b)): a.bytes == b.bytes
        default: false
        }
    }
}
