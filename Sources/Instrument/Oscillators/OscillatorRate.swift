/// How fast an oscillator cycles: in cycles per second, or locked to the tempo as beats per cycle.
public enum OscillatorRate: Hashable, Sendable, Codable {
    /// Cycles per second, 0…100.
    case hertz(Double)
    /// One cycle every so many beats, 1/64…1024, at the current tempo; such oscillators follow the global
    /// beat, so every lumi on the same rate pulses together.
    case beats(Double)

    public static let hertzRange: ClosedRange<Double> = 0...100
    public static let beatsRange: ClosedRange<Double> = (1.0 / 64)...1024

    func validated() throws(InstrumentError) -> OscillatorRate {
        switch self {
        case .hertz(let value): .hertz(try value.checked("oscillator rate (Hz)", in: Self.hertzRange))
        case .beats(let value): .beats(try value.checked("oscillator rate (beats per cycle)", in: Self.beatsRange))
        }
    }
}
