extension AudioBuffer {
    /// The sound's outline for a miniature: `count` numbers 0…1, each the loudest sample (over all channels)
    /// of its `1/count` of the sound. Empty for `count` < 1; a silent or empty sound is all zeros.
    public func peaks(count: Int) -> [Float] {
        guard count > 0 else { return [] }
        var peaks = [Float](repeating: 0, count: count)
        let frames = frameCount
        guard frames > 0 else { return peaks }
        samples.withUnsafeBufferPointer { samples in
            for bucket in 0..<count {
                let from = frames * bucket / count, to = max(from + 1, frames * (bucket + 1) / count)
                var loudest: Float = 0
                for index in (from * channelCount)..<(min(to, frames) * channelCount) { loudest = max(loudest, abs(samples[index])) }
                peaks[bucket] = min(1, loudest)
            }
        }
        return peaks
    }
}
