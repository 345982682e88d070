/// Buffers for frames as Y′CbCr 4:2:0, reused in turn, so that no frame costs a fresh allocation of
/// megabytes; as many as the pipeline and the video sink may hold at once. A buffer still held elsewhere
/// when its turn comes is copied, never overwritten.
public final class YUVFrameRing: @unchecked Sendable {
    // Safe to send: `next` is called from one of the pipeline's threads only.
    private var buffers: [[UInt8]]
    private var index = 0

    /// A ring for the pipeline's frames in flight and `keptBySink` more, which a video sink may still hold
    /// after taking them (`VideoSink.framesKept`).
    public init(keptBySink: Int) {
        buffers = Array(repeating: [], count: FramePipeline.framesInFlight + max(0, keptBySink))
    }

    /// The next buffer, after `write` has written the frame into it.
    public func next(_ write: (inout [UInt8]) -> Void) -> [UInt8] {
        var planes = buffers[index]
        buffers[index] = []  // lend the storage out, so that it is written in place when nobody else holds it
        write(&planes)
        buffers[index] = planes
        index = (index + 1) % buffers.count
        return planes
    }
}
