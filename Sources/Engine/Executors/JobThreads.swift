import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Threads of our own that run the jobs given to them in the order they came, each job by the first thread
/// free. The machinery under `ThreadExecutor` (one thread: jobs never overlap) and `WorkerPool` (a few).
/// The threads live as long as the process: executors are made once and shared.
final class JobThreads: @unchecked Sendable {
    private let condition = NSCondition()
    /// Waiting jobs from `head` on (what was taken before `head` is let go of in bulk).
    private var waiting: [UnownedJob] = []
    private var head = 0
    private var threads: [Thread] = []

    /// `count` threads named `name` (and their number), at `niceness` (0: as the process; higher yields the
    /// processor to the threads at 0 — Linux takes a thread's niceness; elsewhere the thread's quality of
    /// service is lowered instead). Each job is handed to `run`.
    init(name: String, count: Int, niceness: Int32, run: @escaping @Sendable (UnownedJob) -> Void) {
        for number in 0..<max(1, count) {
            let thread = Thread { [self] in
                Self.lowerPriority(by: niceness)
                while true { run(take()) }
            }
            thread.name = count == 1 ? name : "\(name) \(number + 1)"
            thread.stackSize = 1 << 20
            if niceness > 0 { thread.qualityOfService = .utility }
            threads.append(thread)
        }
        for thread in threads { thread.start() }
    }

    func enqueue(_ job: UnownedJob) {
        condition.lock()
        waiting.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Whether the thread asking is one of these.
    var holdsCurrentThread: Bool {
        let current = Thread.current
        return threads.contains { $0 === current }
    }

    private func take() -> UnownedJob {
        condition.lock()
        defer { condition.unlock() }
        while head == waiting.count { condition.wait() }
        let job = waiting[head]
        head += 1
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }

    /// Lowers the calling thread's priority by `niceness` (Linux; elsewhere the thread's maker lowers its
    /// quality of service).
    static func lowerPriority(by niceness: Int32) {
        #if os(Linux)
        guard niceness > 0 else { return }
        // Linux keeps a niceness per thread, and `who` 0 is the calling thread; raising one's own needs no
        // privilege.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
