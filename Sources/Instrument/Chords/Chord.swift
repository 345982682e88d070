/// A chord: an arrangement of lumis (its lumi group) with a background colour and the panes of the canvas
/// that colour lights. Playing its pad releases the group and lights the panes.
public struct Chord: Hashable, Sendable, Codable {
    /// The most lumis one chord holds.
    public static let maximumLumis = 64
    public static let maximumPanes = 16
    public static let maximumTitleLength = 200

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

    public init(
        position: Int, title: String, background: ColorSelection, pulse: Pulse = Pulse(), lumis: [Lumi] = [],
        panes: [Pane] = [.whole], rhythm: Rhythm? = nil
    ) {
        self.position = position
        self.title = title
        self.background = background
        self.pulse = pulse
        self.lumis = lumis
        self.panes = panes
        self.rhythm = rhythm
    }

    /// An empty chord: a dark, nearly black background and no lumis.
    public static func empty(position: Int) -> Chord {
        Chord(
            position: position, title: "Chord \(position + 1)",
            background: ColorSelection(uncheckedHue: Double(position) / 8, purity: 0.1))
    }

    public func validate() throws(InstrumentError) {
        guard (0...7).contains(position) else { throw .outOfRange("chord position", Double(position), allowed: 0...7) }
        guard title.count <= Self.maximumTitleLength else {
            throw .invalid("a chord title has at most \(Self.maximumTitleLength) characters; this one has \(title.count)")
        }
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
    }
}
