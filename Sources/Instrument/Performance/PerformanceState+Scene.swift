import Geometry

extension PerformanceState {
    /// Instances fainter than this are not drawn (less than a quarter of one 8-bit step).
    static let invisible = 1.0 / 1024

    /// The frame at `time` (not earlier than the last event applied): background, lit panes, and every
    /// visible lumi with its trail stamp.
    public func scene(at time: Double) -> Scene {
        var scene = Scene(time: time, forms: forms, trailPersistence: trailPersistence, erasures: erasures, headroom: headroom)
        render(at: time, into: &scene)
        return scene
    }

    /// Fills `scene` with the frame at `time`, reusing its storage (the engine's per-tick path).
    public func render(at requestedTime: Double, into scene: inout Scene) {
        let time = requestedTime.isNaN ? self.time : requestedTime.clamped(to: 0...Self.maximumTime)
        scene.time = time
        scene.size = Canvas.bounds.size
        scene.forms = forms
        scene.trailPersistence = trailPersistence
        scene.erasures = erasures
        scene.headroom = headroom
        scene.instances.removeAll(keepingCapacity: true)
        scene.panes.removeAll(keepingCapacity: true)

        let beatNow = beat(at: time)
        let beatsPerSecond = tempo.beatsPerSecond
        let backgroundMoment = Moment(elapsed: time, beat: beatNow, beatsPerSecond: beatsPerSecond)
        scene.background = pulse.color(of: colors, at: backgroundMoment, lift: lift(of: pulse, at: time)).rgb.scaled(by: backgroundLevel(at: time))

        for pane in litPanes {
            let level = LitPane.envelope.level(age: time - pane.litTime, noteOff: pane.offAge)
                * fadeLevel(at: time, start: pane.fadeStart, duration: pane.fadeDuration) * pane.velocity
            guard level > Self.invisible else { continue }
            let color = pane.pulse.color(of: pane.background, at: backgroundMoment, lift: lift(of: pane.pulse, at: time)).rgb.fading(by: level)
            for frame in pane.frames { scene.panes.append(LitPaneInstance(frame: frame, color: color)) }
        }

        // Every lumi gives at most two instances (itself and its trail stamp): write them straight into a
        // buffer of that size, which is far cheaper per instance than growing an array.
        let steps = rhythms.map { visibleSteps(of: $0, at: time, beat: beatNow) }
        let bound = 2 * (live.count + zip(rhythms, steps).reduce(0) { $0 + $1.0.templates.count * $1.1.count })
        var sounding = scene.sounding
        sounding.removeAll(keepingCapacity: true)
        scene.instances = lumiTable.withUnsafeBufferPointer { table in
            strokes.withUnsafeBufferPointer { strokes in
              soundEnvelopes.withValues(at: time) { heard in
                [SceneInstance](unsafeUninitializedCapacity: bound) { buffer, count in
                    guard let designs = table.baseAddress, var cursor = buffer.baseAddress else { return }
                    let followed = strokes.baseAddress
                    let envelopes = heard.baseAddress
                    for lumi in live {
                        let first = cursor
                        cursor = appendInstances(
                            of: lumi, design: designs + Int(lumi.template), strokes: followed, envelopes: envelopes,
                            at: time, beat: beatNow, beatsPerSecond: beatsPerSecond, to: cursor)
                        if cursor != first, (0..<8).contains(lumi.releaser) {
                            sounding.append(SoundingPlace(pad: Int(lumi.releaser), since: lumi.releaseTime, position: first.pointee.position))
                        }
                    }
                    for (press, range) in zip(rhythms, steps) {
                        cursor = appendRhythm(
                            press, steps: range, designs: designs, strokes: followed, envelopes: envelopes, at: time,
                            beat: beatNow, to: cursor)
                    }
                    count = buffer.baseAddress!.distance(to: cursor)
                }
              }
            }
        }
        scene.sounding = sounding
    }

    /// The steps of a held rhythm that can be seen at `time`: from the first after its pad went down (or
    /// the oldest whose release has not finished) to the last before now (or before its pad went up).
    private func visibleSteps(of press: RhythmicPress, at time: Double, beat beatNow: Double) -> Range<Int> {
        let bps = tempo.beatsPerSecond
        let rhythm = press.rhythm
        let gateSeconds = rhythm.gate * rhythm.step / bps
        let firstStep = Int((beat(at: press.downTime) / rhythm.step).rounded(.up))
        let oldestVisible = Int(((beatNow - (gateSeconds + press.longestRelease) * bps) / rhythm.step).rounded(.down))
        let lastStep = Int((beat(at: min(time, press.upTime)) / rhythm.step).rounded(.down))
        let start = max(firstStep, oldestVisible)
        return lastStep >= start ? start..<(lastStep + 1) : 0..<0
    }

    /// The visible steps of a held rhythm, each released as a group of lumis at its step time.
    private func appendRhythm(
        _ press: RhythmicPress, steps: Range<Int>, designs: UnsafePointer<Lumi.Compiled>,
        strokes: UnsafePointer<Stroke>?, envelopes: UnsafePointer<Double>?, at time: Double, beat beatNow: Double,
        to cursor: UnsafeMutablePointer<SceneInstance>
    ) -> UnsafeMutablePointer<SceneInstance> {
        var cursor = cursor
        let bps = tempo.beatsPerSecond
        let rhythm = press.rhythm
        let gateSeconds = rhythm.gate * rhythm.step / bps
        for step in steps where rhythm.plays(step: step) {
            let stepTime = self.time(atBeat: Double(step) * rhythm.step)
            for (index, template) in press.templates.enumerated() {
                let design = designs + Int(template)
                let lumi = LiveLumi(
                    template: template, pad: press.pad, releaseTime: stepTime, noteOffAge: gateSeconds,
                    fadeStart: press.fadeStart, fadeDuration: press.fadeDuration, velocity: press.velocity,
                    origin: Canvas.point(atFraction: design.pointee.anchor),
                    seed: StableRandom.bits(press.seed, Int64(step) << 8 | Int64(index)))
                cursor = appendInstances(
                    of: lumi, design: design, strokes: strokes, envelopes: envelopes, at: time, beat: beatNow,
                    beatsPerSecond: bps, to: cursor)
            }
        }
        return cursor
    }

    /// Evaluates one lumi at `time` and appends its instance, and its trail stamp if it leaves a trail.
    /// Kept out of line so that the oscillators, motion and colour conversion inline into it.
    @inline(never)
    private func appendInstances(
        of lumi: LiveLumi, design: UnsafePointer<Lumi.Compiled>, strokes: UnsafePointer<Stroke>?,
        envelopes: UnsafePointer<Double>?, at time: Double, beat: Double, beatsPerSecond: Double,
        to cursor: UnsafeMutablePointer<SceneInstance>
    ) -> UnsafeMutablePointer<SceneInstance> {
        var cursor = cursor
        let age = time - lumi.releaseTime
        var level = design.pointee.envelope.level(age: age, noteOff: lumi.noteOffAge)
        if lumi.fadeStart < time { level *= fadeLevel(at: time, start: lumi.fadeStart, duration: lumi.fadeDuration) }
        guard level > Self.invisible else { return cursor }

        let moment = Moment(elapsed: age, beat: beat, beatsPerSecond: beatsPerSecond)
        let opacity = LumiFeature.opacity.limit(design.pointee.opacity.value(at: moment, envelopes: envelopes)) * level * lumi.velocity
        guard opacity > Self.invisible else { return cursor }

        // Where: the motion's displacement after the travelled time, turned by the direction feature,
        // plus the sway of the position feature along that direction, kept on the canvas by the edges rule.
        let travelled = design.pointee.speed.integral(at: moment)
        var offset = design.pointee.motion.displacement(after: travelled, seed: lumi.seed, strokes: strokes)
        let direction = design.pointee.direction.value(at: moment, envelopes: envelopes)
        let sway = LumiFeature.position.limit(design.pointee.position.value(at: moment, envelopes: envelopes))
        if direction != 0 || sway != 0 {
            let cosine = Turns.cos(direction), sine = Turns.sin(direction)
            offset = Point(
                x: cosine * offset.x - sine * offset.y + cosine * sway,
                y: sine * offset.x + cosine * offset.y + sine * sway)
        }
        let position = design.pointee.edges.apply(lumi.origin + offset, in: Canvas.bounds)

        // How: size (velocity makes it larger), stretch, rotation, colour, outline.
        let size = LumiFeature.size.limit(design.pointee.size.value(at: moment, envelopes: envelopes)) * (0.5 + 0.5 * lumi.velocity)
        let morph = LumiFeature.morph.limit(design.pointee.morph.value(at: moment, envelopes: envelopes))
        let rotation = design.pointee.rotation.value(at: moment, envelopes: envelopes)
        let (red, green, blue) = HSVColor.components(
            hue: design.pointee.hue.value(at: moment, envelopes: envelopes),
            saturation: design.pointee.saturation.value(at: moment, envelopes: envelopes),
            value: design.pointee.brightness.value(at: moment, envelopes: envelopes))
        var strokeWidth = LumiFeature.strokeWidth.limit(design.pointee.strokeWidth.value(at: moment, envelopes: envelopes))
        if strokeWidth == 0, design.pointee.isStrokeOnly { strokeWidth = 0.04 }

        var instance = SceneInstance(
            form: design.pointee.form,
            transform: .placement(position: position, turns: rotation, sx: size * (1 + morph), sy: size * (1 - morph)),
            color: RGBAColor(red: red, green: green, blue: blue, alpha: opacity),
            strokeWidth: strokeWidth, layer: .trails, blend: design.pointee.blend)
        if design.pointee.leavesTrail {
            let trail = LumiFeature.trail.limit(design.pointee.trail.value(at: moment, envelopes: envelopes))
            if trail > Self.invisible {
                instance.opacity = Float(opacity * trail)
                cursor.initialize(to: instance)
                cursor += 1
                instance.opacity = Float(opacity)
            }
        }
        instance.layer = .lumis
        cursor.initialize(to: instance)
        return cursor + 1
    }
}

extension RGBAColor {
    /// The colour with red, green and blue multiplied by `factor` (towards black), alpha unchanged.
    func scaled(by factor: Double) -> RGBAColor {
        RGBAColor(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha)
    }
}
