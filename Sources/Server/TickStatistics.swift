import Synchronization

/// How long the last ticks took (frame, encoding, hand-out), for `/status` and the benchmarks.
public final class TickStatistics: Sendable {
    private static let kept = 1024
    private let durations = Mutex<[Duration]>([])
    private let ticked = Atomic<Int>(0)

    func record(_ duration: Duration) {
        ticked.add(1, ordering: .relaxed)
        durations.withLock {
            if $0.count == Self.kept { $0.removeFirst() }
            $0.append(duration)
        }
    }

    /// How many ticks there have been.
    public var count: Int { ticked.load(ordering: .relaxed) }

    /// The ticks' durations, oldest first.
    public var recent: [Duration] { durations.withLock { $0 } }
}
