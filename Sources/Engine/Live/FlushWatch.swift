import Synchronization

/// The recording's flushes as the flusher watches them (`LiveInstrument.keepRecordingDurable`): one at a
/// time, when the one under way began, and whether its wait for the disk was said.
final class FlushWatch<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// A flush under way.
    struct UnderWay: Sendable {
        let began: Instant
        var saidHung = false
    }

    /// What the flusher does at a tick: start a flush, let the one under way go on, or say it hangs.
    enum Step: Equatable {
        case starts
        case waits
        case hangs(waited: Duration)
    }

    private let underWay = Mutex<UnderWay?>(nil)

    /// The step at `now`: a flush starts when none is under way (it is then under way from `now`); one that
    /// has waited `hangLimit` is said to hang, once.
    func next(at now: Instant, hangLimit: Duration) -> Step {
        underWay.withLock { flush in
            guard var current = flush else {
                flush = UnderWay(began: now)
                return .starts
            }
            let waited = current.began.duration(to: now)
            guard !current.saidHung, waited >= hangLimit else { return .waits }
            current.saidHung = true
            flush = current
            return .hangs(waited: waited)
        }
    }

    var isUnderWay: Bool { underWay.withLock { $0 != nil } }

    /// The flush under way has ended: how it went, as watched.
    func ended() -> UnderWay? {
        underWay.withLock { flush in
            defer { flush = nil }
            return flush
        }
    }
}
