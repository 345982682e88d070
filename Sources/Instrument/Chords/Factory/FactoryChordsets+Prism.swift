import Geometry

extension FactoryChordsets {
    /// The prism of seed 004 as an instrument: a white beam, and the six colours it breaks into, each a
    /// shard of light flying out to the right; the last chords play the whole spectrum at once.
    public static let prism: Chordset = {
        typealias B = LumiBuilder
        let spectrum: [(String, Double)] = [
            ("Red", 0.99), ("Orange", 0.08), ("Yellow", 0.15), ("Green", 0.33), ("Blue", 0.62), ("Purple", 0.78),
        ]
        let sharp = Envelope(attack: 0.02, hold: 0.6, release: 1.2)
        func shard(_ hue: Double, row: Double, index: Int) -> Lumi {
            B.lumi(.polygon(sides: 3), at: (0.5, 0.4 + 0.04 * row), hue: hue, hueSwing: 0.01, size: 0.07,
                   rotationRate: 0.5, opacity: 0.9, morph: 0.4, trail: 0.55,
                   motion: .drift(direction: -0.04 + 0.016 * row, speed: 0.5), edges: .free, envelope: sharp,
                   phase: Double(index) / 4)
        }
        var chords = spectrum.enumerated().map { row, entry in
            B.chord(row, entry.0, hue: entry.1, hueRange: 0.02, purity: 0.12, purityRange: 0.05,
                    panes: [.column(row, of: 6)], (0..<3).map { shard(entry.1, row: Double(row), index: $0) })
        }
        chords.append(B.chord(6, "Beam", hue: 0.0, hueRange: 0, purity: 0.02, purityRange: 0, [
            B.lumi(.line, at: (0.25, 0.55), hue: 0, saturation: 0, size: 0.5, opacity: 1, stroke: 0.012, trail: 0.3,
                   motion: .drift(direction: -0.02, speed: 0.2), edges: .free, envelope: sharp),
            B.lumi(.polygon(sides: 3), at: (0.5, 0.45), hue: 0, saturation: 0, size: 0.45, opacity: 1, stroke: 0.015,
                   envelope: Envelope(attack: 0.4, hold: 3, release: 2)),
        ]))
        chords.append(B.chord(7, "Dark Side", hue: 0.0, hueRange: 1, purity: 0.03, purityRange: 0.02,
                              rhythm: Rhythm(step: 0.5, pattern: [true, false, true, true], gate: 1),
                              spectrum.enumerated().map { row, entry in shard(entry.1, row: Double(row), index: row) }))
        return make("4C0A1D1A-0000-4000-8000-000000000002", "Prism", 1, chords)
    }()
}
