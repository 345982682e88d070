/// One thread of our own, as an executor: the engine actor runs on `engine` (DESIGN.md §3.1), so that no
/// route, encoder or database call can take the thread it needs; the frame ticker prefers `frames`. Jobs run
/// one at a time, in the order they came.
public final class ThreadExecutor: SerialExecutor, TaskExecutor, Sendable {
    /// The engine's thread.
    public static let engine = ThreadExecutor(name: "imager engine")
    /// The frame ticker's thread: a frame is evaluated (on the engine's) and encoded here.
    public static let frames = ThreadExecutor(name: "imager frames")
    /// The fixtures' thread: the stage drawn small, sampled for the patch and sent as DMX.
    public static let dmx = ThreadExecutor(name: "imager dmx")

    private let thread: JobThreads

    init(name: String) {
        // Built before `self` can be captured, then given a job runner that finds it again.
        let box = Reference()
        thread = JobThreads(name: name, count: 1, niceness: 0) { job in
            guard let executor = box.executor else { return }
            job.runSynchronously(isolatedTo: executor.asUnownedSerialExecutor(), taskExecutor: executor.asUnownedTaskExecutor())
        }
        box.executor = self
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        thread.enqueue(UnownedJob(job))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the code asking runs on this executor's thread.
    public var isCurrent: Bool { thread.holdsCurrentThread }

    public func checkIsolated() {
        precondition(isCurrent, "expected to run on \(self)'s thread")
    }
}

/// The executor a job runner finds once the executor exists (it is set once, before any job can come).
final class Reference: @unchecked Sendable {
    var executor: ThreadExecutor?
}
