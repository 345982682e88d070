/// How a lumi comes and goes: it fades in over `attack`, lives while held, and decays over `release` after
/// its note-off (a pad released, or `hold` seconds after a tap or a beat of a rhythm).
public struct Envelope: Hashable, Sendable, Codable {
    public var attack: Double
    /// How long a lumi released by a tap or a stroke is held before its note-off.
    public var hold: Double
    public var release: Double

    public static let limits: ClosedRange<Double> = 0...600

    public init(attack: Double = 0.05, hold: Double = 1, release: Double = 1.5) {
        self.attack = attack
        self.hold = hold
        self.release = release
    }

    /// The level 0…1 at `age` seconds after release, for a lumi whose note-off came at `noteOff` seconds
    /// after release (infinity while it is still held).
    @inline(__always)
    public func level(age: Double, noteOff: Double) -> Double {
        guard age >= 0 else { return 0 }
        let rising = attack > 0 ? min(age / attack, 1) : 1
        guard age > noteOff else { return rising }
        let atNoteOff = attack > 0 ? min(noteOff / attack, 1) : 1
        guard release > 0 else { return 0 }
        return max(0, atNoteOff * (1 - (age - noteOff) / release))
    }

    /// Whether a lumi is gone for good at `age` (past its note-off and its release).
    @inline(__always)
    public func isFinished(age: Double, noteOff: Double) -> Bool { age >= noteOff + release }

    public func validate() throws(InstrumentError) {
        _ = try attack.checked("envelope attack", in: Self.limits)
        _ = try hold.checked("envelope hold", in: Self.limits)
        _ = try release.checked("envelope release", in: Self.limits)
    }
}
