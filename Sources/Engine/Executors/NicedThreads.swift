import Foundation
import Synchronization

/// Threads for offline drawing inside the live server — the lab's renders, the chordset list's thumbnails —
/// at a niceness, so that drawing over every core yields the processor to the engine, the frame ticker and the
/// DMX loop (GCD's threads, which the command line's renders use, run at the process's own priority). The
/// caller works too: `perform` runs on it and on the helpers at once and returns when every iteration has run.
/// One perform at a time: a caller that finds the threads busy runs its iterations alone. (`SceneRenderer`
/// takes its `perform` as the way its bands are drawn at once.)
public final class NicedThreads: @unchecked Sendable {
    // Safe to send: `job`, `iterations`, `generation` and `helping` are touched only under `condition`; `next`
    // is atomic; `job` is set and cleared by `perform`, which waits until no helper holds it.

    /// The server's offline drawing — the lab's renders' bands: a helper for each core but the caller's, at
    /// niceness 15 (the rendering thread's own).
    public static let offline = NicedThreads(helpers: ProcessInfo.processInfo.activeProcessorCount - 1, niceness: 15)
    /// Drawing nobody waits for — thumbnails ahead of being asked for: the same, at niceness 19 (the background
    /// pool's).
    public static let idle = NicedThreads(helpers: ProcessInfo.processInfo.activeProcessorCount - 1, niceness: 19)

    /// Makes the server's pools now, on a thread at the process's own niceness: a thread starts at its maker's
    /// niceness, and one made on a niced thread could not come back up to its own (that needs privilege).
    public static func makeServersPools() {
        _ = (offline, idle)
    }

    /// The niceness the helpers run at (0: the process's).
    public let niceness: Int32
    private let condition = NSCondition()
    private var job: (@Sendable (Int) -> Void)?
    private var iterations = 0
    private var generation = 0
    private var helping = 0
    private let next = Atomic(0)
    private let busy = Mutex(false)
    private var threads: [Thread] = []

    /// `helpers` threads (none: every perform runs on its caller) at `niceness` (Linux takes a thread's
    /// niceness — at least its maker's; elsewhere their quality of service is lowered instead).
    public init(helpers: Int, niceness: Int32) {
        self.niceness = niceness
        for number in 0..<max(0, helpers) {
            let thread = Thread { [self] in
                JobThreads.lowerPriority(by: niceness)
                var seen = 0
                while true { seen = help(after: seen) }
            }
            thread.name = "imager offline drawing \(number + 1)"
            thread.stackSize = 1 << 20
            if niceness > 0 { thread.qualityOfService = .utility }
            threads.append(thread)
        }
        for thread in threads { thread.start() }
    }

    /// Runs `body` for each of `0..<iterations`, once each, on this thread and the helpers at once; returns when
    /// all have run.
    public func perform(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
        let mine = !threads.isEmpty && iterations > 1 && busy.withLock { busy in
            defer { busy = true }
            return !busy
        }
        guard mine else {
            for index in 0..<iterations { body(index) }
            return
        }
        defer { busy.withLock { $0 = false } }
        withoutActuallyEscaping(body) { body in
            condition.lock()
            next.store(0, ordering: .relaxed)
            (job, self.iterations) = (body, iterations)
            generation += 1
            condition.broadcast()
            condition.unlock()
            Self.work(body, iterations: iterations, next: next)
            condition.lock()
            job = nil  // a helper waking late finds nothing to do
            while helping > 0 { condition.wait() }
            condition.unlock()
        }
    }

    /// A helper's turn: waits for a perform newer than `seen`, takes part in it, and says when it is done; the
    /// generation it saw.
    private func help(after seen: Int) -> Int {
        let (now, tookPart) = takePart(after: seen)
        if tookPart {
            // The job is let go of by now (`takePart` returned): `perform` may end its borrowing of it.
            condition.lock()
            helping -= 1
            condition.broadcast()
            condition.unlock()
        }
        return now
    }

    /// Waits for a perform newer than `seen` and runs what is left of it, if it is still under way.
    private func takePart(after seen: Int) -> (generation: Int, tookPart: Bool) {
        condition.lock()
        while generation == seen { condition.wait() }
        let now = generation
        guard let job else {
            condition.unlock()
            return (now, false)
        }
        helping += 1
        let count = iterations
        condition.unlock()
        Self.work(job, iterations: count, next: next)
        return (now, true)
    }

    /// Takes the next iteration nobody has taken, and runs it, until none is left.
    private static func work(_ body: @Sendable (Int) -> Void, iterations: Int, next: borrowing Atomic<Int>) {
        while case let index = next.add(1, ordering: .relaxed).oldValue, index < iterations { body(index) }
    }
}
