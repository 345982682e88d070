import DMX
import Fixtures
import Raster
import Testing

/// Moving heads following the stage: pan and tilt from the calibration's homography (16-bit), turned at no
/// more than the slew, a fixed point, the brightest light of an area or a chord's oldest lumi followed, and a
/// lost target resting where it is, dimmed.
@Suite struct MovingHeadTests {
    /// A head of 540° pan and 270° tilt: pan, pan fine, tilt, tilt fine, dimmer, red, green, blue.
    static let head: PatchedProfile = {
        let channels = [
            ProfileChannel(name: "Pan", preset: "PositionPan"), ProfileChannel(name: "Pan fine", preset: "PositionPanFine"),
            ProfileChannel(name: "Tilt", preset: "PositionTilt"), ProfileChannel(name: "Tilt fine", preset: "PositionTiltFine"),
            ProfileChannel(name: "Dimmer", preset: "IntensityDimmer"), ProfileChannel(name: "Red", preset: "IntensityRed"),
            ProfileChannel(name: "Green", preset: "IntensityGreen"), ProfileChannel(name: "Blue", preset: "IntensityBlue"),
        ]
        let profile = FixtureProfile(
            manufacturer: "Test", model: "Head", type: "Moving Head", channels: channels,
            modes: [ProfileMode(name: "8", channels: channels.map(\.name))], panDegrees: 540, tiltDegrees: 270)
        return profile.mode(named: "8")!  // the mode is there: a programming error otherwise
    }()

    /// A calibration of a head hung above the stage, looking down at a slant (a real quadrilateral, not a square).
    static let calibration = [PanTilt(pan: 230, tilt: 100), PanTilt(pan: 310, tilt: 95), PanTilt(pan: 300, tilt: 160), PanTilt(pan: 240, tilt: 170)]

    static func fixture(_ follow: AimFollow, slew: Double = 180) -> Fixture {
        Fixture(
            name: "Head", universe: 1, address: 1, profile: head, aim: FixtureAim(calibration: calibration, follow: follow, slew: slew),
            placement: .point(StagePoint(x: 0.5, y: 0)), gamma: 1)
    }

    /// A dark stage with one lit square of `size` pixels at `point` (of a 128×72 picture).
    static func stage(lit point: StagePoint?, color: [UInt8] = [255, 128, 0], sounding: [SoundingLumi] = []) -> StageSampler {
        var picture = Bitmap(width: 128, height: 72)
        if let point {
            let (column, row) = (Int(point.x * 128), Int(point.y * 72))
            for y in max(0, row - 1)...min(71, row + 1) {
                for x in max(0, column - 1)...min(127, column + 1) {
                    picture.pixels.replaceSubrange(((y * 128 + x) * 4)..<((y * 128 + x) * 4 + 4), with: color + [255])
                }
            }
        }
        return StageSampler(picture, sounding: sounding)
    }

    /// Pan and tilt in degrees from the head's 16-bit channels.
    static func panTilt(_ levels: DMXFrame) -> PanTilt {
        PanTilt(
            pan: Double(Int(levels[1]) << 8 | Int(levels[2])) / 65535 * 540, tilt: Double(Int(levels[3]) << 8 | Int(levels[4])) / 65535 * 270)
    }

    static func frame(_ patch: FixturePatch, _ stage: StageSampler, at time: Double, state: inout FixtureFrameState) -> DMXFrame {
        FixtureOutput.frames(of: patch, showing: stage, controls: FixtureControls(), at: time, state: &state)[1]!
    }

    @Test func aHeadPointsWhereTheCalibrationsHomographySaysWithinHalfADegree() throws {
        let aim = FixtureAim(calibration: Self.calibration, follow: .point(StagePoint(x: 0, y: 0)))
        for (x, y) in [(0.0, 0.0), (1, 0), (1, 1), (0, 1), (0.5, 0.5), (0.1, 0.9), (0.73, 0.21), (0.33, 0.66)] {
            let point = StagePoint(x: x, y: y)
            var state = FixtureFrameState()
            let patch = try FixturePatch([Self.fixture(.point(point))])
            let sent = Self.panTilt(Self.frame(patch, Self.stage(lit: nil), at: 0, state: &state))
            let wanted = try #require(aim.panTilt(at: point))
            #expect(abs(sent.pan - wanted.pan) < 0.5 && abs(sent.tilt - wanted.tilt) < 0.5, "\(point): \(sent) for \(wanted)")
        }
        // The corners are the calibration's own.
        let corner = try #require(aim.panTilt(at: StagePoint(x: 1, y: 1)))
        #expect(abs(corner.pan - Self.calibration[2].pan) < 1e-9 && abs(corner.tilt - Self.calibration[2].tilt) < 1e-9)
    }

    @Test func itTurnsNoFasterThanItsSlewAndArrives() throws {
        let patch = try FixturePatch([Self.fixture(.brightest(x: 0, y: 0, width: 1, height: 1), slew: 90)])
        var state = FixtureFrameState()
        let start = Self.panTilt(Self.frame(patch, Self.stage(lit: StagePoint(x: 0.02, y: 0.03)), at: 0, state: &state))
        var previous = start
        var time = 0.0
        for _ in 0..<80 {  // two seconds at 40 frames a second, the light now at the far corner
            time += 0.025
            let now = Self.panTilt(Self.frame(patch, Self.stage(lit: StagePoint(x: 0.97, y: 0.96)), at: time, state: &state))
            #expect(abs(now.pan - previous.pan) <= 90 * 0.025 + 0.02 && abs(now.tilt - previous.tilt) <= 90 * 0.025 + 0.02)
            previous = now
        }
        let far = try #require(FixtureAim(calibration: Self.calibration, follow: .point(StagePoint(x: 0, y: 0))).panTilt(at: StagePoint(x: 0.97, y: 0.96)))
        #expect(abs(previous.pan - far.pan) < 0.5 && abs(previous.tilt - far.tilt) < 0.5, "arrived within two seconds")
        #expect(abs(start.pan - far.pan) > 40, "it had far to go")
    }

    @Test func itTakesItsColourFromWhereItPointsAndRestsDimmedWhenItLosesItsTarget() throws {
        let patch = try FixturePatch([Self.fixture(.brightest(x: 0.5, y: 0, width: 0.5, height: 1))])
        var state = FixtureFrameState()
        let lit = Self.frame(patch, Self.stage(lit: StagePoint(x: 0.8, y: 0.4)), at: 0, state: &state)
        #expect([lit[5], lit[6], lit[7], lit[8]] == [255, 255, 128, 0])  // the dimmer full, the orange where it points
        let pointed = Self.panTilt(lit)
        let lost = Self.frame(patch, Self.stage(lit: StagePoint(x: 0.2, y: 0.4)), at: 0.5, state: &state)  // outside its area
        #expect(Self.panTilt(lost) == pointed, "resting where it was")
        #expect(lost[5] == 64, "dimmed to a quarter")
    }

    /// A target lost and found ten times a second (a light jumping in and out of the head's area, a chord's
    /// lumis struck and let go) would flash the resting head ten times a second: the flash guard holds it to
    /// three, as it does the stage's own flashes, unless strobing is allowed.
    @Test func aTargetLostAndFoundTenTimesASecondFlashesTheHeadNoMoreThanThreeTimesASecond() throws {
        let inArea = StagePoint(x: 0.8, y: 0.4)
        let chordLumi = [SoundingLumi(chord: 2, since: 0, point: inArea)]
        for follow in [AimFollow.brightest(x: 0.5, y: 0, width: 0.5, height: 1), .chord(2)] {
            let patch = try FixturePatch([Self.fixture(follow)])
            func dimmer(_ controls: FixtureControls) -> [UInt8] {
                var state = FixtureFrameState()
                return (0..<160).map { frame in
                    let time = Double(frame) / 40
                    let found = Int(time * 20) % 2 == 0  // ten times a second
                    let stage = Self.stage(lit: found ? inArea : StagePoint(x: 0.2, y: 0.4), color: [255, 255, 255], sounding: found ? chordLumi : [])
                    return FixtureOutput.frames(of: patch, showing: stage, controls: controls, at: time, state: &state)[1]![5]
                }
            }
            let guarded = FlashGuardTests.mostFlashesASecond(dimmer(FixtureControls()))
            #expect(guarded <= 3, "\(follow): \(guarded) flashes a second")
            let allowed = FlashGuardTests.mostFlashesASecond(dimmer(FixtureControls(allowStrobe: true)))
            #expect(allowed >= 9, "\(follow) with strobing allowed: \(allowed) flashes a second")
        }
    }

    @Test func itFollowsAChordsOldestLumi() throws {
        let patch = try FixturePatch([Self.fixture(.chord(3))])
        let aim = FixtureAim(calibration: Self.calibration, follow: .chord(3))
        let sounding = [
            SoundingLumi(chord: 3, since: 2.0, point: StagePoint(x: 0.9, y: 0.9)), SoundingLumi(chord: 3, since: 1.0, point: StagePoint(x: 0.25, y: 0.5)),
            SoundingLumi(chord: 4, since: 0.5, point: StagePoint(x: 0.7, y: 0.1)),
        ]
        var state = FixtureFrameState()
        let sent = Self.panTilt(Self.frame(patch, Self.stage(lit: nil, sounding: sounding), at: 0, state: &state))
        let wanted = try #require(aim.panTilt(at: StagePoint(x: 0.25, y: 0.5)))
        #expect(abs(sent.pan - wanted.pan) < 0.5 && abs(sent.tilt - wanted.tilt) < 0.5)
    }

    @Test func aHeadAimedByHandGoesThereAtOnceWithATestBeamAndTurnsBackAtItsSlewAfter() throws {
        let patch = try FixturePatch([Self.fixture(.point(StagePoint(x: 0, y: 0)), slew: 40)])
        var state = FixtureFrameState()
        _ = Self.frame(patch, Self.stage(lit: nil), at: 0, state: &state)
        let byHand = FixtureControls(aiming: HandAim(fixture: "Head", at: PanTilt(pan: 400, tilt: 200)))
        let aimed = try #require(FixtureOutput.frames(of: patch, showing: Self.stage(lit: nil), controls: byHand, at: 0.025, state: &state)[1])
        #expect(abs(Self.panTilt(aimed).pan - 400) < 0.01 && abs(Self.panTilt(aimed).tilt - 200) < 0.01)
        #expect([aimed[5], aimed[6], aimed[7], aimed[8]] == [255, 255, 255, 255], "a white test beam at full")
        let after = Self.panTilt(Self.frame(patch, Self.stage(lit: nil), at: 0.525, state: &state))
        #expect(abs(after.pan - (400 - 20)) < 0.01 && abs(after.tilt - (200 - 20)) < 0.01, "40° a second back toward its point: \(after)")
    }

    /// The live stage is drawn only in the rows the lights read: a head may point anywhere, so with one in the
    /// patch every row is drawn (else it took its colour from rows never drawn: black).
    @Test func aPatchWithAMovingHeadReadsEveryRowOfTheStage() throws {
        let par = Fixture(name: "Par", universe: 1, address: 100, kind: .rgb, placement: .point(StagePoint(x: 0.5, y: 0.5)))
        #expect(try FixturePatch([par]).rowsRead(height: 72).reduce(0) { $0 + $1.count } < 72)
        #expect(try FixturePatch([par, Self.fixture(.chord(1))]).rowsRead(height: 72) == [0..<72])
    }

    @Test func anAimIsRefusedWithWhyWhenItCannotBeFollowed() {
        func refusal(_ fixture: Fixture) -> String? {
            do { _ = try FixturePatch([fixture]); return nil } catch { return error.description }
        }
        var flat = Self.fixture(.point(StagePoint(x: 0.5, y: 0.5)))
        flat.aim?.calibration = [PanTilt(pan: 10, tilt: 10), PanTilt(pan: 20, tilt: 20), PanTilt(pan: 30, tilt: 30), PanTilt(pan: 40, tilt: 40)]
        #expect(refusal(flat) == "fixture “Head”: its four corners' pan and tilt make no quadrilateral (three in a line, or two sides crossed?)")
        // Three exactly in a line, which the homography alone keeps by a rounding, and two sides crossed.
        var lined = Self.fixture(.point(StagePoint(x: 0.5, y: 0.5)))
        lined.aim?.calibration = [PanTilt(pan: 63, tilt: 131.5), PanTilt(pan: 45, tilt: 108.5), PanTilt(pan: 263, tilt: 260), PanTilt(pan: 90, tilt: 166)]
        #expect(refusal(lined)?.hasSuffix("make no quadrilateral (three in a line, or two sides crossed?)") == true, "\(refusal(lined) ?? "kept")")
        // In a line with decimals: (85.3, 158.4), (94.7, 173.7), (104.1, 189) cross at 4.8e-13, not 0.
        lined.aim?.calibration = [PanTilt(pan: 85.3, tilt: 158.4), PanTilt(pan: 94.7, tilt: 173.7), PanTilt(pan: 300, tilt: 250), PanTilt(pan: 104.1, tilt: 189)]
        lined.aim?.calibration.swapAt(2, 3)  // the three in a line are the first, second and third corners
        #expect(refusal(lined)?.hasSuffix("make no quadrilateral (three in a line, or two sides crossed?)") == true, "\(refusal(lined) ?? "kept")")
        var crossed = Self.fixture(.point(StagePoint(x: 0.5, y: 0.5)))
        crossed.aim?.calibration = [Self.calibration[0], Self.calibration[2], Self.calibration[1], Self.calibration[3]]
        #expect(refusal(crossed)?.hasSuffix("make no quadrilateral (three in a line, or two sides crossed?)") == true)
        var far = Self.fixture(.point(StagePoint(x: 0.5, y: 0.5)))
        far.aim?.calibration[0].pan = 600
        #expect(refusal(far) == "fixture “Head”: a corner's pan is 0 to 540.0° and its tilt 0 to 270.0°, not 600.0°, 100.0°")
        #expect(refusal(Self.fixture(.chord(9))) == "fixture “Head”: an aim follows chord 1 to 8; 9 is not")
        #expect(refusal(Self.fixture(.point(StagePoint(x: 0.5, y: 0.5)), slew: 0)) == "fixture “Head”: a slew is 1 to 3600 degrees a second; 0.0 is not")
        let par = Fixture(
            name: "Par", universe: 1, address: 1, kind: .rgb, aim: FixtureAim(calibration: Self.calibration, follow: .chord(1)),
            placement: .point(StagePoint(x: 0.5, y: 0.5)))
        #expect(refusal(par) == "fixture “Par”: only a moving head (a fixture with a profile that pans or tilts) has an aim")
    }
}
