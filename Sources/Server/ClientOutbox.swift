import Instrument
import NIOCore
import Synchronization

/// What waits to be sent to one client, filled by the engine's side and emptied by the client's own
/// writer: the state's changes since the last write (merged into one), other messages in order (at most
/// `capacity`), and at most the newest frame. Nothing a client does can make the engine wait or hold
/// memory without bound. Paced by `clock` (the engine's), so tests drive it by hand.
final class ClientOutbox<C: Clock>: Sendable where C.Duration == Duration {
    /// How many other messages (errors, recording news) wait for a slow client; past it, the oldest go.
    static var capacity: Int { 32 }
    /// The least time between two changes sent to a client (at most 250 a second, far more than any
    /// screen shows): changes coming faster merge, so a client never lags behind a backlog of them.
    static var changeInterval: Duration { .milliseconds(4) }

    /// The next thing to send.
    enum Item: Sendable {
        case text(String)
        case change(StateChange)
        case frame(LiveFrame)
        /// The whole state: sent first, and when asked for.
        case snapshot
    }

    private struct State {
        var needsSnapshot = false
        var change: StateChange?
        var texts: [String] = []
        var frame: LiveFrame?
        var finished = false
        var waiter: CheckedContinuation<Readiness, Never>?
        /// When the next change may be sent.
        var changesFrom: C.Instant
        /// The revision of the newest state sent: older changes say nothing new.
        var sentRevision = -1
        var droppedFrames = 0
        var droppedTexts = 0
        /// When the write under way began, if one is.
        var writeStarted: C.Instant?

        init(now: C.Instant) { changesFrom = now }

        mutating func take(at now: C.Instant) -> Item? {
            if needsSnapshot {
                needsSnapshot = false
                change = nil  // the snapshot, taken as it is sent, holds every change so far
                return .snapshot
            }
            if let pending = change, now >= changesFrom {
                change = nil
                changesFrom = now.advanced(by: ClientOutbox.changeInterval)
                sentRevision = pending.revision
                return .change(pending)
            }
            if !texts.isEmpty { return .text(texts.removeFirst()) }
            if let next = frame {
                frame = nil
                return .frame(next)
            }
            return nil
        }

        /// What a waiting writer is told: the next item, or when a change held back may go.
        mutating func readiness(at now: C.Instant) -> Readiness? {
            if finished { return .ready(nil) }
            if let item = take(at: now) { return .ready(item) }
            if change != nil { return .notBefore(changesFrom) }
            return nil
        }
    }

    private enum Readiness {
        case ready(Item?)
        case notBefore(C.Instant)
    }

    private let state: Mutex<State>
    private let clock: C
    /// Whether the client asked for binary frames (`/live?frames=1`).
    let wantsFrames: Bool

    init(wantsFrames: Bool, clock: C) {
        self.wantsFrames = wantsFrames
        self.clock = clock
        state = Mutex(State(now: clock.now))
    }

    /// Queues a message; past `capacity` the oldest waiting is let go.
    func send(_ text: String) {
        wake {
            if $0.texts.count >= Self.capacity {
                $0.texts.removeFirst()
                $0.droppedTexts += 1
            }
            $0.texts.append(text)
        }
    }

    /// Adds a change of state, merged with any the client has not been sent yet; a change older than the
    /// state the client was last sent is dropped.
    func send(_ change: StateChange) {
        wake {
            guard change.revision > $0.sentRevision else { return }
            $0.change = $0.change.map { $0.merged(with: change) } ?? change
        }
    }

    /// Records that the client was sent the whole state at `revision` (a snapshot).
    func sent(revision: Int) {
        state.withLock { state in
            state.sentRevision = max(state.sentRevision, revision)
            if let pending = state.change, pending.revision <= revision { state.change = nil }
        }
    }

    /// Offers a frame; a frame not yet sent is replaced by the newer one (a slow canvas drops frames).
    func send(_ frame: LiveFrame) {
        wake {
            if $0.frame != nil { $0.droppedFrames += 1 }
            $0.frame = frame
        }
    }

    /// Asks for the whole state to be sent before anything else.
    func sendSnapshot() {
        wake { $0.needsSnapshot = true }
    }

    /// No more items: a waiting `next()` returns nil.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Readiness, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: .ready(nil))
    }

    /// The next item to send, waiting for one; nil once finished (or when the waiting task is cancelled).
    func next() async -> Item? {
        while true {
            let readiness = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let now = state.withLock { state -> Readiness? in
                        if Task.isCancelled { return .ready(nil) }
                        if let readiness = state.readiness(at: clock.now) { return readiness }
                        state.waiter = continuation
                        return nil
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                finish()
            }
            switch readiness {
            case .ready(let item):
                return item
            case .notBefore(let instant):
                do { try await clock.sleep(until: instant, tolerance: nil) } catch { return nil }
            }
        }
    }

    /// Marks a write to the socket as begun (`true`) or done, so a stalled client can be found.
    func writing(_ underway: Bool) {
        let now = clock.now
        state.withLock { $0.writeStarted = underway ? now : nil }
    }

    /// How long the write under way has waited for the client to read; zero when none is.
    var stalledFor: Duration {
        let now = clock.now
        return state.withLock { $0.writeStarted.map { $0.duration(to: now) } ?? .zero }
    }

    /// Whether a writer is waiting in `next()` for something to send.
    var hasWaitingWriter: Bool { state.withLock { $0.waiter != nil } }

    /// Frames replaced before they were sent.
    var droppedFrames: Int { state.withLock { $0.droppedFrames } }

    /// Messages let go because too many waited.
    var droppedTexts: Int { state.withLock { $0.droppedTexts } }

    private func wake(_ change: (inout State) -> Void) {
        let delivery = state.withLock { state -> (CheckedContinuation<Readiness, Never>, Readiness)? in
            guard !state.finished else { return nil }
            change(&state)
            guard let waiter = state.waiter, let readiness = state.readiness(at: clock.now) else { return nil }
            state.waiter = nil
            return (waiter, readiness)
        }
        if let (waiter, readiness) = delivery { waiter.resume(returning: readiness) }
    }
}
