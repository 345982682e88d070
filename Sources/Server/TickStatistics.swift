import Synchronization

/// How long the last ticks took (frame, encoding, hand-out), for `/status` and the benchmarks.
public final class TickStatistics: Sendable {
    private static let kept = 1024
    private let durations = Mutex<[Duration]>([])

    func record(_ duration: Duration) {
        durations.withLock {
            if $0.count == Self.kept { $0.removeFirst() }
            $0.append(duration)
        }
    }

    /// The ticks' durations, oldest first.
    public var recent: [Duration] { durations.withLock { $0 } }
}
