/// Where a band's level rose: from its level a hop at a time (`HeardFrame.bands`), the hops whose rise over
/// the lowest of the three before stands out — the largest within 50 ms either way, at least 0.05 of full
/// scale and half again the mean rise of the second around it — at least 100 ms apart. A rise is timed at
/// the onset heard within 40 ms of it, when there is one (onsets are timed to the sample), else at its hop
/// less half the analysis window.
struct BandRises {
    /// Hops either way a rise must be the largest in.
    static let peakReach = 5
    /// Hops either way of a rise the mean it must stand out from is taken over.
    static let meanReach = 50
    static let floor: Float = 0.05
    static let overMean: Float = 1.5
    static let gap = 0.1
    static let onsetReach = 0.04

    /// The rises of one band, whose level at hop n (ending at `times[n]`) is `levels[n]`.
    static func rises(levels: [Float], times: [Double], windowSeconds: Double, onsets: [HeardCue]) -> [HeardCue] {
        let rise = levels.indices.map { n -> Float in
            guard n >= 1 else { return 0 }
            let before = levels[max(0, n - 3)..<n].min() ?? 0
            return max(0, levels[n] - before)
        }
        var sums = [Float](repeating: 0, count: rise.count + 1)
        for n in rise.indices { sums[n + 1] = sums[n] + rise[n] }
        var found: [HeardCue] = []
        for n in rise.indices where rise[n] >= floor {
            let near = max(0, n - peakReach)..<min(rise.count, n + peakReach + 1)
            guard !near.contains(where: { rise[$0] > rise[n] || ($0 < n && rise[$0] == rise[n]) }) else { continue }
            let around = max(0, n - meanReach)..<min(rise.count, n + meanReach + 1)
            let mean = (sums[around.upperBound] - sums[around.lowerBound]) / Float(around.count)
            guard rise[n] >= overMean * mean else { continue }
            let time = timing(times[n] - windowSeconds / 2, onsets: onsets)
            if let last = found.last, time - last.time < gap { continue }
            found.append(HeardCue(time: time, strength: rise[n]))
        }
        return found
    }

    /// The onset nearest `time` within `onsetReach`, else `time` itself.
    private static func timing(_ time: Double, onsets: [HeardCue]) -> Double {
        let low = onsets.firstIndex(notBefore: time)
        let candidates = [low - 1, low].filter { onsets.indices.contains($0) }.map { onsets[$0].time }
        guard let nearest = candidates.min(by: { abs($0 - time) < abs($1 - time) }), abs(nearest - time) <= onsetReach else {
            return max(0, time)
        }
        return nearest
    }
}
