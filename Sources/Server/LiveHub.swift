import Foundation
import Synchronization

/// Everyone connected to `/live`, each with an outbox the hub fills and the client's own task empties into
/// its socket, paced by the engine's clock. Filling never waits: a client that falls behind is sent the newest frame and the state's
/// changes merged; it never holds up the engine or the others.
final class LiveHub<C: Clock>: Sendable where C.Duration == Duration {
    private let clients = Mutex<[UUID: ClientOutbox<C>]>([:])
    private let evictions = Atomic<Int>(0)

    /// Registers a client; returns its id and its outbox.
    private let clock: C

    init(clock: C) { self.clock = clock }

    func join(wantsFrames: Bool) -> (UUID, ClientOutbox<C>) {
        let id = UUID()
        let outbox = ClientOutbox(wantsFrames: wantsFrames, clock: clock)
        clients.withLock { $0[id] = outbox }
        return (id, outbox)
    }

    func leave(_ id: UUID) {
        clients.withLock { $0.removeValue(forKey: id) }?.finish()
    }

    /// Lets go of a client that stopped reading.
    func evict(_ id: UUID) {
        evictions.add(1, ordering: .relaxed)
        leave(id)
    }

    /// How many clients were cut off for not reading.
    var evictedCount: Int { evictions.load(ordering: .relaxed) }

    /// Frames dropped so far for the canvases connected now (replaced by newer ones before being sent).
    var droppedFrames: Int { clients.withLock { $0.values.reduce(0) { $0 + $1.droppedFrames } } }

    /// How many clients are connected, and how many of them take frames.
    var counts: (clients: Int, canvases: Int) {
        clients.withLock { ($0.count, $0.values.count { $0.wantsFrames }) }
    }

    func broadcast(_ message: String) {
        for outbox in clients.withLock({ Array($0.values) }) { outbox.send(message) }
    }

    func broadcast(_ change: StateChange) {
        for outbox in clients.withLock({ Array($0.values) }) { outbox.send(change) }
    }

    func publish(_ frame: LiveFrame) {
        for outbox in clients.withLock({ Array($0.values) }) where outbox.wantsFrames { outbox.send(frame) }
    }
}
