/// Something that produces sound when asked for it — the pull model an audio device's callback and an offline
/// mixdown share: each call writes the next `frameCount` stereo frames (left, right interleaved) and moves on.
public protocol AudioSource {
    /// The rate, in frames per second, of what `render` writes.
    var sampleRate: Int { get }

    /// Writes the next `frameCount` frames into `buffer` (at least `2 × frameCount` samples), replacing what
    /// was there. Implementations do not allocate: a device's callback calls this on its real-time thread.
    mutating func render(into buffer: UnsafeMutableBufferPointer<Float>, frameCount: Int)
}

extension AudioSource {
    /// The next `frameCount` frames as one buffer, rendered in blocks of `blockSize` frames — what an offline
    /// mixdown does; `progress` hears the frames done after each block.
    public mutating func rendered(frameCount: Int, blockSize: Int = 4096, progress: (Int) -> Void = { _ in }) -> [Float] {
        var output = [Float](repeating: 0, count: 2 * max(0, frameCount))
        output.withUnsafeMutableBufferPointer { all in
            var done = 0
            while done < frameCount {
                let count = min(max(1, blockSize), frameCount - done)
                let block = UnsafeMutableBufferPointer(rebasing: all[(2 * done)..<(2 * (done + count))])
                render(into: block, frameCount: count)
                done += count
                progress(done)
            }
        }
        return output
    }
}
