import Engine
import Instrument
import Synchronization

/// A change of the engine's state as clients are told it: which aspects changed, and the state just after.
/// Shared by every client it is sent to and encoded at most once; changes waiting for a slow client merge
/// into one (the union of their aspects, the newer state) — so a client is sent as many changes as it can
/// take, each complete, and a busy performance never queues up behind it.
final class StateChange: Sendable {
    let aspects: Set<PerformanceState.Aspect>
    let state: EngineSnapshot
    private let encoded = Mutex<String?>(nil)

    init(aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        self.aspects = aspects
        self.state = state
    }

    /// The engine's revision of the state after the change.
    var revision: Int { state.revision }

    /// This change and `other` as one: the union of their aspects, with the newer state (changes can
    /// reach an outbox out of order, as intents from several clients are carried out at once). When one
    /// of them already says everything, it is kept, with the encoding it may share with other clients.
    func merged(with other: StateChange) -> StateChange {
        let (older, newer) = other.revision >= revision ? (self, other) : (other, self)
        if newer.aspects.isSuperset(of: older.aspects) { return newer }
        return StateChange(aspects: older.aspects.union(newer.aspects), state: newer.state)
    }

    /// The `changed` message (docs/live-protocol.md), encoded on first use.
    var message: String {
        if let text = encoded.withLock({ $0 }) { return text }
        let text = LiveMessages.changed(aspects, state)
        encoded.withLock { $0 = text }
        return text
    }
}
