import DMX
import FixtureDefinitions
import Fixtures
import Foundation
import Raster
import Testing

/// Real fixtures from QLC+'s definitions (Debian's `qlcplus-data`): every one read or refused with why, and
/// known fixtures' channels driven by what each channel is — exact values for known stages.
@Suite struct FixtureProfileTests {
    static let system = FixtureDefinitionFolders.systemFolder

    /// The profile defined in the system's `file` (relative to QLC+'s folder).
    static func profile(_ file: String) throws -> FixtureProfile {
        let data = try Data(contentsOf: system.appendingPathComponent(file))
        return try QXFReader.profile(from: data)
    }

    /// A fixture patched in `mode` of the system's `file`, at the stage's middle, gamma 1.
    static func fixture(_ file: String, mode: String, hold: [String: Int] = [:], level: Double = 1) throws -> Fixture {
        let profile = try #require(try profile(file).mode(named: mode))
        return Fixture(
            name: "F", universe: 1, address: 1, profile: profile, hold: hold, placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1,
            level: level)
    }

    /// The channels `fixture` sends for a stage all of `color` (0…255 each).
    static func channels(_ fixture: Fixture, showing color: [UInt8], controls: FixtureControls = FixtureControls(), at time: Double = 0) throws -> [UInt8] {
        var picture = Bitmap(width: 16, height: 9)
        for pixel in 0..<(16 * 9) { picture.pixels.replaceSubrange((pixel * 4)..<(pixel * 4 + 4), with: color + [255]) }
        let patch = try FixturePatch([fixture])
        let frame = try #require(FixtureOutput.frames(of: patch, showing: StageSampler(picture), controls: controls, at: time)[1])
        return Array(frame.levels.prefix(fixture.channelCount))
    }

    @Test func everyDefinitionDebianShipsIsReadOrRefusedWithItsReason() throws {
        let files = FixtureDefinitionFolders.definitions(under: Self.system)
        try #require(files.count > 1_000, "Debian's qlcplus-data is installed (make installs it)")
        let reading = FixtureDefinitionFolders(folders: [Self.system]).read()
        #expect(reading.profiles.count + reading.refused.count == files.count)
        #expect(reading.refused.allSatisfy { !$0.reason.isEmpty })
        #expect(reading.profiles.count >= files.count * 99 / 100, "refused: \(reading.refused.prefix(10))")
        print("fixture definitions: \(files.count) files, \(reading.profiles.count) read, \(reading.refused.count) refused, \(reading.leftOut.count) modes left out")
        for refused in reading.refused { print("  refused \(refused.file): \(refused.reason)") }
        for mode in reading.leftOut { print("  mode left out of \(mode.file): \(mode.reason)") }
    }

    @Test func theSlimPARInSevenChannelsShowsItsColoursWithStrobeAndMacroAtNoFunctionAndItsDimmerFull() throws {
        let par = try Self.fixture("Chauvet/Chauvet-SlimPAR-56.qxf", mode: "7-Ch")
        // Red, Green, Blue, Color Macros, Strobe, Mode, Dimmer.
        #expect(try Self.channels(par, showing: [200, 100, 50]) == [200, 100, 50, 0, 7, 0, 255])
        let half = try Self.fixture("Chauvet/Chauvet-SlimPAR-56.qxf", mode: "7-Ch", level: 0.5)
        #expect(try Self.channels(half, showing: [200, 100, 50]) == [200, 100, 50, 0, 7, 0, 128])
        let roles = ProfiledChannels(try #require(par.profile)).roles.map(\.label)
        #expect(roles == ["red", "green", "blue", "held", "shutter (open)", "held", "dimmer"])
    }

    @Test func anRGBWAndAnRGBAWParMixTheirEmitters() throws {
        // Orange (255, 191, 64): white takes the grey the three share, amber the orange red and green still share.
        let rgbw = try Self.fixture("Blizzard_Lighting/Blizzard-Lighting-Hotbox-RGBW.qxf", mode: "5 Channel Mode")
        let rgbaw = try Self.fixture("Blizzard_Lighting/Blizzard-Lighting-Hotbox-RGBAW.qxf", mode: "10 Channel Mode")
        #expect(try Self.channels(rgbw, showing: [255, 191, 64]).prefix(5) == [255, 191, 127, 0, 64])
        // Dimmer, Red, Green, Blue, Amber, White, …: amber = min(191/1, 127/0.75) = 169.3.
        #expect(try Self.channels(rgbaw, showing: [255, 191, 64]).prefix(6) == [255, 22, 0, 0, 169, 64])
    }

    @Test func anRGBAParAnRGBUVParAndACMYHeadMixTheirEmitters() throws {
        // Red-orange (255, 96, 0) on red, green, blue and amber: amber takes the orange red and green share,
        // min(1 / 1, 0.376 / 0.75) = 0.502 → 128; red keeps 1 − 0.502 → 127; green is spent.
        let rgba = try Self.fixture("Litecraft/Litecraft-Mini-PAR-AT10.qxf", mode: "4 Channel")
        #expect(try Self.channels(rgba, showing: [255, 96, 0]) == [127, 0, 0, 128])
        // Violet (128, 0, 255) on a master dimmer, red, green, blue and UV: UV glows with what blue has beyond red
        // and green, 1 − 0.502 → 127, and the colours stay as they are.
        let uv = try Self.fixture("Varytec/Varytec-BAT.PAR-6-RGBUV.qxf", mode: "6 channel")
        #expect(try Self.channels(uv, showing: [128, 0, 255]).prefix(5) == [255, 128, 0, 255, 127])
        // Orange (255, 128, 0) through cyan, magenta and yellow filters: each takes out of white what the colour
        // lacks — no cyan, magenta 1 − 0.502 → 127, yellow full; the shutter open (240…253), the dimmer full.
        let cmy = try Self.fixture("GLP/GLP-YPOC700CMY.qxf", mode: "Mode 1")
        let filters = try Self.channels(cmy, showing: [255, 128, 0])
        #expect(Array(filters[5...7]) == [0, 127, 255])
        #expect((240...253).contains(filters[11]) && filters[12] == 255, "shutter \(filters[11]), dimmer \(filters[12])")
    }

    @Test func fineColourChannelsCarryTheColourInSixteenBits() throws {
        let names = ["Red", "Red fine", "Green", "Green fine", "Blue", "Blue fine"]
        let presets = ["IntensityRed", "IntensityRedFine", "IntensityGreen", "IntensityGreenFine", "IntensityBlue", "IntensityBlueFine"]
        let par = FixtureProfile(
            manufacturer: "Test", model: "Fine par", type: "Color Changer",
            channels: zip(names, presets).map { ProfileChannel(name: $0, preset: $1) }, modes: [ProfileMode(name: "16 bit", channels: names)])
        let fixture = Fixture(name: "P", universe: 1, address: 1, profile: par.mode(named: "16 bit"), placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1)
        // (255, 128, 0): red 65535 = 0xFFFF, green 128 / 255 × 65535 = 32896 = 0x8080, blue 0.
        #expect(try Self.channels(fixture, showing: [255, 128, 0]) == [0xFF, 0xFF, 0x80, 0x80, 0, 0])
    }

    @Test func aFineDimmerCarriesTheLevelInSixteenBits() throws {
        let dimmer = FixtureProfile(
            manufacturer: "Test", model: "Fine dimmer", type: "Dimmer",
            channels: [ProfileChannel(name: "Dim", preset: "IntensityDimmer"), ProfileChannel(name: "Dim fine", preset: "IntensityDimmerFine")],
            modes: [ProfileMode(name: "16 bit", channels: ["Dim", "Dim fine"])])
        let fixture = Fixture(name: "D", universe: 1, address: 1, profile: dimmer.mode(named: "16 bit"), placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1, level: 0.5)
        // White at half level: 0.5 × 65535 = 32767.5 → 32768 = 0x8000.
        #expect(try Self.channels(fixture, showing: [255, 255, 255]) == [0x80, 0x00])
        let third = Fixture(name: "D", universe: 1, address: 1, profile: dimmer.mode(named: "16 bit"), placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1, level: 1)
        // Grey 85 (1/3): luminance 1/3 × 65535 = 21845 = 0x5555.
        #expect(try Self.channels(third, showing: [85, 85, 85]) == [0x55, 0x55])
    }

    @Test func aColourWheelIsSetToTheSlotNearestTheStagesColour() throws {
        let wheel = ProfileChannel(name: "Colour", group: "Colour", capabilities: [
            ChannelCapability(minimum: 0, maximum: 9, description: "Open / white"),
            ChannelCapability(minimum: 10, maximum: 19, description: "Red", preset: "ColorMacro", colors: ["#ff0000"]),
            ChannelCapability(minimum: 20, maximum: 29, description: "Blue", preset: "ColorMacro", colors: ["#0000ff"]),
            ChannelCapability(minimum: 30, maximum: 39, description: "Red / blue", preset: "ColorDoubleMacro", colors: ["#ff0000", "#0000ff"]),
            ChannelCapability(minimum: 128, maximum: 255, description: "Rainbow scroll slow to fast"),
        ])
        let spot = FixtureProfile(
            manufacturer: "Test", model: "Spot", type: "Moving Head",
            channels: [wheel, ProfileChannel(name: "Dimmer", preset: "IntensityDimmer")], modes: [ProfileMode(name: "2", channels: ["Colour", "Dimmer"])])
        let fixture = Fixture(name: "S", universe: 1, address: 1, profile: spot.mode(named: "2"), placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1)
        // The wheel takes the hue, the dimmer the brightness: a dark red is red's slot at 120.
        #expect(try Self.channels(fixture, showing: [120, 10, 20]) == [14, 120])
        #expect(try Self.channels(fixture, showing: [30, 40, 250]) == [24, 250])
        #expect(try Self.channels(fixture, showing: [200, 200, 200]) == [4, 200])
        #expect(try Self.channels(fixture, showing: [0, 0, 0]) == [4, 0])
    }

    @Test func theXS400sStrobeChannelHasNoOpenValueAndIsSaidUntilThePatchHoldsIt() throws {
        let head = try Self.fixture("American_DJ/American-DJ-XS-400.qxf", mode: "16 Channel")
        let channels = ProfiledChannels(try #require(head.profile), name: "Spot")
        #expect(channels.problems == ["fixture “Spot”: its channel “Strobing” has no open value in its profile (it is held at 0, dark); hold it at one (\"hold\": {\"Strobing\": N})"])
        #expect(try Self.channels(head, showing: [255, 0, 0])[9] == 0)
        let held = try Self.fixture("American_DJ/American-DJ-XS-400.qxf", mode: "16 Channel", hold: ["Strobing": 140])
        let sent = try Self.channels(held, showing: [255, 0, 0])
        #expect(sent[9] == 140)
        #expect(Array(sent[4...7]) == [255, 0, 0, 0] && sent[10] == 255)  // red, the master full
        #expect(ProfiledChannels(try #require(held.profile), hold: held.hold).problems.isEmpty)
        // "Tilt Continuous Rotation" is of the Tilt group but spins the head from 56 to 199: held at its "No Function".
        #expect(ProfiledChannels(try #require(head.profile)).roles[2] == .held(0))
        #expect(sent[2] == 0)
    }

    @Test func aSmokeMachineAndALaserStayAtTheirSafeValuesUnderAFullWhiteStage() throws {
        for (file, mode) in [("Antari/Antari-Z-1520-RGB.qxf", nil), ("Laserworld/Laserworld-PRO-800RGB.qxf", nil)] as [(String, String?)] {
            let profile = try Self.profile(file)
            let patched = try #require(profile.mode(named: mode ?? profile.modes[0].name))
            let fixture = Fixture(name: "Safe", universe: 1, address: 1, profile: patched, placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1)
            let safe = patched.channels.map { UInt8(ChannelRole.safeValue(of: $0)) }
            #expect(try Self.channels(fixture, showing: [255, 255, 255]) == safe, "\(file)")
            #expect(ProfiledChannels(patched).roles.allSatisfy { !$0.isDriven })
        }
    }

    @Test func aSmokeMachineFiredShowsWhiteAtItsLevelAndRestsWhenLetGo() throws {
        let profile = try Self.profile("Antari/Antari-Z-1520-RGB.qxf")
        let patched = try #require(profile.mode(named: profile.modes[0].name))
        let smoke = Fixture(name: "Smoke", universe: 1, address: 1, profile: patched, placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 1)
        let resting = try Self.channels(smoke, showing: [0, 0, 0])
        let fired = try Self.channels(smoke, showing: [0, 0, 0], controls: FixtureControls(firing: ["Smoke"]))
        // Fog, Red, Green, Blue, Chase, Chase Speed, Master Dimmer, Strobe: the fog on and the light white while held.
        #expect(fired[0] == 255 && Array(fired[1...3]) == [255, 255, 255] && fired[6] == 255)
        #expect(resting == patched.channels.map { UInt8(ChannelRole.safeValue(of: $0)) })
        #expect(try Self.channels(smoke, showing: [255, 255, 255], controls: FixtureControls(firing: ["Other"])) == resting)
    }

    @Test func theGenericProfilesDriveTheirChannelsExactlyAsTheKindsDo() throws {
        var random = SystemRandomNumberGenerator()
        for kind in FixtureKind.allCases {
            let profiled = Fixture(
                name: "P", universe: 1, address: 1, profile: GenericProfiles.profile(kind).mode(named: kind.rawValue),
                placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 2.2, level: 0.7)
            let kinded = Fixture(name: "K", universe: 1, address: 1, kind: kind, placement: .point(StagePoint(x: 0.5, y: 0.5)), gamma: 2.2, level: 0.7)
            for _ in 0..<50 {
                let color = SampledColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random), blue: .random(in: 0...1, using: &random))
                #expect(FixtureOutput.levels(of: color, fixture: profiled, master: 0.9) == FixtureOutput.levels(of: color, fixture: kinded, master: 0.9), "\(kind) \(color)")
            }
        }
    }
}
