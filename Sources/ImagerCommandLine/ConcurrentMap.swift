import SceneRendering

extension Array where Element: Sendable {
    /// `transform` of each element, worked out over every core at once (`threads`: GCD's, or the server's niced
    /// ones), in order; the first error thrown (in the order of the elements) is rethrown. For offline work whose
    /// pieces are independent of each other.
    func concurrentMap<Result: Sendable>(
        on threads: BandRunner = BandRunners.dispatch, _ transform: @Sendable (Element) throws -> Result
    ) throws -> [Result] {
        var results = [Swift.Result<Result, any Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            let shared = Slots(slots: slots)
            withoutActuallyEscaping(transform) { transform in  // every iteration has run when `threads` returns
                threads(count) { index in
                    shared.slots[index] = Swift.Result { try transform(self[index]) }
                }
            }
        }
        return try results.map { try $0!.get() }
    }
}

/// The results being filled in by `concurrentMap`.
// Safe to send: each iteration writes only its own slot, and the slots outlive the work.
private struct Slots<Value>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Value>
}
