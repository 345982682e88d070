import Dispatch
import Raster

/// Renders frames on one core while the caller encodes the previous one on the other: frame k + 1 is
/// drawn while frame k is written. Frames are delivered in order.
enum FramePipeline {
    static func run(
        count: Int, render: @escaping @Sendable (Int) -> Bitmap, consume: (Int, Bitmap) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let queue = DispatchQueue(label: "imager.render")
        var pending = queue.asyncResult { render(0) }
        for index in 0..<count {
            let frame = pending.wait()
            if index + 1 < count {
                let next = index + 1
                pending = queue.asyncResult { render(next) }
            }
            try consume(index, frame)
        }
    }
}

/// A value being computed on a queue, to be waited for.
final class PendingResult<Value: Sendable>: @unchecked Sendable {
    // Safe: `value` is written once on the queue before `done` is signalled and read only after waiting.
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    fileprivate func fulfil(_ result: Value) {
        value = result
        done.signal()
    }

    func wait() -> Value {
        done.wait()
        return value!
    }
}

extension DispatchQueue {
    fileprivate func asyncResult<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> PendingResult<Value> {
        let pending = PendingResult<Value>()
        async { pending.fulfil(work()) }
        return pending
    }
}
