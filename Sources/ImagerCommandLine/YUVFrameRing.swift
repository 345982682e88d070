import ImageFiles

/// Buffers for frames as Y′CbCr 4:2:0, reused in turn, so that no frame costs a fresh allocation of
/// megabytes; as many as the pipeline and the video encoder may hold at once. A buffer still held elsewhere
/// when its turn comes is copied, never overwritten.
final class YUVFrameRing: @unchecked Sendable {
    // Safe to send: `next` is called from one of the pipeline's threads only.
    private var buffers: [[UInt8]]
    private var index = 0

    /// A ring for frames of `width × height`.
    init(width: Int, height: Int) {
        buffers = Array(repeating: [], count: FramePipeline.framesInFlight + VideoEncoder.framesKept(width: width, height: height))
    }

    /// The next buffer, after `write` has written the frame into it.
    func next(_ write: (inout [UInt8]) -> Void) -> [UInt8] {
        var planes = buffers[index]
        buffers[index] = []  // lend the storage out, so that it is written in place when nobody else holds it
        write(&planes)
        buffers[index] = planes
        index = (index + 1) % buffers.count
        return planes
    }
}
