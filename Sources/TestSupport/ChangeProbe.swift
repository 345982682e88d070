import Engine
import Instrument

/// Hears a live instrument's changes, for tests that wait for one to happen (a pad released when a client
/// leaves, a tempo sent over OSC) instead of sleeping and hoping.
public final class ChangeProbe: LiveAudience {
    private let stream: AsyncStream<EngineSnapshot>
    private let continuation: AsyncStream<EngineSnapshot>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: EngineSnapshot.self)
    }

    public func changed(_ aspects: Set<PerformanceState.Aspect>, state: EngineSnapshot) {
        continuation.yield(state)
    }

    public func recording(_ on: Bool, savedAt location: String?) {}

    public func libraryChanged(revision: Int) {}

    /// The first state heard — since the probe was made, and not yet passed over by an earlier call —
    /// that satisfies `condition`; waits for it until the task is cancelled (by a test's time limit), and
    /// then is nil.
    public func first(where condition: (EngineSnapshot) -> Bool) async -> EngineSnapshot? {
        for await state in stream where condition(state) { return state }
        return nil
    }
}
