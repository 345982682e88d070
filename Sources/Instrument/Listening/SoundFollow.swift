/// An oscillator following the heard sound: `amount` times an envelope of a source (a band, the level,
/// onsets) is added to the oscillator's value. The envelope rises with `attack` and falls with `release`
/// (seconds to come about two thirds of the way; 0 follows at once), so that an onset's single hundredth of
/// a second can swell and die away like a struck note.
public struct SoundFollow: Hashable, Sendable, Codable {
    public var source: SoundSource
    public var amount: Double
    public var attack: Double
    public var release: Double

    public init(_ source: SoundSource, amount: Double = 1, attack: Double = 0.01, release: Double = 0.2) {
        self.source = source
        self.amount = amount
        self.attack = attack
        self.release = release
    }

    /// The envelope it follows (followers that share one share its values).
    var shape: SoundEnvelopes.Shape { SoundEnvelopes.Shape(source: source, attack: attack, release: release) }

    public func validate(depthLimit: Double = 1000) throws(InstrumentError) {
        _ = try amount.checked("sound follow amount", in: -depthLimit...depthLimit)
        _ = try attack.checked("sound follow attack (s)", in: 0...10)
        _ = try release.checked("sound follow release (s)", in: 0...60)
    }
}

/// How the performance answers the sound beyond its followers: whether the tempo follows the tempo heard,
/// and whether each onset releases the selected chord, as a tap would.
public struct SoundResponse: Hashable, Sendable, Codable {
    public var tempoFollows: Bool
    public var onsetsRelease: Bool
    /// The least time between two onsets' releases (seconds, 0…2): onsets closer to the last release than this
    /// release nothing, and each release retriggers the chord — the last onset's release is stolen first —
    /// instead of piling up. Nil: every onset releases and none is stolen, as a performance recorded before
    /// the gap existed played.
    public var onsetGap: Double?

    /// The gap a new performance starts with.
    public static let defaultOnsetGap = 0.1

    public init(tempoFollows: Bool = false, onsetsRelease: Bool = false, onsetGap: Double? = nil) {
        self.tempoFollows = tempoFollows
        self.onsetsRelease = onsetsRelease
        self.onsetGap = onsetGap
    }

    public func validate() throws(InstrumentError) {
        if let onsetGap { _ = try onsetGap.checked("the gap between onset releases (s)", in: 0...2) }
    }
}
