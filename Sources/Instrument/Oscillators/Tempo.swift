/// The tempo in beats per minute, 20…300, and the tap-tempo rule: the tempo of the last taps, up to four
/// intervals, forgotten after a pause of two seconds.
public struct Tempo: Hashable, Sendable, Codable {
    public static let range: ClosedRange<Double> = 20...300
    /// A pause longer than this starts a new series of taps.
    public static let tapTimeout = 2.0
    /// How many intervals the tapped tempo averages.
    public static let tapIntervals = 4

    public private(set) var beatsPerMinute: Double
    private var taps: [Double] = []

    public init(beatsPerMinute: Double) throws(InstrumentError) {
        self.beatsPerMinute = try beatsPerMinute.checked("tempo (BPM)", in: Self.range)
    }

    /// 120 BPM, where a performance starts.
    public static let standard = Tempo(uncheckedBeatsPerMinute: 120)

    private init(uncheckedBeatsPerMinute: Double) {
        beatsPerMinute = uncheckedBeatsPerMinute
    }

    public var beatsPerSecond: Double { beatsPerMinute / 60 }

    public mutating func set(beatsPerMinute: Double) throws(InstrumentError) {
        self.beatsPerMinute = try beatsPerMinute.checked("tempo (BPM)", in: Self.range)
    }

    /// Records a tap at `time` (seconds) and returns true if the tempo changed. The tempo follows the
    /// taps once two have come close enough together; a tempo outside 20…300 BPM is clamped.
    public mutating func tap(at time: Double) throws(InstrumentError) -> Bool {
        guard time.isFinite else { throw .notFinite("tap time") }
        if let last = taps.last, time - last > Self.tapTimeout || time < last { taps.removeAll() }
        taps.append(time)
        if taps.count > Self.tapIntervals + 1 { taps.removeFirst(taps.count - Self.tapIntervals - 1) }
        guard taps.count >= 2, let first = taps.first, let last = taps.last, last > first else { return false }
        let interval = (last - first) / Double(taps.count - 1)
        beatsPerMinute = (60 / interval).clamped(to: Self.range)
        return true
    }
}
