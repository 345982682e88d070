import Engine
import Instrument
import NIOCore
import Testing
import TestSupport

@testable import Server

/// A client's outbox: nothing a slow client does makes the engine wait or memory grow.
@Suite("Client outbox", .timeLimit(.minutes(2)))
struct ClientOutboxTests {
    func frame(_ number: UInt8) -> LiveFrame { LiveFrame(bytes: ByteBuffer(bytes: [number]), forms: []) }

    let clock = ManualClock()

    func outbox(wantsFrames: Bool) -> ClientOutbox<ManualClock> { ClientOutbox(wantsFrames: wantsFrames, clock: clock) }

    func change(_ aspects: Set<PerformanceState.Aspect>, tempo: Double) async -> StateChange {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: clock)
        var state = await engine.snapshot()
        state.tempo = tempo
        state.revision = Int(tempo)  // later changes in these tests have higher tempos
        return StateChange(aspects: aspects, state: state)
    }

    @Test func messagesComeInOrderBeforeTheNewestFrame() async {
        let outbox = outbox(wantsFrames: true)
        outbox.send(frame(1))
        outbox.send("a")
        outbox.send(frame(2))  // replaces frame 1
        outbox.send("b")
        var received: [String] = []
        for _ in 0..<3 {
            switch await outbox.next() {
            case .text(let text): received.append(text)
            case .frame(let frame): received.append("frame \(frame.bytes.getInteger(at: 0, as: UInt8.self) ?? 0)")
            case .change: received.append("change")
            case .snapshot: received.append("snapshot")
            case nil: received.append("end")
            }
        }
        #expect(received == ["a", "b", "frame 2"])
        #expect(outbox.droppedFrames == 1)
    }

    @Test func changesWaitingForASlowClientMergeIntoOneWithTheNewestState() async {
        let outbox = outbox(wantsFrames: false)
        outbox.send(await change([.pads], tempo: 100))
        outbox.send(await change([.colors], tempo: 110))
        outbox.send(await change([.tempo], tempo: 120))
        guard case .change(let merged) = await outbox.next() else { Issue.record("no change"); return }
        #expect(merged.aspects == [.pads, .colors, .tempo])
        #expect(merged.state.tempo == 120)
        #expect(merged.message.contains("\"tempo\":120"))
        outbox.send("after")
        guard case .text("after") = await outbox.next() else { Issue.record("the merged change was sent twice"); return }
    }

    @Test func changesComingFasterThanTheIntervalWaitAndMergeWhileOtherMessagesGoAhead() async throws {
        let outbox = outbox(wantsFrames: true)
        outbox.send(await change([.pads], tempo: 100))
        guard case .change = await outbox.next() else { Issue.record("the first change waited"); return }
        outbox.send(await change([.colors], tempo: 110))
        outbox.send(frame(1))
        #expect(await outbox.next() == .frame(frame(1)))  // not held up by the change
        outbox.send(await change([.tempo], tempo: 120))
        // The clock has not moved: the change is held back, and a text sent meanwhile goes ahead of it.
        outbox.send("meanwhile")
        #expect(await outbox.next() == .text("meanwhile"))
        // The writer now waits on the clock; once the interval has passed, the held changes go, merged.
        let waiting = Task { await outbox.next() }
        try await clock.awaitSleeper()
        clock.advance(by: ClientOutbox<ManualClock>.changeInterval)
        guard case .change(let merged) = await waiting.value else { Issue.record("no change"); return }
        #expect(merged.aspects == [.colors, .tempo] && merged.state.tempo == 120)
    }

    @Test func theSnapshotComesFirstAndSupersedesWaitingChanges() async {
        let outbox = outbox(wantsFrames: false)
        outbox.send(await change([.pads], tempo: 100))
        outbox.sendSnapshot()
        #expect(await outbox.next() == .snapshot)
        outbox.send("next")
        #expect(await outbox.next() == .text("next"))
    }

    @Test func pastItsCapacityTheOldestMessagesAreLetGo() async {
        let outbox = outbox(wantsFrames: false)
        for index in 0..<(ClientOutbox<ManualClock>.capacity + 5) { outbox.send("message \(index)") }
        #expect(await outbox.next() == .text("message 5"))
        #expect(outbox.droppedTexts == 5)
    }

    @Test func aWaitingWriterIsWokenByTheNextMessageAndEndsWhenFinished() async throws {
        let outbox = outbox(wantsFrames: false)
        let first = Task { await outbox.next() }
        try await awaitUntil("the writer to wait") { outbox.hasWaitingWriter }
        outbox.send("hello")
        guard case .text("hello") = await first.value else { Issue.record("not woken"); return }
        let second = Task { await outbox.next() }
        try await awaitUntil("the writer to wait") { outbox.hasWaitingWriter }
        outbox.finish()
        #expect(await second.value == nil)
        outbox.send("too late")
        #expect(await outbox.next() == nil)
    }

    @Test func aCancelledWriterStopsWaiting() async throws {
        let outbox = outbox(wantsFrames: false)
        let waiting = Task { await outbox.next() }
        try await awaitUntil("the writer to wait") { outbox.hasWaitingWriter }
        waiting.cancel()
        #expect(await waiting.value == nil)
    }

    @Test func aWriteUnderWayIsTimed() async throws {
        let outbox = outbox(wantsFrames: false)
        #expect(outbox.stalledFor == .zero)
        outbox.writing(true)
        clock.advance(by: .milliseconds(30))
        #expect(outbox.stalledFor == .milliseconds(30))
        outbox.writing(false)
        #expect(outbox.stalledFor == .zero)
    }
}

extension ClientOutbox.Item: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)): a == b
        case (.snapshot, .snapshot): true
        case (.change(let a), .change(let b)): a === b
        case (.frame(let a), .frame(let b)): a.bytes == b.bytes
        default: false
        }
    }
}
