@testable import Engine
import Foundation
import Synchronization
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The server's offline drawing threads: every iteration run once, on the caller and the helpers at once, the
/// helpers at their niceness; a second caller while they are busy runs its own alone.
@Suite struct NicedThreadsTests {
    @Test(.timeLimit(.minutes(1))) func everyIterationRunsOnceOnTheCallerAndTheNicedHelpers() throws {
        let threads = NicedThreads(helpers: 2, niceness: 15)
        let caller = ObjectIdentifier(Thread.current)
        let runs = Mutex([Int](repeating: 0, count: 500))
        let onHelpers = Mutex<[Int32]>([])  // each helper's niceness, as it ran an iteration
        let helped = Atomic(false)
        let waited = Atomic(false)
        threads.perform(500) { index in
            if ObjectIdentifier(Thread.current) != caller {
                helped.store(true, ordering: .relaxed)
                #if os(Linux)
                errno = 0
                let niceness = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                onHelpers.withLock { $0.append(niceness) }
                #endif
            }
            // The first iteration holds on until a helper has taken part (bounded: a pool that never helps fails).
            if index == 0 { waited.store((try? waitUntil("a helper to take part", within: 20) { helped.load(ordering: .relaxed) }) != nil, ordering: .relaxed) }
            runs.withLock { $0[index] += 1 }
        }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 500), "each iteration once")
        #expect(waited.load(ordering: .relaxed) && helped.load(ordering: .relaxed))
        #if os(Linux)
        #expect(!onHelpers.withLock { $0 }.isEmpty && onHelpers.withLock { $0 }.allSatisfy { $0 == 15 }, "\(Set(onHelpers.withLock { $0 }))")
        #endif
        // Again, the helpers free: a pool is used perform after perform.
        let again = Mutex(0)
        threads.perform(64) { _ in again.withLock { $0 += 1 } }
        #expect(again.withLock { $0 } == 64)
    }

    @Test(.timeLimit(.minutes(1))) func aCallerThatFindsThemBusyRunsItsOwnAlone() throws {
        let threads = NicedThreads(helpers: 1, niceness: 15)
        let inside = Atomic(false), release = Atomic(false)
        let first = Thread {
            threads.perform(2) { _ in
                inside.store(true, ordering: .relaxed)
                _ = try? waitUntil("the second caller to be done", within: 20) { release.load(ordering: .relaxed) }
            }
        }
        first.start()
        try waitUntil("the first perform to be under way") { inside.load(ordering: .relaxed) }
        let me = ObjectIdentifier(Thread.current)
        let ranHere = Mutex(0)
        threads.perform(10) { _ in if ObjectIdentifier(Thread.current) == me { ranHere.withLock { $0 += 1 } } }
        release.store(true, ordering: .relaxed)
        #expect(ranHere.withLock { $0 } == 10, "all ten on the caller while the threads were busy")
    }
}
