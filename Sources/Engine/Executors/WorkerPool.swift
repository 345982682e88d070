import Foundation

/// A few threads of our own for the work that blocks — the library's SQLite reads and writes, files, audio
/// decoding, thumbnails, large answers — at a lower priority than the engine's and the frame ticker's, so that
/// none of it waits on the threads the performance needs (Swift's cooperative pool, the engine's thread).
/// Tasks prefer it through `withTaskExecutorPreference`, or `run`.
public final class WorkerPool: TaskExecutor, Sendable {
    /// The library's pool: as many threads as processors, at least two and at most eight, at niceness 10.
    public static let library = WorkerPool(name: "imager library", threads: min(8, max(2, ProcessInfo.processInfo.activeProcessorCount)), niceness: 10)
    /// Work nobody waits for — thumbnails drawn ahead of being asked for: one thread at niceness 19, which
    /// takes the processor when nothing else wants it (a browser drawing the canvas on the same machine
    /// included).
    public static let background = WorkerPool(name: "imager background", threads: 1, niceness: 19)
    /// Renders of compositions to files, one at a time: one thread at niceness 15 (what it starts — the
    /// renderer's threads, ffmpeg — inherits it), below the library's requests and the engine.
    public static let rendering = WorkerPool(name: "imager rendering", threads: 1, niceness: 15)
    /// Sound inputs opened again after they were lost (opening a device waits for the system, and may hang):
    /// one thread of its own, one reopen at a time (`LiveListening`), so that a device that never answers
    /// holds nothing else.
    public static let inputs = WorkerPool(name: "imager inputs", threads: 1, niceness: 0)
    /// The recording's disk: a recording's journal opened, its flushes (writes and fsyncs), its finish. One
    /// thread of its own, so that a disk that fills or stops answering holds up nothing else — not the
    /// library's requests, not a chord saved — and its watch (`LiveInstrument.keepRecordingDurable`) sees it.
    public static let recordingDisk = WorkerPool(name: "imager recording disk", threads: 1, niceness: 5)

    private let threads: JobThreads
    public let threadCount: Int

    init(name: String, threads count: Int, niceness: Int32) {
        let box = PoolReference()
        threadCount = count
        threads = JobThreads(name: name, count: count, niceness: niceness) { job in
            guard let pool = box.pool else { return }
            job.runSynchronously(on: pool.asUnownedTaskExecutor())
        }
        box.pool = self
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        threads.enqueue(UnownedJob(job))
    }

    /// Whether the code asking runs on one of the pool's threads.
    public var isCurrent: Bool { threads.holdsCurrentThread }

    /// Runs `body` — work that blocks — on the pool, and comes back with what it gave.
    public func run<T, Failure: Error>(_ body: () throws(Failure) -> T) async throws(Failure) -> T {
        try await withTaskExecutorPreference(self) { () async throws(Failure) -> T in try body() }
    }
}

/// The pool a job runner finds once the pool exists.
final class PoolReference: @unchecked Sendable {
    var pool: WorkerPool?
}
