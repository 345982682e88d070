import Foundation

/// A wait in a test that has a bound: what was waited for did not come within it.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String
}

/// Waits, on this thread, until `condition` holds — checking it every millisecond — and throws `WaitTimedOut`
/// naming `what` when it has not within `seconds`: a test waiting for something another thread does fails
/// instead of hanging. For a condition that another thread makes true, never for time to pass.
public func waitUntil(_ what: String, within seconds: Double = 30, _ condition: () -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(description: "waited \(seconds) s for \(what)") }
        usleep(1000)
    }
}
