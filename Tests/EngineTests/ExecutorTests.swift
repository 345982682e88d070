import Dispatch
import Engine
import Instrument
import Testing

/// Where things run: the engine on a thread of its own, work that blocks on the library's pool; a pool
/// held up entirely does not hold up the engine. Nothing here is timed: a regression would hang, and the
/// time limit turns that into a failure.
@Suite("Executors")
struct ExecutorTests {
    /// An actor on the engine's thread, to ask where it runs.
    actor OnTheEngineThread {
        nonisolated var unownedExecutor: UnownedSerialExecutor { ThreadExecutor.engine.asUnownedSerialExecutor() }
        func here() -> (engine: Bool, pool: Bool) { (ThreadExecutor.engine.isCurrent, WorkerPool.library.isCurrent) }
    }

    @Test func anActorOnTheEngineThreadRunsThereAndWorkThatBlocksRunsOnThePool() async {
        let here = await OnTheEngineThread().here()
        #expect(here.engine && !here.pool)
        let pool = await WorkerPool.library.run { (ThreadExecutor.engine.isCurrent, WorkerPool.library.isCurrent) }
        #expect(!pool.0 && pool.1)
        #expect(!ThreadExecutor.engine.isCurrent)
    }

    @Test(.timeLimit(.minutes(1))) func theEngineAnswersWhileEveryThreadOfTheLibrarysPoolIsHeldUp() async throws {
        let engine = InstrumentEngine(chordset: FactoryChordsets.lumia, clock: ContinuousClock())
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let holders = (0..<WorkerPool.library.threadCount).map { _ in
            Task(executorPreference: WorkerPool.library) {
                started.signal()
                release.wait()  // a database call that does not come back for now
            }
        }
        for _ in holders {
            let began = await Task.detached { started.wait(timeout: .now() + 30) }.value
            try #require(began == .success, "every thread of the library's pool took a held call within 30 s")
        }
        let changed = try await engine.perform(.tempo(beatsPerMinute: 97))
        #expect(!changed.isEmpty)
        #expect(await engine.snapshot().tempo == 97)
        for _ in holders { release.signal() }
        for holder in holders { await holder.value }
    }
}
