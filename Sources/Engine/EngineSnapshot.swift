import Instrument

/// What a console needs to show the instrument's state: sent in full when it connects.
public struct EngineSnapshot: Hashable, Sendable, Codable {
    public var time: Double
    public var chordset: Chordset
    public var colors: ColorSelection
    public var pulse: Pulse
    public var design: Lumi
    /// How many lumis a chord stored from the controls holds; nil: as many as it had.
    public var lumiCount: Int?
    public var selectedChord: Int
    public var pads: TriggerPads
    public var tempo: Double
    /// The global beat count at `time`.
    public var beat: Double
    public var trailPersistence: Double
    /// The output stage's strength, 0…1.
    public var headroom: Double
    public var liveLumis: Int
    /// The most lumis that sound at once (nil: no limit), and how many have been stolen to keep within it.
    public var polyphony: Int?
    public var stolenLumis: Int
    public var isRecording: Bool
    /// How the performance answers the sound heard.
    public var soundResponse: SoundResponse
    /// How many intents had been applied: of two snapshots, the one with the higher revision is newer.
    public var revision: Int
}
