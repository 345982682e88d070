import Foundation
import StageOutputs
import Synchronization

/// Everyone connected to `/live`, each with an outbox the hub fills and the client's own task empties into
/// its socket, paced by the engine's clock. Filling never waits: a client that falls behind is sent the newest frame and the state's
/// changes merged; it never holds up the engine or the others.
final class LiveHub<C: Clock>: Sendable where C.Duration == Duration {
    private let clients = Mutex<[UUID: ClientOutbox<C>]>([:])
    private let evictions = Atomic<Int>(0)
    /// The latest report of each canvas page connected now that sends them.
    private let reports = Mutex<[UUID: CanvasReport]>([:])
    /// The output each canvas connected now shows (`/live?frames=1&output=NAME`; Main when it names none).
    private let shown = Mutex<[UUID: String]>([:])

    /// Registers a client; returns its id and its outbox.
    private let clock: C

    init(clock: C) { self.clock = clock }

    func join(wantsFrames: Bool, output: String? = nil) -> (UUID, ClientOutbox<C>) {
        let id = UUID()
        let outbox = ClientOutbox(wantsFrames: wantsFrames, clock: clock)
        clients.withLock { $0[id] = outbox }
        if wantsFrames { changeShown { $0[id] = output ?? StageOutput.mainName } }
        return (id, outbox)
    }

    func leave(_ id: UUID) {
        clients.withLock { $0.removeValue(forKey: id) }?.finish()
        reports.withLock { _ = $0.removeValue(forKey: id) }
        changeShown { _ = $0.removeValue(forKey: id) }
    }

    /// How many canvases connected now show each output (outputs none shows are not named).
    var canvasesShowing: [String: Int] { shown.withLock { Self.counted($0) } }

    private static func counted(_ shown: [UUID: String]) -> [String: Int] {
        shown.values.reduce(into: [:]) { counts, name in counts[name, default: 0] += 1 }
    }

    /// The canvases that showed `old` show it under its new name.
    func outputRenamed(from old: String, to new: String) {
        changeShown { shown in for (id, name) in shown where name == old { shown[id] = new } }
    }

    /// Changes which canvas shows which output and, when the counts changed, tells every client (the
    /// consoles' Outputs panel), in the order the changes were made.
    private func changeShown(_ change: (inout [UUID: String]) -> Void) {
        shown.withLock { shown in
            let before = Self.counted(shown)
            change(&shown)
            let after = Self.counted(shown)
            if after != before { broadcast(LiveMessages.canvases(after)) }
        }
    }

    /// Keeps a canvas page's report of its own drawing (until its next, or until it leaves).
    func take(_ report: CanvasReport, from id: UUID) {
        reports.withLock { $0[id] = report }
        // Left meanwhile: `leave` may have gone by before the report was kept.
        if clients.withLock({ $0[id] == nil }) { reports.withLock { _ = $0.removeValue(forKey: id) } }
    }

    /// The reports of the canvas pages connected now, the one drawing fewest frames first.
    var canvasReports: [CanvasReport] {
        reports.withLock { Array($0.values) }.sorted { ($0.frameMilliseconds.median, $0.framesDrawn) > ($1.frameMilliseconds.median, $1.framesDrawn) }
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
