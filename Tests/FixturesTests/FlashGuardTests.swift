import DMX
import Fixtures
import Raster
import Testing

/// No fixture flashes faster than 3 times a second from the stage, unless the performer allows strobing; the
/// fixtures the stage never drives rest until fired.
@Suite struct FlashGuardTests {
    static func stage(_ level: UInt8) -> StageSampler {
        var picture = Bitmap(width: 16, height: 9)
        for pixel in 0..<(16 * 9) { picture.pixels.replaceSubrange((pixel * 4)..<(pixel * 4 + 4), with: [level, level, level, 255]) }
        return StageSampler(picture)
    }

    /// The first channel of each fixture of `patch`, frame by frame, for a stage flashing white and black at
    /// `hertz`, 40 frames a second for `seconds`.
    static func levels(_ patch: FixturePatch, flashingAt hertz: Double, for seconds: Double, controls: FixtureControls) -> [[UInt8]] {
        var state = FixtureFrameState()
        return (0..<Int(seconds * 40)).map { frame in
            let time = Double(frame) / 40
            let lit = Int(time * hertz * 2) % 2 == 0
            let frames = FixtureOutput.frames(of: patch, showing: stage(lit ? 255 : 0), controls: controls, at: time, state: &state)
            return patch.lights.map { frames[$0[0].universe]![$0[0].address] }
        }
    }

    /// The most flashes (a rise and a fall) in any second of `levels`, 40 a second.
    static func mostFlashesASecond(_ levels: [UInt8]) -> Double {
        var turns: [Int] = []
        var direction = 0
        for frame in 1..<levels.count where abs(Int(levels[frame]) - Int(levels[frame - 1])) >= 26 {
            let now = levels[frame] > levels[frame - 1] ? 1 : -1
            if now != direction { turns.append(frame) }
            direction = now
        }
        return Double(turns.indices.map { at in turns[at...].prefix { $0 < turns[at] + 40 }.count }.max() ?? 0) / 2
    }

    static let patch: FixturePatch = {
        do {
            return try FixturePatch([
                Fixture(name: "Par", universe: 1, address: 1, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1),
                Fixture(
                    name: "Dimmer", universe: 1, address: 10, profile: GenericProfiles.profile(.dimmer).mode(named: "dimmer"),
                    placement: .point(StagePoint(x: 0.2, y: 0.2)), gamma: 1),
            ])
        } catch {
            preconditionFailure("the patch is valid: \(error)")  // a programming error, caught here
        }
    }()

    @Test func aStageFlashingTenTimesASecondFlashesNoFixtureMoreThanThreeTimesASecond() {
        let guarded = Self.levels(Self.patch, flashingAt: 10, for: 4, controls: FixtureControls())
        for fixture in 0..<2 {
            let flashes = Self.mostFlashesASecond(guarded.map { $0[fixture] })
            #expect(flashes <= 3 && flashes >= 2, "fixture \(fixture): \(flashes) flashes a second")
        }
        let allowed = Self.levels(Self.patch, flashingAt: 10, for: 4, controls: FixtureControls(allowStrobe: true))
        #expect(Self.mostFlashesASecond(allowed.map { $0[0] }) >= 9)
    }

    @Test func slowFlashesAndFadesPassAsTheyAre() {
        let slow = Self.levels(Self.patch, flashingAt: 1, for: 3, controls: FixtureControls())
        let free = Self.levels(Self.patch, flashingAt: 1, for: 3, controls: FixtureControls(allowStrobe: true))
        #expect(slow == free)
    }
}
