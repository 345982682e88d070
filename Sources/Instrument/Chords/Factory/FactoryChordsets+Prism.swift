import Geometry

extension FactoryChordsets {
    /// The prism of seed 004 as an instrument: a white beam, and the six colours it breaks into, each a
    /// shard of light flying out to the right; the last chords play the whole spectrum at once.
    public static let prism: Chordset = {
        typealias B = LumiBuilder
        let spectrum: [(String, Double)] = [
            ("Red", 0.99), ("Orange", 0.08), ("Yellow", 0.15), ("Green", 0.33), ("Blue", 0.62), ("Purple", 0.78),
        ]
        let sharp = Envelope(attack: 0.02, hold: 1.2, release: 1.6)
        /// A shard of coloured light flying out of the prism, one of a fan of `count`.
        func shard(_ hue: Double, row: Double, index: Int, of count: Int) -> Lumi {
            let spread = Double(index) / Double(max(count - 1, 1)) - 0.5  // -0.5…0.5 across the fan
            return B.lumi(.polygon(sides: 3), at: (0.45, 0.42 + 0.03 * row), hue: hue, hueSwing: 0.015, size: 0.06 + 0.04 * abs(spread),
                          rotationRate: 0.3 + 0.4 * abs(spread), opacity: 0.95, morph: 0.45, trail: 0.65,
                          motion: .drift(direction: 0.06 * spread + 0.01 * (row - 2.5), speed: 0.28 + 0.12 * abs(spread)),
                          edges: .free, envelope: sharp, phase: Double(index) / Double(count))
        }
        var chords = spectrum.enumerated().map { row, entry in
            B.chord(row, entry.0, hue: entry.1, hueRange: 0.02, purity: 0.16, purityRange: 0.06,
                    panes: [.column(row, of: 6)], (0..<7).map { shard(entry.1, row: Double(row), index: $0, of: 7) })
        }
        chords.append(B.chord(6, "Beam", hue: 0.0, hueRange: 0, purity: 0.02, purityRange: 0, [
            B.lumi(.line, at: (0.25, 0.55), hue: 0, saturation: 0, size: 0.5, opacity: 1, stroke: 0.012, trail: 0.3,
                   motion: .drift(direction: -0.02, speed: 0.2), edges: .free, envelope: sharp),
            // The cover's whole drawing — prism, beam, dispersion and rainbow — in white light.
            B.lumi(.prism(.cover), at: (0.5, 0.45), hue: 0, saturation: 0, size: 0.55, opacity: 1, stroke: 0.008,
                   envelope: Envelope(attack: 0.4, hold: 3, release: 2)),
        ]))
        chords.append(B.chord(7, "Dark Side", hue: 0.0, hueRange: 1, purity: 0.03, purityRange: 0.02,
                              rhythm: Rhythm(step: 0.5, pattern: [true, false, true, true], gate: 1),
                              spectrum.enumerated().map { row, entry in shard(entry.1, row: Double(row), index: row, of: 6) }))
        return make("4C0A1D1A-0000-4000-8000-000000000002", "Prism", 1, chords)
    }()
}
