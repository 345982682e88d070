import Foundation
import Synchronization

extension Thread {
    /// Runs `body` on a thread of its own (for blocking sockets); the result tells when it is done.
    static func detachedTask(_ body: @escaping @Sendable () -> Void) -> ThreadCompletion {
        let completion = ThreadCompletion()
        Thread {
            body()
            completion.done.store(true, ordering: .releasing)
            completion.signal.signal()
        }.start()
        return completion
    }
}

/// Whether a thread started by `Thread.detachedTask` has finished.
final class ThreadCompletion: Sendable {
    let done = Atomic<Bool>(false)
    fileprivate let signal = DispatchSemaphore(value: 0)

    /// Waits until the thread is done or `limit` has passed.
    func finished(within limit: Duration) async {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !done.load(ordering: .acquiring), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// Blocks the thread asking until the thread is done (for a benchmark's own client threads; once).
    func waitUntilDone() {
        signal.wait()
    }
}
