import Foundation
import Geometry

/// Shorthand for designing the factory chordsets: a lumi from the few numbers a designer thinks in.
enum LumiBuilder {
    static func lumi(
        _ form: Form, at anchor: (Double, Double) = (0.5, 0.5), hue: Double, hueSwing: Double = 0,
        hueRate: OscillatorRate = .hertz(0.1), saturation: Double = 1, brightness: Double = 1,
        size: Double, sizeSwing: Double = 0, sizeRate: OscillatorRate = .hertz(0.25), rotationRate: Double = 0,
        opacity: Double = 0.85, flicker: Double = 0, stroke: Double = 0, morph: Double = 0, morphSwing: Double = 0,
        trail: Double = 0, motion: Motion = .still, edges: EdgeBehavior = .bounce, blend: BlendMode = .additive,
        envelope: Envelope = Envelope(), phase: Double = 0, seed: UInt64 = 1
    ) -> Lumi {
        var features = LumiFeatures()
        features.hue = FeatureSetting(hue, Oscillator(.sine, rate: hueRate, phase: phase, depth: hueSwing))
        features.saturation = FeatureSetting(saturation)
        features.brightness = FeatureSetting(brightness)
        features.size = FeatureSetting(size, Oscillator(.sine, rate: sizeRate, phase: phase, depth: sizeSwing))
        if rotationRate != 0 {
            // Half a saw is a steady turn: it rises by one whole turn a cycle and its jump back is a whole
            // turn too, which looks the same.
            features.rotation = FeatureSetting(
                0, Oscillator(.saw, rate: .hertz(abs(rotationRate)), phase: phase, depth: rotationRate > 0 ? 0.5 : -0.5))
        }
        features.opacity = FeatureSetting(
            opacity, Oscillator(.sampleAndHold(seed: seed), rate: .hertz(8), depth: flicker))
        features.strokeWidth = FeatureSetting(stroke)
        features.morph = FeatureSetting(morph, Oscillator(.sine, rate: .hertz(0.2), phase: phase, depth: morphSwing))
        features.trail = FeatureSetting(trail)
        return Lumi(
            form: form, motion: motion, edges: edges, blend: blend, envelope: envelope, features: features,
            anchor: Point(x: anchor.0, y: anchor.1))
    }

    static func chord(
        _ position: Int, _ title: String, hue: Double, hueRange: Double = 0.06, purity: Double = 0.2,
        purityRange: Double = 0.1, pulse: Pulse = Pulse(), panes: [Pane] = [.whole], rhythm: Rhythm? = nil,
        _ lumis: [Lumi]
    ) -> Chord {
        Chord(
            position: position, title: title,
            background: ColorSelection(uncheckedHue: hue, hueRange: hueRange, purity: purity, purityRange: purityRange),
            pulse: pulse, lumis: lumis, panes: panes, rhythm: rhythm)
    }

    /// `count` points evenly round an ellipse centred on the canvas, as anchors.
    static func circle(of count: Int, radius: Double, center: (Double, Double) = (0.5, 0.5)) -> [(Double, Double)] {
        (0..<count).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(count)
            return (center.0 + radius * 0.5625 * cos(angle), center.1 + radius * sin(angle))
        }
    }
}
