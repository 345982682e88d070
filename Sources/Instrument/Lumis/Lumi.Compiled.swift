import Geometry

extension Lumi {
    /// A lumi's design flattened into plain numbers — no payloads, no references — which is what each frame
    /// evaluates, tens of thousands of times. Built once when a lumi is first released.
    struct Compiled: Sendable {
        var envelope: Envelope
        var position, size, rotation, hue, saturation, brightness: Oscillator.Compiled
        var opacity, morph, strokeWidth, speed, direction, trail: Oscillator.Compiled
        var motion: Motion.Compiled
        var edges: EdgeBehavior
        var blend: BlendMode
        /// The form's index in the scene's form table.
        var form: Int32
        var isStrokeOnly: Bool
        var leavesTrail: Bool
        var anchor: Point

        init(_ lumi: Lumi, form: Int32, stroke: Int32) {
            let f = lumi.features
            func compile(_ setting: FeatureSetting) -> Oscillator.Compiled {
                Oscillator.Compiled(setting.oscillator, base: setting.base)
            }
            envelope = lumi.envelope
            position = compile(f.position)
            size = compile(f.size)
            rotation = compile(f.rotation)
            hue = compile(f.hue)
            saturation = compile(f.saturation)
            brightness = compile(f.brightness)
            opacity = compile(f.opacity)
            morph = compile(f.morph)
            strokeWidth = compile(f.strokeWidth)
            speed = compile(f.speed)
            direction = compile(f.direction)
            trail = compile(f.trail)
            motion = Motion.Compiled(lumi.motion, stroke: stroke)
            edges = lumi.edges
            blend = lumi.blend
            self.form = form
            isStrokeOnly = lumi.form.isStrokeOnly
            leavesTrail = f.trail.base + f.trail.oscillator.offset + abs(f.trail.oscillator.depth)
                + abs(f.trail.oscillator.follow?.amount ?? 0) > 0
            anchor = lumi.anchor
        }

        /// Points the features that follow the sound at their envelopes, made in `envelopes` if new.
        mutating func follow(_ features: LumiFeatures, envelopes: inout SoundEnvelopes) {
            func connect(_ compiled: inout Oscillator.Compiled, _ setting: FeatureSetting) {
                guard let follow = setting.oscillator.follow else { return }
                compiled.follower = envelopes.slot(for: follow.shape)
                compiled.followAmount = follow.amount
            }
            connect(&position, features.position)
            connect(&size, features.size)
            connect(&rotation, features.rotation)
            connect(&hue, features.hue)
            connect(&saturation, features.saturation)
            connect(&brightness, features.brightness)
            connect(&opacity, features.opacity)
            connect(&morph, features.morph)
            connect(&strokeWidth, features.strokeWidth)
            connect(&direction, features.direction)
            connect(&trail, features.trail)
        }
    }
}
