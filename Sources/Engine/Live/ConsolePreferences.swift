/// The console's preferences, kept in the library between runs (the UserDefaults of seeds 000 and 002):
/// which panels show, the tempo, the size of rendered output, and the MIDI mappings; and why any kept
/// preference (or the controls kept) could not be read, so that the console says it instead of silently
/// showing a default.
public struct ConsolePreferences: Hashable, Sendable, Codable {
    /// The panels by name — color, form, motion, chordset, canvas, triggerpads, chordsetList, settings and
    /// listening (absent: hidden) — and whether each shows.
    public var panels: [String: Bool]
    /// Beats per minute.
    public var tempo: Double
    /// Width and height, in pixels, of renders and recordings.
    public var outputSize: [Int]
    /// A MIDI source (`note:CH:N`, `cc:CH:N`) to the control it plays (`pad:N`, `hue.center`, …).
    public var midiMappings: [String: String]
    /// Where OSC goes as the instrument plays (`HOST:PORT`), besides `--osc-out`.
    public var oscOut: [String]
    /// Where the fixtures' DMX goes (`artnet:HOST:PORT`, `sacn:HOST:PORT`, `sacn:multicast`), besides `--dmx`.
    public var dmx: [String]
    /// What the library holds but cannot read, one line each: its default is used until it is set again, and
    /// the library keeps what it holds.
    public var problems: [String]

    public init(
        panels: [String: Bool], tempo: Double, outputSize: [Int], midiMappings: [String: String], oscOut: [String] = [],
        dmx: [String] = [], problems: [String] = []
    ) {
        self.dmx = dmx
        self.panels = panels
        self.tempo = tempo
        self.outputSize = outputSize
        self.midiMappings = midiMappings
        self.oscOut = oscOut
        self.problems = problems
    }

    /// Some of the preferences, to be changed together; what is nil stays as it is.
    public struct Changes: Hashable, Sendable, Codable {
        public var panels: [String: Bool]?
        public var tempo: Double?
        public var outputSize: [Int]?
        public var midiMappings: [String: String]?
        public var oscOut: [String]?
        public var dmx: [String]?

        public init(
            panels: [String: Bool]? = nil, tempo: Double? = nil, outputSize: [Int]? = nil, midiMappings: [String: String]? = nil,
            oscOut: [String]? = nil, dmx: [String]? = nil
        ) {
            self.dmx = dmx
            self.panels = panels
            self.tempo = tempo
            self.outputSize = outputSize
            self.midiMappings = midiMappings
            self.oscOut = oscOut
        }

        public var isEmpty: Bool { panels == nil && tempo == nil && outputSize == nil && midiMappings == nil && oscOut == nil && dmx == nil }
    }
}
