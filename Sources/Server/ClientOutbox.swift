import Instrument
import NIOCore
import Synchronization

/// What waits to be sent to one client, filled by the engine's side and emptied by the client's own
/// writer: state messages in order, at most the newest frame, and — when the client fell so far behind that
/// its messages had to be let go — a mark that it needs the whole state again. Nothing a client does can
/// make the engine wait or hold memory without bound.
final class ClientOutbox: Sendable {
    /// How many state messages wait for a slow client before they are replaced by one fresh snapshot.
    static let capacity = 32

    /// The next thing to send.
    enum Item: Sendable {
        case text(String)
        case frame(LiveFrame)
        /// The client missed state messages: send it a fresh snapshot.
        case resync
    }

    private struct State {
        var texts: [String] = []
        var frame: LiveFrame?
        var needsResync = false
        var finished = false
        var waiter: CheckedContinuation<Item?, Never>?
        var droppedFrames = 0
        /// When the write under way began, if one is.
        var writeStarted: ContinuousClock.Instant?

        mutating func take() -> Item? {
            if needsResync {
                needsResync = false
                return .resync
            }
            if !texts.isEmpty { return .text(texts.removeFirst()) }
            if let next = frame {
                frame = nil
                return .frame(next)
            }
            return nil
        }
    }

    private let state = Mutex(State())
    /// Whether the client asked for binary frames (`/live?frames=1`).
    let wantsFrames: Bool

    init(wantsFrames: Bool) { self.wantsFrames = wantsFrames }

    /// Queues a state message; past `capacity` the queue is replaced by a mark to resync.
    func send(_ text: String) {
        wake {
            if $0.texts.count >= Self.capacity {
                $0.texts.removeAll()
                $0.needsResync = true
            } else {
                $0.texts.append(text)
            }
        }
    }

    /// Offers a frame; a frame not yet sent is replaced by the newer one (a slow canvas drops frames).
    func send(_ frame: LiveFrame) {
        wake {
            if $0.frame != nil { $0.droppedFrames += 1 }
            $0.frame = frame
        }
    }

    /// Asks for a fresh snapshot to be sent before anything still queued.
    func resync() {
        wake { $0.texts.removeAll(); $0.needsResync = true }
    }

    /// No more items: a waiting `next()` returns nil.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next item to send, waiting for one; nil once finished (or when the waiting task is cancelled).
    func next() async -> Item? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Item?? in
                    if let item = state.take() { return .some(item) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Marks a write to the socket as begun (`true`) or done, so a stalled client can be found.
    func writing(_ underway: Bool) {
        state.withLock { $0.writeStarted = underway ? .now : nil }
    }

    /// How long the write under way has waited for the client to read; zero when none is.
    var stalledFor: Duration {
        state.withLock { $0.writeStarted.map { $0.duration(to: .now) } ?? .zero }
    }

    /// Frames replaced before they were sent.
    var droppedFrames: Int { state.withLock { $0.droppedFrames } }

    private func wake(_ change: (inout State) -> Void) {
        let delivery = state.withLock { state -> (CheckedContinuation<Item?, Never>, Item)? in
            guard !state.finished else { return nil }
            change(&state)
            guard let waiter = state.waiter, let item = state.take() else { return nil }
            state.waiter = nil
            return (waiter, item)
        }
        if let (waiter, item) = delivery { waiter.resume(returning: item) }
    }
}

/// One tick's frame as sent to canvases: the encoded bytes, and the form table its instances index (a
/// client is sent the geometry of forms it has not seen before the frame that uses them).
struct LiveFrame: Sendable {
    let bytes: ByteBuffer
    let forms: [Form]
}
