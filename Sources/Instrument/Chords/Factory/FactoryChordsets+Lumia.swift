import Geometry

extension FactoryChordsets {
    /// Slow, soft veils in the manner of Thomas Wilfred's Lumia: large translucent forms that wander and
    /// breathe, leaving long trails.
    public static let lumia: Chordset = {
        typealias B = LumiBuilder
        let slow = Envelope(attack: 1.2, hold: 4, release: 4)
        let aurora: [Lumi] = (0..<5).map { (index: Int) -> Lumi in
            let step = Double(index)
            return B.lumi(
                .line, at: (0.25 + 0.12 * step, 0.18 + 0.07 * step), hue: 0.42 + 0.03 * step, hueSwing: 0.05, size: 0.6,
                opacity: 0.7, stroke: 0.02, trail: 0.6,
                motion: .lissajous(width: 0.15, height: 0.08, xRate: 0.11, yRate: 0.17, phase: 0.1 * step),
                envelope: slow, phase: 0.2 * step)
        }
        return make("4C0A1D1A-0000-4000-8000-000000000001", "Lumia", 0, [
            B.chord(0, "Veil", hue: 0.72, purity: 0.12, [
                B.lumi(.ring(innerRadius: 0.82), at: (0.35, 0.45), hue: 0.70, hueSwing: 0.04, saturation: 0.7, size: 0.7,
                       sizeSwing: 0.12, sizeRate: .hertz(0.07), opacity: 0.45, morph: 0.15, morphSwing: 0.1, trail: 0.3,
                       motion: .wander(distance: 0.25, rate: 0.08), envelope: slow),
                B.lumi(.ring(innerRadius: 0.86), at: (0.62, 0.55), hue: 0.76, hueSwing: 0.04, saturation: 0.6, size: 0.55,
                       sizeSwing: 0.1, sizeRate: .hertz(0.05), opacity: 0.4, trail: 0.3,
                       motion: .wander(distance: 0.3, rate: 0.06), envelope: slow, phase: 0.3),
                B.lumi(.circle, at: (0.5, 0.5), hue: 0.66, saturation: 0.5, brightness: 0.6, size: 0.9, opacity: 0.18,
                       motion: .wander(distance: 0.15, rate: 0.05), envelope: slow, phase: 0.6),
            ]),
            B.chord(1, "Aurora", hue: 0.45, purity: 0.1, panes: [.topHalf], aurora),
            B.chord(2, "Nebula", hue: 0.86, purity: 0.15,
                    B.circle(of: 6, radius: 0.22).enumerated().map { index, anchor in
                        B.lumi(.rose(petals: 5), at: anchor, hue: 0.84, hueSwing: 0.05, saturation: 0.8, size: 0.28,
                               sizeSwing: 0.06, rotationRate: 0.03, opacity: 0.5, morphSwing: 0.2, trail: 0.2,
                               motion: .orbit(radius: 0.12, rate: 0.04), envelope: slow, phase: Double(index) / 6)
                    }),
            B.chord(3, "Dawn", hue: 0.1, hueRange: 0.05, purity: 0.35, purityRange: 0.2, panes: [.bottomHalf], [
                B.lumi(.circle, at: (0.5, 0.85), hue: 0.1, hueSwing: 0.03, size: 0.5, sizeSwing: 0.08, opacity: 0.7,
                       motion: .drift(direction: 0.75, speed: 0.03), edges: .free, envelope: Envelope(attack: 3, hold: 8, release: 5)),
                B.lumi(.circle, at: (0.5, 0.85), hue: 0.06, saturation: 0.6, size: 0.9, opacity: 0.25,
                       motion: .drift(direction: 0.75, speed: 0.025), edges: .free, envelope: Envelope(attack: 4, hold: 8, release: 5)),
            ]),
            B.chord(4, "Tide", hue: 0.52, purity: 0.2,
                    (0..<8).map { index in
                        B.lumi(.circle, at: (0.1 + 0.11 * Double(index), 0.5), hue: 0.5, hueSwing: 0.06, size: 0.08,
                               sizeSwing: 0.03, sizeRate: .beats(2), opacity: 0.8, trail: 0.5,
                               motion: .drift(direction: 0.25 + 0.5 * Double(index % 2), speed: 0.12), envelope: slow,
                               phase: Double(index) / 8)
                    }),
            B.chord(5, "Ember", hue: 0.03, purity: 0.18,
                    (0..<12).map { index in
                        B.lumi(.star(points: 5, innerRadius: 0.45), at: (0.3 + 0.04 * Double(index), 0.6), hue: 0.03,
                               hueSwing: 0.02, size: 0.05, rotationRate: 0.2, opacity: 0.8, flicker: 0.35, trail: 0.7,
                               motion: .wander(distance: 0.3, rate: 0.3), envelope: Envelope(attack: 0.2, hold: 3, release: 3),
                               seed: UInt64(index + 1))
                    }),
            B.chord(6, "Halo", hue: 0.16, purity: 0.2, purityRange: 0.1, panes: [.center], [
                B.lumi(.ring(innerRadius: 0.94), hue: 0.16, saturation: 0.5, size: 0.5, sizeSwing: 0.3, sizeRate: .beats(4),
                       opacity: 0.9, envelope: slow),
                B.lumi(.ring(innerRadius: 0.9), hue: 0.14, saturation: 0.4, size: 0.3, sizeSwing: 0.2, sizeRate: .beats(4),
                       opacity: 0.7, envelope: slow, phase: 0.5),
            ]),
            B.chord(7, "Night", hue: 0.64, purity: 0.05, purityRange: 0.04,
                    B.circle(of: 7, radius: 0.35).enumerated().map { index, anchor in
                        B.lumi(.polygon(sides: 6), at: anchor, hue: 0.64, hueSwing: 0.03, brightness: 0.55, size: 0.12,
                               rotationRate: -0.02, opacity: 0.6, stroke: 0.06, trail: 0.4,
                               motion: .orbit(radius: 0.05, rate: 0.03), envelope: slow, phase: Double(index) / 7)
                    }),
        ])
    }()
}
