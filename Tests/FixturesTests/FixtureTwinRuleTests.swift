import Fixtures
import Foundation
import Testing
import TestSupport

/// The fixture patch's numbers (Tests/fixtures/twin-rules/fixture-patch.json), which the console's form
/// (console/fixtures/fixtures-model.js, fixture-fields.js, fixture-channels.js, aim-model.js) is held to as well,
/// by `node --test`: each kind's channels, each number kept at its bounds and refused just past them, the types
/// the stage never drives, a channel's hold kept or refused in the same words, and the chords and slew of an aim.
@Suite struct FixtureTwinRuleTests {
    struct Table: Decodable {
        let kinds: [String: Int]
        let limits: [String: [Double]]
        let defaultGamma: Double
        let neverDriven: [String]
        let hold: Holds
        let aim: Aim
        let genericManufacturer: String
    }

    /// A profiled fixture, and holds of its channels kept or refused.
    struct Holds: Decodable {
        struct Case: Decodable {
            let `case`: String
            let hold: [String: Int]
            let kept: Bool?
            let refused: String?
        }
        let range: [Int]
        let fixture: Fixture
        let cases: [Case]
    }

    struct Aim: Decodable {
        let chords: [Int]
        let defaultSlew: Double
    }

    static let table: Table? = {
        let file = TwinRuleTables.file("fixture-patch.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0) }
    }()

    private func fixture(universe: Int = 1, address: Int = 1, pixels: Int? = nil, gamma: Double = 1, level: Double = 1) -> Fixture {
        let placement: FixturePlacement = pixels.map { .strip(from: StagePoint(x: 0, y: 0.5), to: StagePoint(x: 1, y: 0.5), pixels: $0) }
            ?? .point(StagePoint(x: 0.5, y: 0.5))
        return Fixture(name: "F", universe: universe, address: address, kind: .dimmer, placement: placement, gamma: gamma, level: level)
    }

    @Test func eachKindTakesTheChannelsTheTableSays() throws {
        let table = try #require(Self.table)
        #expect(Dictionary(uniqueKeysWithValues: FixtureKind.allCases.map { ($0.rawValue, $0.channelCount) }) == table.kinds)
        #expect(Fixture.defaultGamma == table.defaultGamma)
    }

    @Test func eachNumberIsKeptAtItsBoundsAndRefusedPastThem() throws {
        let limits = try #require(Self.table?.limits)
        func kept(_ fixture: Fixture) -> Bool { (try? fixture.checked()) != nil }
        let (universe, address, pixels) = (try #require(limits["universe"]), try #require(limits["address"]), try #require(limits["pixels"]))
        let (gamma, level) = (try #require(limits["gamma"]), try #require(limits["level"]))
        for bound in universe { #expect(kept(fixture(universe: Int(bound)))) }
        #expect(!kept(fixture(universe: Int(universe[0]) - 1)) && !kept(fixture(universe: Int(universe[1]) + 1)))
        for bound in address { #expect(kept(fixture(address: Int(bound)))) }
        #expect(!kept(fixture(address: Int(address[0]) - 1)) && !kept(fixture(address: Int(address[1]) + 1)))
        for bound in pixels { #expect(kept(fixture(pixels: Int(bound)))) }
        #expect(!kept(fixture(pixels: Int(pixels[0]) - 1)) && !kept(fixture(pixels: Int(pixels[1]) + 1)))
        for bound in gamma { #expect(kept(fixture(gamma: bound))) }
        #expect(!kept(fixture(gamma: gamma[0] - 0.01)) && !kept(fixture(gamma: gamma[1] + 0.01)))
        for bound in level { #expect(kept(fixture(level: bound))) }
        #expect(!kept(fixture(level: level[0] - 0.01)) && !kept(fixture(level: level[1] + 0.01)))
    }

    @Test func theTypesTheStageNeverDrivesAreTheTables() throws {
        let table = try #require(Self.table)
        #expect(Set(table.neverDriven) == ProfiledChannels.neverDriven)
        #expect(table.neverDriven.count == ProfiledChannels.neverDriven.count)
    }

    @Test func aChannelIsHeldOrRefusedAsTheTableSays() throws {
        let holds = try #require(Self.table?.hold)
        #expect(holds.range == [0, 255])
        #expect(holds.cases.contains { $0.hold.values.contains(holds.range[0]) && $0.kept == true })
        #expect(holds.cases.contains { $0.hold.values.contains(holds.range[1]) && $0.kept == true })
        for item in holds.cases {
            var fixture = holds.fixture
            fixture.hold = item.hold
            do throws(FixtureError) {
                _ = try fixture.checked()
                #expect(item.kept == true, "\(item.case): kept, where the table says: \(item.refused ?? "")")
            } catch {
                #expect(error.description == item.refused, "\(item.case)")
            }
        }
    }

    @Test func anAimFollowsTheTablesChordsAndTurnsAtItsSlewUnlessItSaysOne() throws {
        let aim = try #require(Self.table?.aim)
        #expect(FixtureAim.defaultSlew == aim.defaultSlew)
        let decoded = try JSONDecoder().decode(FixtureAim.self, from: Data(#"{"calibration": [[0, 0], [1, 0], [1, 1], [0, 1]], "follow": {"chord": 1}}"#.utf8))
        #expect(decoded.slew == aim.defaultSlew)
        func kept(_ chord: Int) -> Bool { (try? Self.head(following: chord).checked()) != nil }
        for chord in aim.chords { #expect(kept(chord), "chord \(chord)") }
        let (first, last) = (try #require(aim.chords.first), try #require(aim.chords.last))
        #expect(aim.chords == Array(first...last))
        #expect(!kept(first - 1) && !kept(last + 1))
    }

    @Test func theSearchListsAGenericProfileOfEachKindWithOneModeNamedAsTheKind() throws {
        let table = try #require(Self.table)
        let listed = FixtureProfileCatalog().search(table.genericManufacturer, limit: 500).found
        for kind in FixtureKind.allCases {
            let profile = GenericProfiles.profile(kind)
            #expect(profile.manufacturer == table.genericManufacturer)
            #expect(profile.modes.map(\.name) == [kind.rawValue])
            #expect(profile.modes.first?.channels.count == table.kinds[kind.rawValue])
            #expect(listed.contains { $0.manufacturer == profile.manufacturer && $0.model == profile.model }, "\(kind.rawValue) is listed")
        }
    }

    /// A moving head of 540° pan and 270° tilt, aimed to follow `chord`.
    private static func head(following chord: Int) -> Fixture {
        let channels = [ProfileChannel(name: "Pan", preset: "PositionPan"), ProfileChannel(name: "Tilt", preset: "PositionTilt")]
        let profile = PatchedProfile(
            manufacturer: "Test", model: "Head", mode: "2-Ch", type: "Moving Head", channels: channels, heads: [], panDegrees: 540, tiltDegrees: 270)
        let corners = [PanTilt(pan: 230, tilt: 100), PanTilt(pan: 310, tilt: 95), PanTilt(pan: 300, tilt: 160), PanTilt(pan: 240, tilt: 170)]
        return Fixture(
            name: "Head", universe: 1, address: 1, profile: profile, aim: FixtureAim(calibration: corners, follow: .chord(chord)),
            placement: .point(StagePoint(x: 0.5, y: 0)))
    }
}
