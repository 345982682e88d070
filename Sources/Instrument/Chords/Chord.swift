/// A chord: an arrangement of lumis (its lumi group) with a background colour and the panes of the canvas
/// that colour lights. Playing its pad releases the group and lights the panes.
public struct Chord: Hashable, Sendable, Codable {
    /// The most lumis one chord holds.
    public static let maximumLumis = 64
    public static let maximumPanes = 16
    public static let maximumTitleLength = Chordset.maximumTitleLength
    /// How many of one chord's releases may sound at once, when the chord says.
    public static let polyphonyRange = 1...16

    /// The chord's place in its chordset, 0…7.
    public var position: Int
    public var title: String
    /// The background colour, played through its ranges by `pulse`.
    public var background: ColorSelection
    public var pulse: Pulse
    public var lumis: [Lumi]
    public var panes: [Pane]
    /// If set, a held pad releases the group on the beat instead of once.
    public var rhythm: Rhythm?
    /// How many of its releases may sound at once: a release past it retriggers, stealing the oldest of
    /// its releases still sounding (`polyphonyRange`). Nil: as many as the performance's polyphony allows.
    public var polyphony: Int?

    public init(
        position: Int, title: String, background: ColorSelection, pulse: Pulse = Pulse(), lumis: [Lumi] = [],
        panes: [Pane] = [.whole], rhythm: Rhythm? = nil, polyphony: Int? = nil
    ) {
        self.position = position
        self.title = title
        self.background = background
        self.pulse = pulse
        self.lumis = lumis
        self.panes = panes
        self.rhythm = rhythm
        self.polyphony = polyphony
    }

    /// An empty chord: a dark, nearly black background and no lumis.
    public static func empty(position: Int) -> Chord {
        Chord(
            position: position, title: "Chord \(position + 1)",
            background: ColorSelection(uncheckedHue: Double(position) / 8, purity: 0.1))
    }

    /// A chord from a file, a log or a request: its title taken in by the text rule (composed, trimmed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            position: try container.decode(Int.self, forKey: .position),
            title: try Chordset.checkedText(try container.decode(String.self, forKey: .title), as: "a chord title", allowsEmpty: true),
            background: try container.decode(ColorSelection.self, forKey: .background),
            pulse: try container.decode(Pulse.self, forKey: .pulse),
            lumis: try container.decode([Lumi].self, forKey: .lumis),
            panes: try container.decode([Pane].self, forKey: .panes),
            rhythm: try container.decodeIfPresent(Rhythm.self, forKey: .rhythm),
            polyphony: try container.decodeIfPresent(Int.self, forKey: .polyphony))
    }

    public func validate() throws(InstrumentError) {
        guard (0...7).contains(position) else { throw .outOfRange("chord position", Double(position), allowed: 0...7) }
        try Chordset.checkKept(title, as: "a chord title", allowsEmpty: true)
        guard lumis.count <= Self.maximumLumis else {
            throw .invalid("a chord holds at most \(Self.maximumLumis) lumis; this one has \(lumis.count)")
        }
        guard panes.count <= Self.maximumPanes else {
            throw .invalid("a chord has at most \(Self.maximumPanes) panes; this one has \(panes.count)")
        }
        try pulse.validate()
        for lumi in lumis { try lumi.validate() }
        for pane in panes { try pane.validate() }
        try rhythm?.validate()
        if let polyphony, !Self.polyphonyRange.contains(polyphony) {
            throw .invalid(
                "a chord's polyphony is \(Self.polyphonyRange.lowerBound) to \(Self.polyphonyRange.upperBound) releases at once, not \(polyphony)")
        }
    }
}
