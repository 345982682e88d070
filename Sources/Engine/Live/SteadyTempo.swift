/// The tempo heard, as others are told it: only once it is steady — at least `onsets` onsets heard, and every
/// estimate of the last `window` seconds (of the engine's clock) within `tolerance` of the others — so that
/// an estimate still wandering (a double or a half included) is kept to the instrument. A steady tempo is
/// told once; another is told only when it differs from the last one told by more than the tolerance.
///
/// A value fed the estimates as they are read (`hear`), asked for what is to be told (`takeUntold`).
public struct SteadyTempo: Sendable {
    /// How long the estimates must hold within the tolerance (seconds).
    public static var window: Double { 4 }
    /// How far apart the estimates of the window may be: the highest at most this share above the lowest.
    public static var tolerance: Double { 0.01 }
    /// How many onsets must have been heard before a tempo is steady.
    public static var onsets: Int { 8 }

    /// The estimate that held at the window's start, then those since, oldest first.
    private var estimates: [(time: Double, tempo: Double)] = []
    private var onsetsHeard = 0
    /// The steady tempo last told.
    public private(set) var told: Double?

    public init() {}

    /// An estimate read at `time` (seconds) — nil when the sound suggests no tempo, which starts the
    /// steadiness again — with `onsets` heard so far.
    public mutating func hear(_ tempo: Double?, onsets: Int, at time: Double) {
        onsetsHeard = onsets
        guard let tempo, tempo.isFinite, tempo > 0, time.isFinite else {
            estimates.removeAll()
            return
        }
        if let last = estimates.last, time < last.time { estimates.removeAll() }  // a clock gone back: start again
        estimates.append((time, tempo))
        if let holding = estimates.lastIndex(where: { $0.time <= time - Self.window }), holding > 0 {
            estimates.removeFirst(holding)
        }
    }

    /// The tempo heard, when it is steady now: the mean of the window's estimates, to a tenth of a BPM.
    public var steady: Double? {
        guard onsetsHeard >= Self.onsets, let first = estimates.first, let last = estimates.last,
            last.time - first.time >= Self.window
        else { return nil }
        let tempi = estimates.map(\.tempo)
        guard let low = tempi.min(), let high = tempi.max(), high <= low * (1 + Self.tolerance) else { return nil }
        return (tempi.reduce(0, +) / Double(tempi.count) * 10).rounded() / 10
    }

    /// The steady tempo, when there is one that has not been told (nor one within the tolerance of it): from
    /// now on, told.
    public mutating func takeUntold() -> Double? {
        guard let steady else { return nil }
        if let told, abs(steady - told) <= told * Self.tolerance { return nil }
        told = steady
        return steady
    }
}
