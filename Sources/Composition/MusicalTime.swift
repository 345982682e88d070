/// Time in a part: ticks, 960 to a beat, counted from the part's start. A part's tempo turns them into seconds.
public enum MusicalTime {
    /// Ticks in one beat: fine enough for any rhythm a composer draws (triplets of 64ths included).
    public static let ticksPerBeat = 960
    /// The tempi a part may have, in beats per minute.
    public static let tempi: ClosedRange<Double> = 20...400
    /// The longest an atomic part may be: 10,000 beats (83 minutes at 120 beats per minute).
    public static let longestPart = 10_000 * ticksPerBeat
    /// The longest any part may last, composed or not, in seconds: a day.
    public static let longestDuration: Double = 24 * 3600

    /// The seconds `ticks` last at `tempo` beats per minute.
    public static func seconds(_ ticks: Int, tempo: Double) -> Double {
        Double(ticks) / Double(ticksPerBeat) * 60 / tempo
    }
}
