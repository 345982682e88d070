import Geometry

extension FactoryChordsets {
    /// Rhythms to play with a band: every chord releases its lumis on the beat while its pad is held, in
    /// patterns that lock together at any tempo.
    public static let pulseGarden: Chordset = {
        typealias B = LumiBuilder
        let tick = Envelope(attack: 0.01, hold: 0.2, release: 0.6)
        let chords: [Chord] = [
            B.chord(0, "Kick", hue: 0.0, hueRange: 0.02, purity: 0.1, rhythm: Rhythm(step: 1, pattern: [true], gate: 0.3), [
                B.lumi(.circle, hue: 0.98, size: 0.35, sizeSwing: 0.1, sizeRate: .beats(1), opacity: 0.9, trail: 0.4,
                       envelope: tick),
            ]),
            B.chord(1, "Hats", hue: 0.5, purity: 0.08, rhythm: Rhythm(step: 0.25, pattern: [false, true], gate: 0.5),
                    B.circle(of: 4, radius: 0.4).map { anchor in
                        B.lumi(.star(points: 4, innerRadius: 0.25), at: anchor, hue: 0.5, saturation: 0.4, size: 0.05,
                               rotationRate: 1, opacity: 0.9, envelope: Envelope(attack: 0.005, hold: 0.1, release: 0.25))
                    }),
            B.chord(2, "Clave", hue: 0.13, purity: 0.12,
                    rhythm: Rhythm(step: 0.5, pattern: [true, false, false, true, false, false, true, false, false, false, true, false, true, false, false, false], gate: 0.5),
                    [B.lumi(.polygon(sides: 5), at: (0.3, 0.5), hue: 0.13, size: 0.12, rotationRate: 0.25, opacity: 0.9,
                            stroke: 0.08, trail: 0.6, motion: .drift(direction: 0, speed: 0.4), edges: .wrap, envelope: tick)]),
            B.chord(3, "Bloom", hue: 0.9, purity: 0.15, rhythm: Rhythm(step: 2, pattern: [true], gate: 1),
                    [B.lumi(.rose(petals: 8), hue: 0.9, hueSwing: 0.08, hueRate: .beats(8), size: 0.5, sizeSwing: 0.2,
                            sizeRate: .beats(2), rotationRate: 0.05, opacity: 0.6, trail: 0.3,
                            envelope: Envelope(attack: 0.3, hold: 1, release: 2))]),
            B.chord(4, "Rain", hue: 0.58, purity: 0.1,
                    rhythm: Rhythm(step: 0.25, pattern: [true, true, false, true], gate: 1),
                    (0..<3).map { index in
                        B.lumi(.line, at: (0.2 + 0.3 * Double(index), 0.05), hue: 0.58, saturation: 0.5, size: 0.06,
                               opacity: 0.9, trail: 0.8, motion: .drift(direction: 0.27, speed: 0.9), edges: .free,
                               envelope: Envelope(attack: 0.01, hold: 0.8, release: 0.5))
                    }),
            B.chord(5, "Orbits", hue: 0.33, purity: 0.12, rhythm: Rhythm(step: 1, pattern: [true, false], gate: 2),
                    B.circle(of: 5, radius: 0.25).enumerated().map { index, anchor in
                        B.lumi(.circle, at: anchor, hue: 0.3 + 0.02 * Double(index), size: 0.06, opacity: 0.9, trail: 0.7,
                               motion: .orbit(radius: 0.2, rate: 0.25), edges: .free,
                               envelope: Envelope(attack: 0.05, hold: 1, release: 1.5), phase: Double(index) / 5)
                    }),
            B.chord(6, "Sparks", hue: 0.08, purity: 0.06, rhythm: Rhythm(step: 0.125, pattern: [true, false, false], gate: 1),
                    [B.lumi(.star(points: 6, innerRadius: 0.3), hue: 0.09, hueSwing: 0.04, size: 0.04, rotationRate: 2,
                            opacity: 1, flicker: 0.3, trail: 0.9, motion: .wander(distance: 0.6, rate: 1.5), edges: .wrap,
                            envelope: Envelope(attack: 0.01, hold: 0.4, release: 0.8))]),
            B.chord(7, "Downbeat", hue: 0.75, hueRange: 0.3, purity: 0.2, purityRange: 0.2,
                    pulse: Pulse(waveform: .saw, rate: .beats(4), purityLag: 0.5),
                    rhythm: Rhythm(step: 4, pattern: [true], gate: 0.5), [
                        B.lumi(.ring(innerRadius: 0.7), hue: 0.75, hueSwing: 0.1, hueRate: .beats(4), size: 1.2,
                               sizeSwing: 0.5, sizeRate: .beats(4), opacity: 0.7, envelope: Envelope(attack: 0.01, hold: 1, release: 2)),
                    ]),
        ]
        return make("4C0A1D1A-0000-4000-8000-000000000004", "Pulse Garden", 3, chords)
    }()
}
