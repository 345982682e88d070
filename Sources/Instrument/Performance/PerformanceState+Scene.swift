import Foundation
import Geometry

extension PerformanceState {
    /// Instances fainter than this are not drawn (less than a quarter of one 8-bit step).
    static let invisible = 1.0 / 1024

    /// The frame at `time` (not earlier than the last event applied): background, lit panes, and every
    /// visible lumi with its trail stamp.
    public func scene(at time: Double) -> Scene {
        var scene = Scene(time: time, forms: forms, trailPersistence: trailPersistence, erasures: erasures)
        render(at: time, into: &scene)
        return scene
    }

    /// Fills `scene` with the frame at `time`, reusing its storage (the engine's per-tick path).
    public func render(at time: Double, into scene: inout Scene) {
        scene.time = time
        scene.size = Canvas.bounds.size
        scene.forms = forms
        scene.trailPersistence = trailPersistence
        scene.erasures = erasures
        scene.instances.removeAll(keepingCapacity: true)
        scene.panes.removeAll(keepingCapacity: true)

        let beatNow = beat(at: time)
        let beatsPerSecond = tempo.beatsPerSecond
        let backgroundMoment = Moment(elapsed: time, beat: beatNow, beatsPerSecond: beatsPerSecond)
        scene.background = pulse.color(of: colors, at: backgroundMoment).rgb.scaled(by: backgroundLevel(at: time))

        for pane in litPanes {
            let level = LitPane.envelope.level(age: time - pane.litTime, noteOff: pane.offAge)
                * fadeLevel(at: time, start: pane.fadeStart, duration: pane.fadeDuration) * pane.velocity
            guard level > Self.invisible else { continue }
            let color = pane.pulse.color(of: pane.background, at: backgroundMoment).rgb.fading(by: level)
            for frame in pane.frames { scene.panes.append(LitPaneInstance(frame: frame, color: color)) }
        }

        scene.instances.reserveCapacity(live.count * 2)
        lumiTable.withUnsafeBufferPointer { table in
            lumiFormIndex.withUnsafeBufferPointer { formOf in
                for lumi in live {
                    appendInstances(
                        of: lumi, design: table[Int(lumi.template)], form: formOf[Int(lumi.template)], at: time,
                        beat: beatNow, beatsPerSecond: beatsPerSecond, into: &scene.instances)
                }
                for press in rhythms {
                    appendRhythm(press, table: table, formOf: formOf, at: time, beat: beatNow, into: &scene.instances)
                }
            }
        }
    }

    /// The visible steps of a held rhythm, each released as a group of lumis at its step time.
    private func appendRhythm(
        _ press: RhythmicPress, table: UnsafeBufferPointer<Lumi>, formOf: UnsafeBufferPointer<Int32>,
        at time: Double, beat beatNow: Double, into instances: inout [SceneInstance]
    ) {
        let bps = tempo.beatsPerSecond
        let rhythm = press.rhythm
        let gateSeconds = rhythm.gate * rhythm.step / bps
        let lastBeat = beat(at: min(time, press.upTime))
        let firstStep = Int((beat(at: press.downTime) / rhythm.step).rounded(.up))
        let oldestVisible = Int(((beatNow - (gateSeconds + press.longestRelease) * bps) / rhythm.step).rounded(.down))
        let lastStep = Int((lastBeat / rhythm.step).rounded(.down))
        guard lastStep >= firstStep else { return }
        for step in max(firstStep, oldestVisible)...lastStep where rhythm.plays(step: step) {
            let stepTime = self.time(atBeat: Double(step) * rhythm.step)
            for (index, template) in press.templates.enumerated() {
                let design = table[Int(template)]
                let lumi = LiveLumi(
                    template: template, pad: press.pad, releaseTime: stepTime, noteOffAge: gateSeconds,
                    fadeStart: press.fadeStart, fadeDuration: press.fadeDuration, velocity: press.velocity,
                    origin: Canvas.point(atFraction: design.anchor),
                    seed: StableRandom.bits(press.seed, Int64(step) << 8 | Int64(index)))
                appendInstances(
                    of: lumi, design: design, form: formOf[Int(template)], at: time, beat: beatNow,
                    beatsPerSecond: bps, into: &instances)
            }
        }
    }

    /// Evaluates one lumi at `time` and appends its instance, and its trail stamp if it leaves a trail.
    @inline(__always)
    private func appendInstances(
        of lumi: LiveLumi, design: Lumi, form: Int32, at time: Double, beat: Double, beatsPerSecond: Double,
        into instances: inout [SceneInstance]
    ) {
        let age = time - lumi.releaseTime
        var level = design.envelope.level(age: age, noteOff: lumi.noteOffAge)
        if lumi.fadeStart < time { level *= fadeLevel(at: time, start: lumi.fadeStart, duration: lumi.fadeDuration) }
        guard level > Self.invisible else { return }

        let moment = Moment(elapsed: age, beat: beat, beatsPerSecond: beatsPerSecond)
        let features = design.features
        let opacity = LumiFeature.opacity.limit(features.opacity.rawValue(at: moment)) * level * lumi.velocity
        guard opacity > Self.invisible else { return }

        // Where: the motion's displacement after the travelled time, turned by the direction feature,
        // plus the sway of the position feature along that direction, kept on the canvas by the edges rule.
        let travelled = features.speed.oscillator.integral(at: moment) + features.speed.base * age
        var offset = design.motion.displacement(after: travelled, seed: lumi.seed)
        let direction = features.direction.rawValue(at: moment)
        let sway = LumiFeature.position.limit(features.position.rawValue(at: moment))
        if direction != 0 || sway != 0 {
            let angle = 2 * Double.pi * direction
            let cosine = cos(angle), sine = sin(angle)
            offset = Point(
                x: cosine * offset.x - sine * offset.y + cosine * sway,
                y: sine * offset.x + cosine * offset.y + sine * sway)
        }
        let position = design.edges.apply(lumi.origin + offset, in: Canvas.bounds)

        // How: size (velocity makes it larger), stretch, rotation, colour, outline.
        let size = LumiFeature.size.limit(features.size.rawValue(at: moment)) * (0.5 + 0.5 * lumi.velocity)
        let morph = LumiFeature.morph.limit(features.morph.rawValue(at: moment))
        let rotation = 2 * Double.pi * features.rotation.rawValue(at: moment)
        let (red, green, blue) = HSVColor.components(
            hue: features.hue.rawValue(at: moment),
            saturation: features.saturation.rawValue(at: moment),
            value: features.brightness.rawValue(at: moment))
        var strokeWidth = LumiFeature.strokeWidth.limit(features.strokeWidth.rawValue(at: moment))
        if strokeWidth == 0, design.form.isStrokeOnly { strokeWidth = 0.04 }

        var instance = SceneInstance(
            form: form,
            transform: .placement(position: position, angle: rotation, sx: size * (1 + morph), sy: size * (1 - morph)),
            color: RGBAColor(red: red, green: green, blue: blue, alpha: opacity),
            strokeWidth: strokeWidth, layer: .lumis, blend: design.blend)
        let trail = features.trail.oscillator.depth == 0 && features.trail.base == 0
            ? 0 : LumiFeature.trail.limit(features.trail.rawValue(at: moment))
        if trail > Self.invisible {
            var stamp = instance
            stamp.layer = .trails
            stamp.color.alpha = opacity * trail
            instances.append(stamp)
        }
        instance.layer = .lumis
        instances.append(instance)
    }
}

extension RGBAColor {
    /// The colour with red, green and blue multiplied by `factor` (towards black), alpha unchanged.
    func scaled(by factor: Double) -> RGBAColor {
        RGBAColor(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha)
    }
}
