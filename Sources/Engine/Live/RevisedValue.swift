import Synchronization

/// A value that many change — two consoles, the API — and the threads that play read: the fixture patch,
/// the stage's outputs. Each change may say the revision it was made from, and is refused when another came
/// in between; a change is kept (the library's write) before it is published, with nothing else changing the
/// value meanwhile, so memory and the library always agree; and it is told in the order made. Readers take
/// the value and its revision under a lock of their own that a change holds only to publish: a slow disk
/// never holds up a frame.
public final class RevisedValue<Value: Sendable>: Sendable {
    private let current: Mutex<(value: Value, revision: Int)>
    /// Held by one change at a time, across its check, its write and its telling. Only changes take it, on
    /// the library's threads — never the engine's or the live sockets'.
    private let changing = Mutex<Void>(())

    /// `value` at revision `first`: revisions count up from there, one a change. A first revision taken from
    /// the wall clock keeps them rising across restarts, so that a copy from before one is never taken for
    /// the newest.
    public init(_ value: Value, firstRevision first: Int) {
        current = Mutex((value, first))
    }

    /// The value and its revision now.
    public var now: (value: Value, revision: Int) { current.withLock { $0 } }

    /// Changes the value by `body` (given the revision it makes) — refused, with `StaleRevision`, when
    /// `expected` is given and what the change touches changed after it (`lastChanged`, from the value and the
    /// revision now: by default the whole value, so any change since) — keeps it with `keep`, publishes it with
    /// the next revision and tells it with `tell`. When `body` or `keep` throws, nothing changes. Blocking:
    /// called on the library's threads.
    public func change<T>(
        from expected: Int?, lastChanged: (Value, Int) -> Int = { $1 }, _ body: (inout Value, Int) throws -> T,
        keep: (Value) throws -> Void, tell: (Value, Int) -> Void
    ) throws -> (result: T, revision: Int) {
        try changing.withLock { _ in
            var (value, revision) = now
            if let expected, expected < lastChanged(value, revision) || expected > revision { throw StaleRevision(revision: revision) }
            let result = try body(&value, revision + 1)
            try keep(value)
            let next = revision + 1
            current.withLock { $0 = (value, next) }
            tell(value, next)
            return (result, next)
        }
    }

    /// Replaces the value as read again from the library (at start): a new revision, told to no one.
    public func reload(_ value: Value) {
        changing.withLock { _ in current.withLock { $0 = (value, $0.revision + 1) } }
    }
}

/// A change made from a revision that is no longer the newest: another came in between.
public struct StaleRevision: Error, CustomStringConvertible {
    /// The revision now.
    public let revision: Int
    public var description: String {
        "another console changed it meanwhile; here it is as it now is"
    }
}
