import DMX
import Foundation

/// The DMX frames of a patch for one picture of the stage: each light's colour sampled, shaped by its
/// fixture's gamma and level and the master, written in its kind's channels.
///
/// The shape: a sampled value v (0…1) becomes v^gamma; red, green, blue and white are multiplied by the level
/// and the master; `rgbw` takes the least of red, green and blue out of them as white; `dimmer` shows the
/// luminance (Rec. 709 weights of the shaped values); a kind with a dimmer channel carries the colour in its
/// colour channels and the level and master in its dimmer. A fixture whose level times the master is 0 (a
/// blackout) sends 0 on every channel.
public enum FixtureOutput {
    /// The frames of every universe `patch` fills, at `time` (seconds, for identify's blinking), each frame on
    /// its own (no flash held off, no head moving from where it was: `frames(of:showing:controls:at:state:)`
    /// keeps them between frames).
    public static func frames(
        of patch: FixturePatch, showing stage: StageSampler, controls: FixtureControls, at time: Double
    ) -> [Int: DMXFrame] {
        var state = FixtureFrameState()
        return frames(of: patch, showing: stage, controls: controls, at: time, state: &state)
    }

    /// The frames of every universe `patch` fills, at `time` (seconds): the stage's flashes held to 3 a second
    /// unless the controls allow strobing, each moving head turned toward what it follows at its slew — both
    /// kept in `state` from one frame to the next.
    public static func frames(
        of patch: FixturePatch, showing stage: StageSampler, controls: FixtureControls, at time: Double, state: inout FixtureFrameState
    ) -> [Int: DMXFrame] {
        let universes = patch.universes
        var frames = [DMXFrame](repeating: DMXFrame(), count: universes.count)
        var current = (universe: -1, index: 0)  // a fixture's lights fill one universe after another
        var sampler = CellSampler(stage: stage, flashes: controls.allowStrobe ? nil : state.flashes, count: patch.cellCount, time: time)
        for (index, (fixture, lights)) in zip(patch.fixtures, patch.lights).enumerated() {
            let shown = Self.shown(fixture, controls: controls, at: time)
            let count = fixture.channelCount
            for light in lights {
                if light.universe != current.universe {
                    guard let universe = universes.firstIndex(of: light.universe) else { continue }
                    current = (light.universe, universe)
                }
                if let channels = patch.channels[index] {
                    var levels = [UInt8](repeating: 0, count: count)
                    let byHand = controls.aiming.flatMap { $0.fixture == fixture.name ? $0.at : nil }
                    let beam = fixture.aim.map { Self.beam(of: fixture, aimed: $0, on: stage, at: time, heads: &state.heads, aimedByHand: byHand) }
                        ?? byHand.map { (point: nil, aim: Self.travel(of: fixture, at: $0), lost: false) }
                    let regions = beam?.point.map { Array(repeating: StageRegion.point($0), count: light.regions.count) } ?? light.regions
                    let lit = regions.map { sampler.color(of: $0, shaped: fixture.gamma, keeping: beam?.lost == true ? Self.lostLevel : 1) }
                    Self.profiledLevels(
                        lit.map(\.color), channels, fixture: fixture, shown: shown, master: controls.master * (lit.first?.kept ?? 1),
                        aim: beam?.aim, into: &levels)
                    for offset in 0..<count { frames[current.index][light.address + offset] = levels[offset] }
                } else {
                    let color = sampler.color(of: light.region, shaped: 1).color
                    let levels: SIMD8<UInt8> = switch shown {
                    case .white: .full
                    case .dark: .dark
                    case .stage: Self.shaped(color, fixture: fixture, master: controls.master)
                    }
                    for offset in 0..<count { frames[current.index][light.address + offset] = levels[offset] }
                }
            }
        }
        if let guarded = sampler.flashes { state.flashes = guarded }
        return Dictionary(uniqueKeysWithValues: zip(universes, frames))
    }

    /// What `fixture` shows at `time`: the test it is under, dark in a blackout (or while another is identified),
    /// white while the performer fires a fixture the stage never drives, else the stage.
    static func shown(_ fixture: Fixture, controls: FixtureControls, at time: Double) -> Shown {
        let test = controls.test.flatMap { $0.fixture == nil || $0.fixture == fixture.name ? $0.mode : nil }
        switch test {
        case .white: return .white
        case .black: return .dark
        case .identify: return Int(time / FixtureTest.blink) % 2 == 0 ? .white : .dark
        case nil where controls.test?.mode == .identify || controls.blackout: return .dark
        case nil where controls.firing.contains(fixture.name) || controls.aiming?.fixture == fixture.name: return .white
        case nil: return .stage
        }
    }

    /// What a fixture shows: full white, dark, or the stage.
    enum Shown { case white, dark, stage }

    /// A profiled light's channels: its cells' colours from the stage (shaped by its gamma), or white, or dark
    /// — its held channels, its open shutter and its wheel kept as they are. A fixture the stage never drives
    /// shows white only while fired, else rests.
    static func profiledLevels(
        _ colors: [SampledColor], _ channels: ProfiledChannels, fixture: Fixture, shown: Shown, master: Double,
        aim: (pan: Double, tilt: Double)? = nil, into levels: inout [UInt8]
    ) {
        let level = min(max(fixture.level * master, 0), 1)
        switch shown {
        case .white where channels.restsUnlessFired:
            ProfiledChannels(channels.profile, hold: fixture.hold, name: fixture.name, fired: true)
                .levels(colors: Array(repeating: .white, count: colors.count), intensity: level, aim: aim, into: &levels)
        case .white: channels.levels(colors: Array(repeating: .white, count: colors.count), intensity: 1, aim: aim, into: &levels)
        case .dark: channels.levels(colors: Array(repeating: .black, count: colors.count), intensity: 0, aim: aim, into: &levels)
        case .stage: channels.levels(colors: colors, intensity: level, aim: aim, into: &levels)
        }
    }

    /// How much of its level a moving head keeps while it has lost what it follows (resting where it is).
    public static let lostLevel = 0.25

    /// A moving head's beam this frame: its motors turned toward what it follows (at its slew, from where they
    /// were), where on the stage the beam then falls, its pan and tilt as parts of their travel, and whether
    /// it has lost its target.
    static func beam(
        of fixture: Fixture, aimed aim: FixtureAim, on stage: StageSampler, at time: Double, heads: inout [String: HeadMotion],
        aimedByHand: PanTilt? = nil
    ) -> (point: StagePoint?, aim: (pan: Double, tilt: Double)?, lost: Bool) {
        let followed: StagePoint? = switch aim.follow {
        case .point(let point): point
        case .brightest(let x, let y, let width, let height): stage.brightest(x: x, y: y, width: width, height: height)
        case .chord(let chord): stage.oldestLumi(ofChord: chord)
        }
        var motion = heads[fixture.name] ?? HeadMotion()
        let now = if let manual = aimedByHand {
            motion.place(at: manual, time: time)
        } else {
            motion.move(toward: followed.flatMap(aim.panTilt(at:)), slew: aim.slew, at: time)
        }
        heads[fixture.name] = motion
        let lost = followed == nil && aimedByHand == nil
        guard let now else { return (nil, nil, lost) }
        return (aim.stagePoint(at: now), travel(of: fixture, at: now), lost)
    }

    /// `aim` as parts (0…1) of `fixture`'s pan and tilt travel.
    static func travel(of fixture: Fixture, at aim: PanTilt) -> (pan: Double, tilt: Double) {
        let travel = (pan: max(fixture.profile?.panDegrees ?? 0, 1e-9), tilt: max(fixture.profile?.tiltDegrees ?? 0, 1e-9))
        return (min(max(aim.pan / travel.pan, 0), 1), min(max(aim.tilt / travel.tilt, 0), 1))
    }

    /// The channel levels of one light of `fixture` (of one cell) showing `color`.
    public static func levels(of color: SampledColor, fixture: Fixture, master: Double) -> [UInt8] {
        if let profile = fixture.profile {
            var levels = [UInt8](repeating: 0, count: profile.channels.count)
            let shaped = SampledColor(red: shape(color.red, fixture.gamma), green: shape(color.green, fixture.gamma), blue: shape(color.blue, fixture.gamma))
            profiledLevels(
                Array(repeating: shaped, count: fixture.cellCount), ProfiledChannels(profile, hold: fixture.hold, name: fixture.name),
                fixture: fixture, shown: .stage, master: master, into: &levels)
            return levels
        }
        let levels = shaped(color, fixture: fixture, master: master)
        return (0..<fixture.kind.channelCount).map { levels[$0] }
    }

    /// The levels of a light, its kind's channels first (the rest 0): no allocation, a light at a time.
    static func shaped(_ color: SampledColor, fixture: Fixture, master: Double) -> SIMD8<UInt8> {
        let intensity = min(max(fixture.level * master, 0), 1)
        guard intensity > 0 else { return .dark }
        let hasDimmer = fixture.kind == .rgbd || fixture.kind == .rgbwd
        let scale = hasDimmer ? 1 : intensity
        let (red, green, blue) = (shape(color.red, fixture.gamma) * scale, shape(color.green, fixture.gamma) * scale, shape(color.blue, fixture.gamma) * scale)
        let white = min(red, green, blue)
        return switch fixture.kind {
        case .dimmer: SIMD8(byte(0.2126 * red + 0.7152 * green + 0.0722 * blue), 0, 0, 0, 0, 0, 0, 0)
        case .rgb: SIMD8(byte(red), byte(green), byte(blue), 0, 0, 0, 0, 0)
        case .rgbw: SIMD8(byte(red - white), byte(green - white), byte(blue - white), byte(white), 0, 0, 0, 0)
        case .rgbd: SIMD8(byte(red), byte(green), byte(blue), byte(intensity), 0, 0, 0, 0)
        case .rgbwd: SIMD8(byte(red - white), byte(green - white), byte(blue - white), byte(white), byte(intensity), 0, 0, 0)
        }
    }

    /// v^gamma of a value kept within 0…1 (gamma 1 costs nothing; a pixel's own value at the default gamma is
    /// looked up, not worked out: most lights read one pixel, 40 times a second).
    static func shape(_ value: Double, _ gamma: Double) -> Double {
        let kept = min(max(value, 0), 1)
        if gamma == 1 { return kept }
        let step = kept * 255
        if gamma == Fixture.defaultGamma, step == step.rounded() { return defaultGammaTable[Int(step)] }
        return pow(kept, gamma)
    }

    /// (k / 255)^2.2 for every 8-bit value k.
    private static let defaultGammaTable: [Double] = (0...255).map { pow(Double($0) / 255, Fixture.defaultGamma) }

    private static func byte(_ value: Double) -> UInt8 { UInt8(min(max(value * 255, 0), 255).rounded()) }
}

/// Reads each cell's colour from the stage, one after another in the patch's order, through the flash guard
/// when there is one.
struct CellSampler {
    let stage: StageSampler
    var flashes: FlashGuard?
    let count: Int
    let time: Double
    private var next = 0

    init(stage: StageSampler, flashes: FlashGuard?, count: Int, time: Double) {
        self.stage = stage
        self.flashes = flashes
        self.count = count
        self.time = time
    }

    /// The next cell's colour, showing `region`, shaped by `gamma`, and the part of its level its fixture keeps
    /// (`kept`, or what it kept while a flash is held off).
    mutating func color(of region: StageRegion, shaped gamma: Double, keeping kept: Double = 1) -> (color: SampledColor, kept: Double) {
        var (color, kept) = (stage.color(of: region), kept)
        if next < count, let limited = flashes?.limit(color, keeping: kept, cell: next, of: count, at: time) { (color, kept) = limited }
        next += 1
        guard gamma != 1 else { return (color, kept) }
        let shaped = SampledColor(
            red: FixtureOutput.shape(color.red, gamma), green: FixtureOutput.shape(color.green, gamma), blue: FixtureOutput.shape(color.blue, gamma))
        return (shaped, kept)
    }
}

extension SIMD8<UInt8> {
    static var full: Self { Self(repeating: 255) }
    static var dark: Self { Self(repeating: 0) }
}
