/// A chord's rhythm: while its pad is held, the chord's lumis are released on the beat grid — every `step`
/// beats where the pattern says so — each held for `gate` steps. Steps are counted from beat 0, so every
/// rhythm plays in time with the others.
public struct Rhythm: Hashable, Sendable, Codable {
    public static let maximumSteps = 64

    /// The length of one step, in beats (1/16…16).
    public var step: Double
    /// Which steps of the repeating pattern release the group (1…64 steps).
    public var pattern: [Bool]
    /// How long each released note is held, in steps.
    public var gate: Double

    public init(step: Double = 1, pattern: [Bool] = [true], gate: Double = 0.5) {
        self.step = step
        self.pattern = pattern
        self.gate = gate
    }

    /// Whether step number `index` (counted from beat 0) releases the group.
    public func plays(step index: Int) -> Bool {
        pattern.isEmpty ? false : pattern[((index % pattern.count) + pattern.count) % pattern.count]
    }

    public func validate() throws(InstrumentError) {
        _ = try step.checked("rhythm step (beats)", in: (1.0 / 16)...16)
        _ = try gate.checked("rhythm gate (steps)", in: 0...64)
        guard (1...Self.maximumSteps).contains(pattern.count) else {
            throw .invalid("a rhythm pattern has 1 to \(Self.maximumSteps) steps; this one has \(pattern.count)")
        }
    }
}
