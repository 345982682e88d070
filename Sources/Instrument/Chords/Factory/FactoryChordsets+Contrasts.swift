import Geometry

extension FactoryChordsets {
    /// Thomas Cole's Diagram of Contrasts played: eight hues round the wheel, each chord sweeping its hue
    /// from deep shade through the pure colour to a pale tint, as Cole's wedges do.
    public static let contrasts: Chordset = {
        typealias B = LumiBuilder
        let wedges: [(String, SpectralHue)] = [
            ("Vermilion", .redOrange), ("Amber", .orangeYellow), ("Lemon", .yellow), ("Leaf", .yellowGreen),
            ("Sea", .greenBlue), ("Ultramarine", .blue), ("Amethyst", .violet), ("Crimson", .red),
        ]
        let chords = wedges.enumerated().map { position, wedge -> Chord in
            let hue = Spectrum.segment(of: wedge.1).position
            let petals = B.circle(of: 6, radius: 0.3).enumerated().map { index, anchor -> Lumi in
                let purity = Double(index) / 5  // shade … pure … tint across the six
                let (saturation, brightness) = Purity.saturationAndBrightness(at: 0.15 + 0.7 * purity)
                return B.lumi(.star(points: 12, innerRadius: 0.82), at: anchor, hue: hue, saturation: saturation,
                              brightness: brightness, size: 0.16, sizeSwing: 0.02, sizeRate: .beats(2), rotationRate: 0.05,
                              opacity: 0.95, blend: .sourceOver, envelope: Envelope(attack: 0.3, hold: 2, release: 2.5),
                              phase: Double(index) / 6)
            }
            let heart = B.lumi(.circle, hue: hue, size: 0.22, sizeSwing: 0.03, sizeRate: .beats(1), opacity: 1,
                               blend: .sourceOver, envelope: Envelope(attack: 0.3, hold: 2, release: 2.5))
            return B.chord(position, wedge.0, hue: hue, hueRange: 0.03, purity: 0.5, purityRange: 0.9,
                           pulse: Pulse(waveform: .sine, rate: .beats(16), purityLag: 0), petals + [heart])
        }
        return make("4C0A1D1A-0000-4000-8000-000000000003", "Cole's Contrasts", 2, chords)
    }()
}
