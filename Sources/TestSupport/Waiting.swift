import Foundation

/// A wait in a test that has a bound: what was waited for did not come within it.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

/// Waits, on this thread, until `condition` holds — giving the processor to the other threads between looks —
/// and throws `WaitTimedOut` naming `what` when it has not within `seconds`: a test waiting for something
/// another thread does fails instead of hanging. For a condition that another thread makes true, never for time
/// to pass.
public func waitUntil(_ what: String, within seconds: Double = 30, _ condition: () -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(description: "waited \(seconds) s for \(what)") }
        sched_yield()
    }
}

/// Waits, in a task, until `condition` holds — letting the other tasks run between looks — and throws
/// `WaitTimedOut` naming `what` when it has not within `seconds` (or `CancellationError` when the test's time
/// limit cancels it). For a condition that other tasks or threads make true, never for time to pass.
public func awaitUntil(_ what: String, within seconds: Double = 30, _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !(await condition()) {
        try Task.checkCancellation()
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(description: "waited \(seconds) s for \(what)") }
        await Task.yield()
    }
}

extension ManualClock {
    /// Waits until a task sleeps on this clock — the code under test has done what it could and waits for time
    /// to pass — and throws `WaitTimedOut` when none has within `seconds` (or `CancellationError`).
    public func awaitSleeper(within seconds: Double = 30) async throws {
        try await awaitUntil("a task to wait on the manual clock", within: seconds) { sleeperCount > 0 }
    }
}
